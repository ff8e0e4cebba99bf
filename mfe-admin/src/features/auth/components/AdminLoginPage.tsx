import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Button, TextField, toast, useSession, type GuardRedirectState } from '@altmed/web-kit';
import { AuthForm, AuthPanel, AuthSubtitle } from '../../../components/AuthPanel';
import { Banner } from '../../../components/Banner';
import { AdminLoginMessages, isAdminLogin, loginErrorText, loginRequest } from '../api/loginAdmin';

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
    <AuthPanel title="Admin Portal">
      <AuthSubtitle>
        Sign in to look after members and their payments, providers and reviews, promo codes, support messages and the site’s figures.
      </AuthSubtitle>
      {error ? <Banner tone="error">{error}</Banner> : null}
      <AuthForm onSubmit={(event) => void onSubmit(event)} noValidate>
        <TextField label="Email" type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} />
        <TextField label="Password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        <Button type="submit" size="lg" fullWidth disabled={busy}>
          {busy ? 'Authenticating...' : 'Log In'}
        </Button>
      </AuthForm>
    </AuthPanel>
  );
}
