import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { onJoinRequest, onLoginRequest, useSessionEnd } from '@altmed/web-kit';
import { LoginDialog } from '../features/auth';
import { JoinDialog } from '../features/join';
import { AuthDialogsContext, type AuthDialogs, type JoinStep } from '../lib/authDialogs';

type OpenDialog = { kind: 'login'; returnTo?: string; reason?: string } | { kind: 'join'; step: JoinStep } | null;

/**
 * Owns which auth modal is open; features open them through useAuthDialogs(), guards (in the shell
 * or a remote) through web-kit's requestLogin(), remotes' Join buttons through requestJoin(). Opens the login modal when the session ends by itself.
 */
export function AuthDialogsProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<OpenDialog>(null);
  const value = useMemo<AuthDialogs>(
    () => ({ openLogin: (returnTo) => setOpen({ kind: 'login', returnTo }), openJoin: (step = 'membership') => setOpen({ kind: 'join', step }) }),
    [],
  );
  const close = useMemo(() => () => setOpen(null), []);
  useEffect(() => onLoginRequest(({ returnTo, reason }) => setOpen({ kind: 'login', returnTo, reason })), []);
  useEffect(() => onJoinRequest(() => setOpen({ kind: 'join', step: 'membership' })), []);
  // The API refused the token or it expired: the session is gone, so ask for a new login.
  useSessionEnd(() => setOpen({ kind: 'login' }));
  return (
    <AuthDialogsContext.Provider value={value}>
      {children}
      {open?.kind === 'login' ? (
        <LoginDialog onClose={close} onJoinInstead={() => setOpen({ kind: 'join', step: 'membership' })} returnTo={open.returnTo} reason={open.reason} />
      ) : null}
      {open?.kind === 'join' ? <JoinDialog onClose={close} initialStep={open.step} /> : null}
    </AuthDialogsContext.Provider>
  );
}
