import styled from 'styled-components';
import { PRACTICE_DESCRIPTION_MAX_LENGTH, type Provider } from '@altmed/contracts/web';
import { TextAreaField, theme, useSession } from '@altmed/web-kit';
import { saveProfileContent } from '../../../api/providerRecord';
import { Alert } from '../../../components/ui';
import { DraftProblem, useSectionEditor, type SaveOutcome } from '../hooks/useSectionEditor';
import { EditableSection } from './EditableSection';

const Counter = styled.p`
  text-align: right;
  font-size: 13px;
  color: ${theme.colors.textMuted};
`;

const Text = styled.p`
  white-space: pre-line;
`;

export const DescriptionTexts = {
  required: 'Practice description is required',
  empty: 'No description yet.',
} as const;

/** Practice Description: the About text of the public profile, at most 1000 characters. */
export function DescriptionSection({ provider, onOutcome }: { provider: Provider; onOutcome: (outcome: SaveOutcome) => void }) {
  const { token } = useSession();
  const editor = useSectionEditor(provider, {
    draftOf: (record) => record.practiceDescription ?? '',
    save: async (description) => {
      if (!description.trim()) throw new DraftProblem(DescriptionTexts.required);
      return saveProfileContent(provider._id, token, { practiceDescription: description.trim() });
    },
    onOutcome,
  });
  const draft = editor.draft ?? '';

  return (
    <EditableSection
      title="Practice Description"
      editing={editor.editing}
      saving={editor.saving}
      onEdit={editor.edit}
      onCancel={editor.cancel}
      onSave={editor.save}
      view={<Text>{provider.practiceDescription || DescriptionTexts.empty}</Text>}
      form={
        <>
          {editor.problem ? <Alert>{editor.problem}</Alert> : null}
          <TextAreaField
            label="Practice Description"
            maxLength={PRACTICE_DESCRIPTION_MAX_LENGTH}
            rows={7}
            value={draft}
            onChange={(event) => editor.setDraft(event.target.value)}
          />
          <Counter aria-live="polite">
            {draft.length}/{PRACTICE_DESCRIPTION_MAX_LENGTH}
          </Counter>
        </>
      }
    />
  );
}
