import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { AdministratorMessages } from '@altmed/contracts/web';
import { Button, NewPasswordFields, TextField, toast, useSession } from '@altmed/web-kit';
import { AuthForm, AuthPanel, AuthSubtitle } from '../../../components/AuthPanel';
import { Banner } from '../../../components/Banner';
import { acceptInvitation, AdministratorErrors } from '../api/administrators';

const Invalid = styled.div`
  margin-top: 24px;
`;

export const AcceptInvitationTexts = {
  title: 'Become an administrator',
  subtitle: 'Choose the name and password of your administrator account.',
  mismatch: 'Passwords do not match',
  welcome: 'Welcome! Your administrator account is ready.',
} as const;

/**
 * /admin/accept-invitation?token=…, the page an invitation email links to (open to anyone: the
 * link's token is the proof). Creates the administrator, then stores the session as the admin
 * login does and opens /admin/providers.
 */
export function AcceptInvitationPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { login, user } = useSession();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (password !== confirm) {
      setError(AcceptInvitationTexts.mismatch);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const response = await acceptInvitation({ token, name: name.trim(), password });
      login(response.token, response.user);
      toast.success(AcceptInvitationTexts.welcome);
      // Replaced, so Back does not return to the used link (its token stays out of the history).
      void navigate('/admin/providers', { replace: true });
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : AdministratorErrors.accept);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthPanel title={AcceptInvitationTexts.title} landmark>
      {token ? (
        <>
          <AuthSubtitle>{AcceptInvitationTexts.subtitle}</AuthSubtitle>
          {user ? <AuthSubtitle>You are logged in as {user.email}: creating this account logs you out of it.</AuthSubtitle> : null}
          {error ? <Banner tone="error">{error}</Banner> : null}
          <AuthForm onSubmit={(event) => void onSubmit(event)} noValidate>
            <TextField label="Your name" name="name" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} />
            <NewPasswordFields password={password} confirm={confirm} onPasswordChange={setPassword} onConfirmChange={setConfirm} />
            <Button type="submit" size="lg" fullWidth disabled={busy}>
              {busy ? 'Creating your account...' : 'Create my account'}
            </Button>
          </AuthForm>
        </>
      ) : (
        <Invalid>
          <Banner tone="error">{AdministratorMessages.invitationInvalid}</Banner>
        </Invalid>
      )}
    </AuthPanel>
  );
}
