import type { SessionState, SessionUser } from './types';

/** localStorage keys of the session (SPEC §4). */
export const TOKEN_STORAGE_KEY = 'token';
export const USER_STORAGE_KEY = 'user';

type Listener = () => void;

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

export function createSessionStore(storage: SessionStorageLike | null): SessionStore {
  let state: SessionState = readStoredSession(storage);
  const listeners = new Set<Listener>();

  const set = (next: SessionState) => {
    if (next.token === state.token && next.user === state.user) return;
    state = next;
    listeners.forEach((listener) => listener());
  };

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
      safeRemove(storage, TOKEN_STORAGE_KEY);
      safeRemove(storage, USER_STORAGE_KEY);
      set({ token: null, user: null });
    },
    reload() {
      const next = readStoredSession(storage);
      const sameUser = JSON.stringify(next.user) === JSON.stringify(state.user);
      set({ token: next.token, user: sameUser ? state.user : next.user });
    },
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
  if (!defaultStore) defaultStore = createSessionStore(browserStorage());
  return defaultStore;
}
