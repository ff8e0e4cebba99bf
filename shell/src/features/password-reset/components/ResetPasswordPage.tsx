import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { Messages, PASSWORD_MIN_LENGTH } from '@altmed/contracts/web';
import { Button, Card, NewPasswordFields, PageContainer, PageTitle, theme } from '@altmed/web-kit';
import { useAuthDialogs } from '../../../lib/authDialogs';
import { resetPassword } from '../../auth';
import { FormAlert } from '../../../components/FormAlert';

const Panel = styled(Card)`
  max-width: 480px;
  padding: 28px;
  ${theme.mobile} {
    padding: 22px 18px;
  }
`;

const Form = styled.form`
  display: grid;
  gap: 16px;
`;

const Text = styled.p`
  margin-bottom: 18px;
`;

export const ResetPageTexts = {
  title: 'Choose a new password',
  subtitle: 'Set the password you will use to log in from now on.',
  missingToken: 'This link is incomplete. Ask for a new one with "Forgot password?" in the login window.',
  mismatch: 'Passwords do not match.',
  done: 'Your password has been changed. You have been logged out everywhere else; log in with your new password.',
} as const;

/** /reset-password?token=…: the page the reset email links to (sets a new password under the sign-up rules). */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { openLogin } = useAuthDialogs();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (password.length < PASSWORD_MIN_LENGTH) return setError(Messages.passwordTooShort);
    if (password !== confirm) return setError(ResetPageTexts.mismatch);
    setError(null);
    setBusy(true);
    try {
      await resetPassword(token, password);
      setDone(true);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Could not reset the password');
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageContainer $narrow>
      <PageTitle subtitle={ResetPageTexts.subtitle}>{ResetPageTexts.title}</PageTitle>
      <Panel>
        {done ? (
          <>
            <Text role="status">{ResetPageTexts.done}</Text>
            <Button onClick={() => openLogin()}>Log In</Button>
          </>
        ) : !token ? (
          <>
            <FormAlert>{ResetPageTexts.missingToken}</FormAlert>
            <div style={{ marginTop: 16 }}>
              <Button onClick={() => openLogin()}>Log In</Button>
            </div>
          </>
        ) : (
          <Form onSubmit={(event) => void onSubmit(event)} noValidate>
            {error ? <FormAlert key={error}>{error}</FormAlert> : null}
            <NewPasswordFields
              password={password}
              confirm={confirm}
              onPasswordChange={setPassword}
              onConfirmChange={setConfirm}
              labels={{ password: 'New password', confirm: 'Confirm new password' }}
            />
            <Button type="submit" disabled={busy}>
              {busy ? 'Saving...' : 'Set new password'}
            </Button>
          </Form>
        )}
      </Panel>
    </PageContainer>
  );
}
