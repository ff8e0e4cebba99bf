import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { EMAIL_PATTERN, Messages } from '@altmed/contracts/web';
import { Button, Modal, TextField, isAccountBlocked, theme, toast, useSession } from '@altmed/web-kit';
import { logIn, requestPasswordReset } from '../api/auth';
import { LoginTexts, isInvalidCredentials } from '../lib/loginTexts';
import { routeAfterLogin } from '../lib/routeAfterLogin';
import { FormAlert } from '../../../components/FormAlert';

const Form = styled.form`
  display: grid;
  gap: 16px;
`;

const Lead = styled.p`
  color: ${theme.colors.textMuted};
  margin-bottom: 18px;
`;

const Reason = styled.p`
  margin-bottom: 12px;
  padding: 10px 14px;
  border-radius: ${theme.radii.md};
  background: ${theme.colors.accentSoft};
  color: ${theme.colors.text};
  font-weight: 600;
`;

const Row = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
  flex-wrap: wrap;
  gap: 12px;
`;

export const LinkButton = styled.button`
  border: none;
  background: none;
  padding: 4px 0;
  min-height: 32px;
  color: ${theme.colors.primary};
  font-weight: 600;
  text-decoration: underline;
  text-underline-offset: 3px;
  cursor: pointer;
  &:hover {
    color: ${theme.colors.primaryDark};
  }
`;

export const ResetTexts = {
  title: 'Reset your password',
  lead: 'Enter the email address of your account. We will email you a link to choose a new password.',
  sent: 'If an account exists for that email address, we have sent a link to reset the password. The link works once, for one hour.',
  emailRequired: 'A valid email address is required',
} as const;

export interface LoginDialogProps {
  onClose: () => void;
  onJoinInstead: () => void;
  /** The page that asked for this login: opened after it when the user may. */
  returnTo?: string;
  /** Why the login is asked for (a guard's text). */
  reason?: string;
}

/** The member login modal (SPEC §2, §5, §8), with a way to reset a forgotten password. */
export function LoginDialog({ onClose, onJoinInstead, returnTo, reason }: LoginDialogProps) {
  const [view, setView] = useState<'login' | 'forgot'>('login');
  return view === 'login' ? (
    <LoginView onClose={onClose} onJoinInstead={onJoinInstead} returnTo={returnTo} reason={reason} onForgot={() => setView('forgot')} />
  ) : (
    <ForgotView onClose={onClose} onBack={() => setView('login')} />
  );
}

function LoginView({ onClose, onJoinInstead, returnTo, reason, onForgot }: LoginDialogProps & { onForgot: () => void }) {
  const { login } = useSession();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // newHere: the invitation to join follows the text; toContact: the link to the Contact page (a blocked account).
  const [error, setError] = useState<{ text: string; newHere?: boolean; toContact?: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password) {
      setError({ text: LoginTexts.fieldsRequired });
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const response = await logIn(email.trim(), password);
      login(response.token, response.user);
      toast.success(LoginTexts.success);
      onClose();
      const next = routeAfterLogin(response.token, response.user, returnTo);
      if (next) void navigate(next);
    } catch (err) {
      if (isAccountBlocked(err)) setError({ text: Messages.accountBlocked, toContact: true });
      else setError(isInvalidCredentials(err) ? { text: LoginTexts.invalidCredentials, newHere: true } : { text: LoginTexts.serverError });
      setBusy(false);
    }
  };

  return (
    <Modal title="Log In" onClose={onClose}>
      {reason ? <Reason>{reason}</Reason> : null}
      <Lead>Welcome back. Log in to see provider profiles and your membership.</Lead>
      <Form onSubmit={(event) => void onSubmit(event)} noValidate>
        {error ? (
          <FormAlert key={error.text}>
            {error.text}
            {error.newHere ? (
              <>
                {'. '}
                {LoginTexts.newHere}
              </>
            ) : null}
            {error.toContact ? (
              <>
                {' '}
                <Link to="/contact" onClick={onClose}>
                  {LoginTexts.contactPage}
                </Link>
              </>
            ) : null}
          </FormAlert>
        ) : null}
        <TextField label="Email" type="email" name="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Row>
          <LinkButton type="button" onClick={onForgot}>
            Forgot password?
          </LinkButton>
          <Button type="submit" disabled={busy}>
            {busy ? 'Logging in...' : 'Log In'}
          </Button>
        </Row>
        <Row>
          <span>
            New here?{' '}
            <LinkButton type="button" onClick={onJoinInstead}>
              Join instead
            </LinkButton>
          </span>
        </Row>
      </Form>
    </Modal>
  );
}

function ForgotView({ onClose, onBack }: { onClose: () => void; onBack: () => void }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!EMAIL_PATTERN.test(email.trim())) {
      setError(ResetTexts.emailRequired);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await requestPasswordReset(email.trim());
      setSent(true);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Could not send the reset link');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal title={ResetTexts.title} onClose={onClose}>
      {sent ? (
        <>
          <Lead role="status">{ResetTexts.sent}</Lead>
          <Row>
            <LinkButton type="button" onClick={onBack}>
              Back to log in
            </LinkButton>
            <Button onClick={onClose}>Done</Button>
          </Row>
        </>
      ) : (
        <Form onSubmit={(event) => void onSubmit(event)} noValidate>
          <Lead>{ResetTexts.lead}</Lead>
          {error ? <FormAlert key={error}>{error}</FormAlert> : null}
          <TextField label="Email" type="email" name="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} />
          <Row>
            <LinkButton type="button" onClick={onBack}>
              Back to log in
            </LinkButton>
            <Button type="submit" disabled={busy}>
              {busy ? 'Sending...' : 'Send reset link'}
            </Button>
          </Row>
        </Form>
      )}
    </Modal>
  );
}
