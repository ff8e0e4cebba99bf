import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, PageContainer, PageTitle } from '@altmed/web-kit';
import { saveQualifications } from '../../../api/providerRecord';
import { QualificationsFields } from '../../../components/QualificationsFields';
import { Alert, FormActions, FormCard, StepIndicator } from '../../../components/ui';
import { emptyQualificationsForm, qualificationsRequestOf } from '../../../lib/qualifications';
import { savingErrorText } from '../../../lib/savingErrors';
import { useSignupSession } from '../hooks/useSignupSession';

export const QualificationsTexts = {
  saveFailed: 'Error saving qualifications. Please try again.',
} as const;

/** Provider sign-up step 2 (SPEC §2, §5): certifications, affiliations, education, licences, specialties. */
export default function QualificationsPage() {
  const navigate = useNavigate();
  const signup = useSignupSession();
  const [form, setForm] = useState(emptyQualificationsForm);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const { request, error: formError } = qualificationsRequestOf(form);
    setError(formError);
    if (!request || !signup) return;
    setSaving(true);
    try {
      await saveQualifications(signup.providerId, signup.token, request);
      void navigate('/profile-content');
    } catch (err) {
      setError(savingErrorText(err, QualificationsTexts.saveFailed));
    } finally {
      setSaving(false);
    }
  };

  if (!signup) return null;

  return (
    <PageContainer $narrow>
      <PageTitle subtitle="Your training and licences help members choose with confidence.">Qualifications</PageTitle>
      <StepIndicator current={2} />
      <FormCard>
        {error ? <Alert>{error}</Alert> : null}
        <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Qualifications">
          <QualificationsFields value={form} onChange={setForm} />
          <FormActions>
            <Button variant="ghost" onClick={() => void navigate('/provider-portal')}>
              Back
            </Button>
            <Button type="submit" size="lg" disabled={saving}>
              {saving ? 'Saving...' : 'Continue'}
            </Button>
          </FormActions>
        </form>
      </FormCard>
    </PageContainer>
  );
}
