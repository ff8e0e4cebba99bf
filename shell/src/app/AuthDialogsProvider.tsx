import { useMemo, useState, type ReactNode } from 'react';
import { useSessionEnd } from '@altmed/web-kit';
import { JoinDialog } from '../features/auth/components/JoinDialog';
import { LoginDialog } from '../features/auth/components/LoginDialog';
import { AuthDialogsContext, type AuthDialogs } from '../lib/authDialogs';

/** Owns which auth modal is open; features open them through useAuthDialogs(). Opens the login modal when the session ends by itself. */
export function AuthDialogsProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<'login' | 'join' | null>(null);
  const value = useMemo<AuthDialogs>(() => ({ openLogin: () => setOpen('login'), openJoin: () => setOpen('join') }), []);
  const close = useMemo(() => () => setOpen(null), []);
  // The API refused the token or it expired: the session is gone, so ask for a new login.
  useSessionEnd(() => setOpen('login'));
  return (
    <AuthDialogsContext.Provider value={value}>
      {children}
      {open === 'login' ? <LoginDialog onClose={close} onJoinInstead={() => setOpen('join')} /> : null}
      {open === 'join' ? <JoinDialog onClose={close} /> : null}
    </AuthDialogsContext.Provider>
  );
}
