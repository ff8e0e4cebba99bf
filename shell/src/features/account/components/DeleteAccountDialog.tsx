import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { AccountMessages, FORMER_MEMBER_NAME } from '@altmed/contracts/web';
import { ApiError, Button, Modal, TextField, theme, toast, useSession } from '@altmed/web-kit';
import { FormAlert } from '../../../components/FormAlert';
import { deleteMyAccount } from '../api/account';

const Form = styled.form`
  display: grid;
  gap: 16px;
`;

const Explanation = styled.p`
  color: ${theme.colors.textMuted};
`;

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  flex-wrap: wrap;
  gap: 8px;
`;

export const DeleteAccountTexts = {
  title: 'Delete your account?',
  explanation: `Your account, saved providers and contact details are deleted. Your reviews stay, shown as “${FORMER_MEMBER_NAME}”. Payments are kept for our accounts without your name or email. This cannot be undone.`,
  confirm: 'Delete my account',
  deleting: 'Deleting…',
} as const;

/**
 * Asks for the password before the member's account is deleted (DELETE /users/me). Deleted: the
 * session ends, the home page opens and a toast says so. A refused password stays in the dialog.
 */
export function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const { token, logout } = useSession();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    if (!password) {
      setPasswordError(AccountMessages.passwordRequired);
      return;
    }
    setPasswordError(null);
    setBusy(true);
    try {
      const message = await deleteMyAccount(token ?? '', password);
      logout();
      void navigate('/');
      toast.success(message);
    } catch (error) {
      setBusy(false);
      // 400: the password is missing or wrong, which belongs next to the field.
      if (error instanceof ApiError && error.status === 400) setPasswordError(error.message);
      else setFailure(error instanceof Error ? error.message : String(error));
    }
  }

  return (
    <Modal title={DeleteAccountTexts.title} onClose={onClose}>
      <Form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Explanation>{DeleteAccountTexts.explanation}</Explanation>
        {failure ? <FormAlert key={failure}>{failure}</FormAlert> : null}
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          error={passwordError}
          onChange={(event) => setPassword(event.target.value)}
        />
        <Actions>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={busy}>
            {busy ? DeleteAccountTexts.deleting : DeleteAccountTexts.confirm}
          </Button>
        </Actions>
      </Form>
    </Modal>
  );
}
