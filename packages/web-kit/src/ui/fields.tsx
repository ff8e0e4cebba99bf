import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import styled, { css } from 'styled-components';
import { theme } from '../theme';

const FieldWrap = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
`;

const Label = styled.label`
  font-size: 14px;
  font-weight: 600;
  color: ${theme.colors.text};
`;

const Optional = styled.span`
  font-weight: 400;
  color: ${theme.colors.textMuted};
`;

const control = css<{ $invalid: boolean }>`
  width: 100%;
  padding: 11px 14px;
  border-radius: ${theme.radii.md};
  border: 1.5px solid ${(p) => (p.$invalid ? theme.colors.danger : theme.colors.border)};
  background: ${theme.colors.surface};
  color: ${theme.colors.text};
  font-size: 15px;
  transition:
    border-color 0.15s ease,
    box-shadow 0.15s ease;
  &:focus {
    outline: none;
    border-color: ${theme.colors.primary};
    box-shadow: 0 0 0 3px ${theme.colors.primarySoft};
  }
  &:disabled {
    background: ${theme.colors.surfaceMuted};
  }
`;

const Input = styled.input<{ $invalid: boolean }>`
  ${control}
`;
const Select = styled.select<{ $invalid: boolean }>`
  ${control}
`;
const TextArea = styled.textarea<{ $invalid: boolean }>`
  ${control}
  resize: vertical;
  min-height: 120px;
`;

const Hint = styled.p`
  font-size: 13px;
  color: ${theme.colors.textMuted};
`;

const ErrorText = styled.p`
  font-size: 13px;
  color: ${theme.colors.danger};
`;

interface FieldChromeProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  optional?: boolean;
}

function FieldChrome({ id, label, hint, error, optional, children }: FieldChromeProps & { id: string; children: ReactNode }) {
  return (
    <FieldWrap>
      <Label htmlFor={id}>
        {label}
        {optional ? <Optional> (optional)</Optional> : null}
      </Label>
      {children}
      {hint ? <Hint id={`${id}-hint`}>{hint}</Hint> : null}
      {error ? (
        <ErrorText id={`${id}-error`} role="alert">
          {error}
        </ErrorText>
      ) : null}
    </FieldWrap>
  );
}

function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

export type TextFieldProps = FieldChromeProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'children'>;

/** A labelled text input with optional hint and error text. */
export function TextField({ label, hint, error, optional, id, ...input }: TextFieldProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <FieldChrome id={fieldId} label={label} hint={hint} error={error} optional={optional}>
      <Input id={fieldId} $invalid={Boolean(error)} aria-invalid={error ? true : undefined} aria-describedby={describedBy(fieldId, hint, error)} {...input} />
    </FieldChrome>
  );
}

export type SelectFieldProps = FieldChromeProps & SelectHTMLAttributes<HTMLSelectElement>;

/** A labelled native select. */
export function SelectField({ label, hint, error, optional, id, children, ...select }: SelectFieldProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <FieldChrome id={fieldId} label={label} hint={hint} error={error} optional={optional}>
      <Select id={fieldId} $invalid={Boolean(error)} aria-invalid={error ? true : undefined} aria-describedby={describedBy(fieldId, hint, error)} {...select}>
        {children}
      </Select>
    </FieldChrome>
  );
}

export type TextAreaFieldProps = FieldChromeProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'children'>;

/** A labelled textarea. */
export function TextAreaField({ label, hint, error, optional, id, ...textarea }: TextAreaFieldProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <FieldChrome id={fieldId} label={label} hint={hint} error={error} optional={optional}>
      <TextArea
        id={fieldId}
        $invalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, hint, error)}
        {...textarea}
      />
    </FieldChrome>
  );
}
