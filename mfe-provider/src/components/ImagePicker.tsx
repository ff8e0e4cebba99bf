import { useEffect, useMemo, useState, type ChangeEvent } from 'react';
import styled from 'styled-components';
import { theme } from '@altmed/web-kit';
import { IMAGE_INPUT_ACCEPT, imageFileError } from '../lib/images';

const Upload = styled.label<{ $invalid: boolean }>`
  display: grid;
  grid-template-columns: 1fr auto;
  align-items: center;
  gap: 6px 14px;
  padding: 20px;
  border: 2px dashed ${(p) => (p.$invalid ? theme.colors.danger : theme.colors.border)};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.surfaceMuted};
  cursor: pointer;
  strong {
    font-size: 15px;
  }
  span {
    font-size: 13px;
    color: ${theme.colors.textMuted};
  }
  input {
    grid-column: 1 / -1;
    font-size: 14px;
  }
  img {
    grid-row: 1 / span 2;
    grid-column: 2;
    width: 64px;
    height: 64px;
    object-fit: cover;
    border-radius: ${theme.radii.md};
  }
  &:hover,
  &:focus-within {
    border-color: ${theme.colors.primary};
  }
`;

const FieldError = styled.p`
  color: ${theme.colors.danger};
  font-size: 13px;
  margin-top: 6px;
`;

/** A preview address for the chosen file, revoked when the file changes or the picker goes away. */
function usePreviewUrl(file: File | null): string | null {
  // jsdom has no object URLs; browsers do.
  const url = useMemo(() => (file && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url;
}

export interface ImagePickerProps {
  label: string;
  hint: string;
  file: File | null;
  /** The picked file, or null when the choice was refused or cleared. */
  onPick: (file: File | null) => void;
  /** An error from outside the picker (the form's own checks). */
  error?: string | null;
}

/** One image input of step 3 and the dashboard: JPG/PNG up to 5 MB, checked on choice, with a preview. */
export function ImagePicker({ label, hint, file, onPick, error }: ImagePickerProps) {
  const [choiceError, setChoiceError] = useState<string | null>(null);
  const preview = usePreviewUrl(file);
  const shown = choiceError ?? error ?? null;

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    const refusal = chosen ? imageFileError(chosen) : null;
    setChoiceError(refusal);
    if (refusal) event.target.value = '';
    onPick(refusal ? null : chosen);
  };

  return (
    <div>
      <Upload $invalid={Boolean(shown)}>
        <strong>{label}</strong>
        <span>{hint}</span>
        {preview ? <img src={preview} alt="" /> : null}
        <input type="file" accept={IMAGE_INPUT_ACCEPT} onChange={pick} aria-invalid={Boolean(shown)} />
      </Upload>
      {shown ? <FieldError role="alert">{shown}</FieldError> : null}
    </div>
  );
}
