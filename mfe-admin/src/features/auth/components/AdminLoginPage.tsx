import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { Button, Card, TextField, theme, toast, useSession, type GuardRedirectState } from '@altmed/web-kit';
import { Banner } from '../../../components/Banner';
import { AdminLoginMessages, isAdminLogin, loginErrorText, loginRequest } from '../api/loginAdmin';

const Wrap = styled.div`
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
  max-width: 420px;
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

const Form = styled.form`
  display: grid;
  gap: 16px;
`;

/** Admin login (SPEC §2, §5, §8): Enter submits; only admins get in; admins go to /admin/providers (or the admin page that sent them here). */
export function AdminLoginPage() {
  const { login } = useSession();
  const navigate = useNavigate();
  // The admin page a guard sent us here from, if any: it opens after the login.
  const from = (useLocation().state as GuardRedirectState | null)?.from;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password) {
      setError(AdminLoginMessages.fieldsRequired);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const response = await loginRequest(email.trim(), password);
      if (!isAdminLogin(response)) {
        setError(AdminLoginMessages.accessDenied);
        return;
      }
      login(response.token, response.user);
      toast.success(AdminLoginMessages.success);
      void navigate(from?.startsWith('/admin/') && from !== '/admin/login' ? from : '/admin/providers');
    } catch (err) {
      setError(loginErrorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Wrap>
      <Panel>
        <Title>Admin Portal</Title>
        <Subtitle>Sign in to look after members and their payments, providers and reviews, promo codes, support messages and the site’s figures.</Subtitle>
        {error ? <Banner tone="error">{error}</Banner> : null}
        <Form onSubmit={(event) => void onSubmit(event)} noValidate>
          <TextField label="Email" type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} />
          <TextField label="Password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          <Button type="submit" size="lg" fullWidth disabled={busy}>
            {busy ? 'Authenticating...' : 'Log In'}
          </Button>
        </Form>
      </Panel>
    </Wrap>
  );
}
