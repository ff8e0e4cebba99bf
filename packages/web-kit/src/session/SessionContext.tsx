import { createContext, useContext, useEffect, useMemo, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { onUnauthorized } from '../api/apiRequest';
import { getSessionStore, TOKEN_STORAGE_KEY, USER_STORAGE_KEY, type SessionEndReason, type SessionStore } from './sessionStore';
import { isAdminUser, type SessionUser } from './types';

const SessionContext = createContext<SessionStore | null>(null);

export interface SessionProviderProps {
  /** Defaults to the page-wide localStorage store; tests pass their own. */
  store?: SessionStore;
  children: ReactNode;
}

/**
 * Provides the session store, keeps it in step with other tabs (storage events) and ends it when
 * the API answers 401 to its token.
 */
export function SessionProvider({ store, children }: SessionProviderProps) {
  const value = store ?? getSessionStore();
  useEffect(() => onUnauthorized((token) => value.unauthorized(token)), [value]);
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
  /** Ends the session; the caller navigates where the user should land (guards leave that to it). */
  logout: () => void;
  /** The session was just ended by logout() on this page. */
  loggedOut: boolean;
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
      loggedOut: !state.token && store.endedByLogout(),
    }),
    [state, store],
  );
}

/**
 * Calls `listener` when the session ends by itself: the API refused its token (401) or the token
 * expired. The shell uses it to ask the user to log in again.
 */
export function useSessionEnd(listener: (reason: SessionEndReason) => void): void {
  const store = useContext(SessionContext) ?? getSessionStore();
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => store.onEnd((reason) => latest.current(reason)), [store]);
}
