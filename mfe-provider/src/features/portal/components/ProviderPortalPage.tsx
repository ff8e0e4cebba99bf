import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, PageContainer, PageTitle, requestLogin, TextField, useSession } from '@altmed/web-kit';
import { PracticeAddressFields } from '../../../components/PracticeAddressFields';
import { Alert, FormActions, FormCard, Grid2, Stack, StepIndicator } from '../../../components/ui';
import { createProvider } from '../api/portal';
import { getStoredProviderId, storeProviderId } from '../../../lib/signupProgress';
import { mapSignupError } from '../lib/signupErrors';
import { emptyPracticeInfo, validatePracticeField, validatePracticeInfo, type PracticeField, type PracticeInfo } from '../lib/validation';

type Errors = Partial<Record<PracticeField, string>>;

/** Provider sign-up step 1 (SPEC §2, §5): practice and person details. */
export default function ProviderPortalPage() {
  const navigate = useNavigate();
  const session = useSession();
  const [values, setValues] = useState<PracticeInfo>(emptyPracticeInfo);
  const [errors, setErrors] = useState<Errors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [emailRegistered, setEmailRegistered] = useState(false);

  const update = (field: PracticeField) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    let value = event.target.value;
    if (field === 'npiNumber') value = value.replace(/\D/g, '').slice(0, 10);
    const next = { ...values, [field]: value };
    setValues(next);
    // Errors show live while typing; confirm password follows the password too.
    setErrors((prev) => {
      const updated: Errors = { ...prev, [field]: validatePracticeField(field, next) ?? undefined };
      if (field === 'password' && next.confirmPassword) updated.confirmPassword = validatePracticeField('confirmPassword', next) ?? undefined;
      return updated;
    });
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validatePracticeInfo(values);
    setErrors(found);
    setAlert(null);
    if (Object.keys(found).length) return;
    setSaving(true);
    try {
      const { providerId, token, user } = await createProvider(values);
      session.login(token, user);
      storeProviderId(providerId);
      void navigate('/qualifications');
    } catch (error) {
      const outcome = mapSignupError(error);
      setEmailRegistered(outcome.emailRegistered);
      setErrors((prev) => ({ ...prev, ...outcome.fieldErrors }));
      setAlert(outcome.alert);
    } finally {
      setSaving(false);
    }
  };

  const field = (name: PracticeField) => ({ name, value: values[name], onChange: update(name), error: errors[name] });
  const signedUpProviderId = session.user?.role === 'provider' ? session.user.providerId : null;

  if (signedUpProviderId && signedUpProviderId === getStoredProviderId()) {
    return (
      <PageContainer $narrow>
        <PageTitle subtitle="Your practice details are saved.">Provider Sign Up</PageTitle>
        <StepIndicator current={1} />
        <FormCard>
          <p>Your practice details are saved. You can change them from your dashboard once sign-up is complete.</p>
          <FormActions>
            <span />
            <Button size="lg" onClick={() => void navigate('/qualifications')}>
              Continue
            </Button>
          </FormActions>
        </FormCard>
      </PageContainer>
    );
  }

  return (
    <PageContainer $narrow>
      <PageTitle subtitle="Tell us about your practice. It takes about five minutes.">Provider Sign Up</PageTitle>
      <StepIndicator current={1} />
      <FormCard>
        {alert ? <Alert>{alert}</Alert> : null}
        {errors.email && emailRegistered ? (
          <Alert tone="info">
            Already signed up with this email?{' '}
            <Button variant="ghost" size="sm" onClick={() => requestLogin({ returnTo: '/provider/profile' })}>
              Log in
            </Button>
          </Alert>
        ) : null}
        <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Practice information">
          <Stack>
            <Grid2>
              <TextField label="Name of Practice" autoComplete="organization" {...field('practiceName')} />
              <TextField label="Provider/Practitioner Name" autoComplete="name" {...field('providerName')} />
            </Grid2>
            <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
            <Grid2>
              <TextField label="Password" type="password" autoComplete="new-password" {...field('password')} />
              <TextField label="Confirm Password" type="password" autoComplete="new-password" {...field('confirmPassword')} />
            </Grid2>
            <TextField label="NPI Number" inputMode="numeric" maxLength={10} hint="Your 10-digit National Provider Identifier" {...field('npiNumber')} />
            <PracticeAddressFields field={field} />
          </Stack>
          <FormActions>
            <span />
            <Button type="submit" size="lg" disabled={saving}>
              {saving ? 'Saving...' : 'Continue'}
            </Button>
          </FormActions>
        </form>
      </FormCard>
    </PageContainer>
  );
}
