import { createContext, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { getSessionStore, TOKEN_STORAGE_KEY, USER_STORAGE_KEY, type SessionStore } from './sessionStore';
import { isAdminUser, type SessionUser } from './types';

const SessionContext = createContext<SessionStore | null>(null);

export interface SessionProviderProps {
  /** Defaults to the page-wide localStorage store; tests pass their own. */
  store?: SessionStore;
  children: ReactNode;
}

/** Provides the session store and keeps it in step with other tabs (storage events). */
export function SessionProvider({ store, children }: SessionProviderProps) {
  const value = store ?? getSessionStore();
  useEffect(() => {
    if (typeof window === 'undefined') return undefined;
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === TOKEN_STORAGE_KEY || event.key === USER_STORAGE_KEY) value.reload();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [value]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export interface Session {
  token: string | null;
  user: SessionUser | null;
  /** True when both a token and a user are present. */
  isLoggedIn: boolean;
  isAdmin: boolean;
  login: (token: string, user: SessionUser) => void;
  logout: () => void;
}

/**
 * The current session. Works inside a SessionProvider or, for a remote rendered on its own,
 * against the page-wide store.
 */
export function useSession(): Session {
  const store = useContext(SessionContext) ?? getSessionStore();
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  return useMemo(
    () => ({
      token: state.token,
      user: state.user,
      isLoggedIn: Boolean(state.token && state.user),
      isAdmin: isAdminUser(state.user),
      login: store.login,
      logout: store.logout,
    }),
    [state, store],
  );
}
