import type { ChangeEvent } from 'react';
import type { Provider, ProviderBasicInfo } from '@altmed/contracts/web';
import { TextField, useSession } from '@altmed/web-kit';
import { updateBasicInfo } from '../../../api/providerRecord';
import { PracticeAddressFields } from '../../../components/PracticeAddressFields';
import { Alert, Grid2, Stack } from '../../../components/ui';
import { fieldErrorsOf } from '../../../lib/savingErrors';
import { useSectionEditor, type SaveOutcome } from '../hooks/useSectionEditor';
import { EditableSection } from './EditableSection';
import { Details, type DetailRow } from './Details';

type BasicField = keyof ProviderBasicInfo;
type BasicInfoDraft = Record<BasicField, string>;

const draftOf = (provider: Provider): BasicInfoDraft => ({
  practiceName: provider.practiceName ?? '',
  providerName: provider.providerName ?? '',
  email: provider.email ?? '',
  npiNumber: provider.npiNumber ?? '',
  address: provider.address ?? '',
  suite: provider.suite ?? '',
  city: provider.city ?? '',
  state: provider.state ?? '',
  zip: provider.zip ?? '',
  phone: provider.phone ?? '',
});

/** Basic Information: the practice, the person, how to reach them and where. */
export function BasicInfoSection({ provider, onOutcome }: { provider: Provider; onOutcome: (outcome: SaveOutcome) => void }) {
  const { token } = useSession();
  const editor = useSectionEditor(provider, {
    draftOf,
    save: ({ phone, ...info }) => updateBasicInfo(provider._id, token, { ...info, ...(phone.trim() ? { phone: phone.trim() } : {}) }),
    onOutcome,
  });
  const fieldErrors = fieldErrorsOf(editor.error);
  const hasFieldErrors = Object.keys(fieldErrors).length > 0;

  const rows: DetailRow[] = [
    ['Practice', provider.practiceName],
    ['Provider', provider.providerName],
    ['Email', provider.email],
    ['Phone', provider.phone],
    ['NPI Number', provider.npiNumber],
    ['Address', [provider.address, provider.suite, provider.city, provider.state, provider.zip].filter(Boolean).join(', ')],
  ];

  const field = (name: BasicField) => ({
    name,
    value: editor.draft?.[name] ?? '',
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
      if (editor.draft) editor.setDraft({ ...editor.draft, [name]: event.target.value });
    },
    error: fieldErrors[name],
  });

  return (
    <EditableSection
      title="Basic Information"
      editing={editor.editing}
      saving={editor.saving}
      onEdit={editor.edit}
      onCancel={editor.cancel}
      onSave={editor.save}
      view={<Details rows={rows} />}
      form={
        <Stack>
          {editor.problem && !hasFieldErrors ? <Alert>{editor.problem}</Alert> : null}
          <Grid2>
            <TextField label="Name of Practice" autoComplete="organization" {...field('practiceName')} />
            <TextField label="Provider/Practitioner Name" autoComplete="name" {...field('providerName')} />
          </Grid2>
          <Grid2>
            <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
            <TextField label="Phone Number" type="tel" optional placeholder="000-000-0000" autoComplete="tel" {...field('phone')} />
          </Grid2>
          <TextField label="NPI Number" inputMode="numeric" maxLength={10} {...field('npiNumber')} />
          <PracticeAddressFields field={field} />
        </Stack>
      }
    />
  );
}
