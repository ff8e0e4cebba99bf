import type { Provider } from '@altmed/contracts/web';
import { useSession } from '@altmed/web-kit';
import { saveQualifications } from '../../../api/providerRecord';
import { QualificationsFields } from '../../../components/QualificationsFields';
import { Alert } from '../../../components/ui';
import { qualificationsFormOf, qualificationsRequestOf } from '../../../lib/qualifications';
import { DraftProblem, useSectionEditor, type SaveOutcome } from '../hooks/useSectionEditor';
import { Details } from './Details';
import { EditableSection } from './EditableSection';

const licences = (provider: Provider) =>
  provider.stateLicenses?.map((license) =>
    [license.state, license.licenseNumber && `licence ${license.licenseNumber}`, license.deaNumber && `DEA ${license.deaNumber}`].filter(Boolean).join(' · '),
  );

/** Qualifications: the same lists as step 2, with the provider's own DEA numbers. */
export function QualificationsSection({ provider, onOutcome }: { provider: Provider; onOutcome: (outcome: SaveOutcome) => void }) {
  const { token } = useSession();
  const editor = useSectionEditor(provider, {
    draftOf: qualificationsFormOf,
    save: async (form) => {
      const { request, error } = qualificationsRequestOf(form);
      if (!request) throw new DraftProblem(error);
      return saveQualifications(provider._id, token, request);
    },
    onOutcome,
  });

  return (
    <EditableSection
      title="Qualifications"
      editing={editor.editing}
      saving={editor.saving}
      onEdit={editor.edit}
      onCancel={editor.cancel}
      onSave={editor.save}
      view={
        <Details
          rows={[
            ['Specialties', provider.specialties],
            ['Board certifications', provider.boardCertifications],
            ['Hospital affiliations', provider.hospitalAffiliations],
            ['Education and training', provider.educationAndTraining],
            ['State licences', licences(provider)],
          ]}
        />
      }
      form={
        editor.draft ? (
          <>
            {editor.problem ? <Alert>{editor.problem}</Alert> : null}
            <QualificationsFields value={editor.draft} onChange={editor.setDraft} />
          </>
        ) : null
      }
    />
  );
}
