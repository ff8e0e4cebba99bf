import { onUnauthorized } from '../api/apiRequest';
import type { SessionState, SessionUser } from './types';

/** localStorage keys of the session (SPEC §4). */
export const TOKEN_STORAGE_KEY = 'token';
export const USER_STORAGE_KEY = 'user';

type Listener = () => void;

/** Why a session ended without the user logging out: the API refused its token, or the token ran out. */
export type SessionEndReason = 'unauthorized' | 'expired';
type EndListener = (reason: SessionEndReason) => void;

/** setTimeout's longest delay (about 24.8 days); a later expiry is re-armed when it fires. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The token's `exp` claim in milliseconds, or null when the token carries none (or is no JWT). */
export function tokenExpiresAt(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(
      payload
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(payload.length / 4) * 4, '='),
    );
    const { exp } = JSON.parse(json) as { exp?: unknown };
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/** The part of the Web Storage API the session needs. */
export type SessionStorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface SessionStore {
  getState: () => SessionState;
  subscribe: (listener: Listener) => () => void;
  /** Stores token and user together (login and signup). */
  login: (token: string, user: SessionUser) => void;
  /** Clears token and user. */
  logout: () => void;
  /** Re-reads storage, e.g. after another tab changed it. */
  reload: () => void;
  /**
   * The API answered 401 to a call made with `token`: if that is still the session's token, the
   * session is cleared and `onEnd` listeners are asked to get the user to log in again.
   */
  unauthorized: (token: string) => void;
  /** Listens for sessions that end by themselves (401 or expiry), not by logout. */
  onEnd: (listener: EndListener) => () => void;
  /** True when the last change was logout() on this page: its caller navigates away, so guards stay quiet. */
  endedByLogout: () => boolean;
}

function parseUser(raw: string | null): SessionUser | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as SessionUser) : null;
  } catch {
    return null;
  }
}

function safeGet(storage: SessionStorageLike | null, key: string): string | null {
  try {
    return storage ? storage.getItem(key) : null;
  } catch {
    return null;
  }
}

function safeRemove(storage: SessionStorageLike | null, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    /* storage unavailable (private mode, quota): the in-memory state still changes */
  }
}

/**
 * Reads the stored session. A token without a stored (readable) user is cleared from storage,
 * as is a user entry that cannot be parsed.
 */
export function readStoredSession(storage: SessionStorageLike | null): SessionState {
  const token = safeGet(storage, TOKEN_STORAGE_KEY);
  const rawUser = safeGet(storage, USER_STORAGE_KEY);
  const user = parseUser(rawUser);
  if (rawUser && !user) safeRemove(storage, USER_STORAGE_KEY);
  if (token && !user) {
    safeRemove(storage, TOKEN_STORAGE_KEY);
    return { token: null, user: null };
  }
  return { token: token || null, user };
}

/**
 * A session store over `storage`. A token with an `exp` claim is cleared when it expires (at once
 * if it is restored already expired), and `onEnd` listeners hear about it.
 */
export function createSessionStore(storage: SessionStorageLike | null, now: () => number = Date.now): SessionStore {
  let state: SessionState = readStoredSession(storage);
  const listeners = new Set<Listener>();
  const endListeners = new Set<EndListener>();
  let expiryTimer: ReturnType<typeof setTimeout> | undefined;
  let loggedOut = false;

  const clear = () => {
    safeRemove(storage, TOKEN_STORAGE_KEY);
    safeRemove(storage, USER_STORAGE_KEY);
  };

  const end = (reason: SessionEndReason) => {
    clear();
    set({ token: null, user: null });
    endListeners.forEach((listener) => listener(reason));
  };

  /** Arms (or disarms) the timer that ends the session when its token expires. */
  const watchExpiry = () => {
    clearTimeout(expiryTimer);
    expiryTimer = undefined;
    const { token } = state;
    const expiresAt = token ? tokenExpiresAt(token) : null;
    if (expiresAt === null) return;
    const remaining = expiresAt - now();
    if (remaining <= 0) {
      end('expired');
      return;
    }
    expiryTimer = setTimeout(
      () => {
        if (state.token !== token) return;
        if (expiresAt > now()) watchExpiry();
        else end('expired');
      },
      Math.min(remaining, MAX_TIMER_MS),
    );
  };

  function set(next: SessionState, byLogout = false) {
    if (next.token === state.token && next.user === state.user) return;
    loggedOut = byLogout;
    const tokenChanged = next.token !== state.token;
    state = next;
    if (tokenChanged) watchExpiry();
    listeners.forEach((listener) => listener());
  }

  // A stored token that has already expired is cleared here.
  watchExpiry();

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    login(token, user) {
      try {
        storage?.setItem(TOKEN_STORAGE_KEY, token);
        storage?.setItem(USER_STORAGE_KEY, JSON.stringify(user));
      } catch {
        /* keep the session in memory when storage is unavailable */
      }
      set({ token, user });
    },
    logout() {
      clear();
      set({ token: null, user: null }, true);
    },
    reload() {
      const next = readStoredSession(storage);
      const sameUser = JSON.stringify(next.user) === JSON.stringify(state.user);
      set({ token: next.token, user: sameUser ? state.user : next.user });
    },
    unauthorized(token) {
      if (token && token === state.token) end('unauthorized');
    },
    onEnd(listener) {
      endListeners.add(listener);
      return () => endListeners.delete(listener);
    },
    endedByLogout: () => loggedOut,
  };
}

function browserStorage(): SessionStorageLike | null {
  try {
    return typeof window !== 'undefined' && window.localStorage ? window.localStorage : null;
  } catch {
    return null;
  }
}

let defaultStore: SessionStore | null = null;

/**
 * The page-wide session store backed by localStorage. `@altmed/web-kit` is a Module Federation
 * singleton, so the shell and every remote get this same instance.
 */
export function getSessionStore(): SessionStore {
  if (!defaultStore) {
    const store = createSessionStore(browserStorage());
    onUnauthorized((token) => store.unauthorized(token));
    defaultStore = store;
  }
  return defaultStore;
}
