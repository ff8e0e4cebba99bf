import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { AdministratorMessages, PASSWORD_MIN_LENGTH } from '@altmed/contracts/web';
import { Button, Card, TextField, theme, toast, useSession } from '@altmed/web-kit';
import { Banner } from '../../../components/Banner';
import { acceptInvitation, AdministratorErrors } from '../api/administrators';

const Wrap = styled.main`
  min-height: 100vh;
  display: grid;
  place-items: center;
  padding: 24px 16px;
  background:
    radial-gradient(700px 400px at 80% 0%, rgba(217, 130, 75, 0.12), transparent 60%),
    linear-gradient(160deg, ${theme.colors.primarySoft}, ${theme.colors.background} 70%);
`;

const Panel = styled(Card)`
  width: 100%;
  max-width: 440px;
  padding: 36px 32px;
  box-shadow: ${theme.shadows.lg};
  ${theme.mobile} {
    padding: 28px 20px;
  }
`;

const Title = styled.h1`
  font-size: 30px;
  text-align: center;
`;

const Subtitle = styled.p`
  text-align: center;
  color: ${theme.colors.textMuted};
  margin: 8px 0 26px;
`;

const Invalid = styled.div`
  margin-top: 24px;
`;

const Form = styled.form`
  display: grid;
  gap: 16px;
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
    <Wrap>
      <Panel>
        <Title>{AcceptInvitationTexts.title}</Title>
        {token ? (
          <>
            <Subtitle>{AcceptInvitationTexts.subtitle}</Subtitle>
            {user ? <Subtitle>You are logged in as {user.email}: creating this account logs you out of it.</Subtitle> : null}
            {error ? <Banner tone="error">{error}</Banner> : null}
            <Form onSubmit={(event) => void onSubmit(event)} noValidate>
              <TextField label="Your name" name="name" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} />
              <TextField
                label="Password"
                type="password"
                name="new-password"
                autoComplete="new-password"
                hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
              <TextField
                label="Confirm password"
                type="password"
                name="confirm-password"
                autoComplete="new-password"
                value={confirm}
                onChange={(e) => setConfirm(e.target.value)}
              />
              <Button type="submit" size="lg" fullWidth disabled={busy}>
                {busy ? 'Creating your account...' : 'Create my account'}
              </Button>
            </Form>
          </>
        ) : (
          <Invalid>
            <Banner tone="error">{AdministratorMessages.invitationInvalid}</Banner>
          </Invalid>
        )}
      </Panel>
    </Wrap>
  );
}
