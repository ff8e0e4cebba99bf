import type { FormEvent, ReactNode } from 'react';
import styled from 'styled-components';
import { Button, Card } from '@altmed/web-kit';

const SectionHead = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: 12px;
  margin-bottom: 12px;
  h2 {
    font-size: 20px;
  }
`;

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 10px;
  margin-top: 20px;
`;

export interface EditableSectionProps {
  title: string;
  editing: boolean;
  saving: boolean;
  onEdit: () => void;
  onCancel: () => void;
  onSave: () => void;
  /** What the section shows while not editing. */
  view: ReactNode;
  /** The form fields while editing. */
  form: ReactNode;
}

/** A dashboard section (SPEC §2, §4): view, or a form with Cancel (discards) and Save Changes. */
export function EditableSection({ title, editing, saving, onEdit, onCancel, onSave, view, form }: EditableSectionProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave();
  };
  return (
    <Card as="section" aria-label={title}>
      <SectionHead>
        <h2>{title}</h2>
        {editing ? null : (
          <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${title}`}>
            Edit
          </Button>
        )}
      </SectionHead>
      {editing ? (
        <form onSubmit={submit} noValidate>
          {form}
          <Actions>
            <Button variant="ghost" onClick={onCancel} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? 'Saving...' : 'Save Changes'}
            </Button>
          </Actions>
        </form>
      ) : (
        view
      )}
    </Card>
  );
}
