import { PASSWORD_MIN_LENGTH } from '@altmed/contracts/web';
import { TextField } from './fields';

export interface NewPasswordFieldsProps {
  password: string;
  confirm: string;
  onPasswordChange: (password: string) => void;
  onConfirmChange: (confirm: string) => void;
  /** The two labels; by default "Password" and "Confirm password". */
  labels?: { password: string; confirm: string };
}

/** A new password and its confirmation, with the sign-up rule's length as a hint; the form compares the two. */
export function NewPasswordFields({
  password,
  confirm,
  onPasswordChange,
  onConfirmChange,
  labels = { password: 'Password', confirm: 'Confirm password' },
}: NewPasswordFieldsProps) {
  return (
    <>
      <TextField
        label={labels.password}
        type="password"
        name="new-password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        value={password}
        onChange={(event) => onPasswordChange(event.target.value)}
      />
      <TextField
        label={labels.confirm}
        type="password"
        name="confirm-password"
        autoComplete="new-password"
        value={confirm}
        onChange={(event) => onConfirmChange(event.target.value)}
      />
    </>
  );
}
