import { createSessionStore, readStoredSession, TOKEN_STORAGE_KEY, USER_STORAGE_KEY } from './sessionStore';
import type { SessionUser } from './types';

const user: SessionUser = { id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com', role: 'user' };

beforeEach(() => window.localStorage.clear());

describe('session restore (SPEC §4)', () => {
  it('restores token and user from localStorage', () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'tok-1');
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
    const store = createSessionStore(localStorage);
    expect(store.getState()).toEqual({ token: 'tok-1', user });
  });

  it('clears a token that has no stored user', () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'orphan');
    const store = createSessionStore(localStorage);
    expect(store.getState()).toEqual({ token: null, user: null });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('treats an unreadable stored user as missing and clears both', () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
    localStorage.setItem(USER_STORAGE_KEY, '{not json');
    expect(readStoredSession(localStorage)).toEqual({ token: null, user: null });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
  });

  it('starts empty when nothing is stored', () => {
    expect(createSessionStore(localStorage).getState()).toEqual({ token: null, user: null });
  });

  it('works without storage at all', () => {
    const store = createSessionStore(null);
    store.login('t', user);
    expect(store.getState().user).toEqual(user);
  });
});

describe('login and logout', () => {
  it('login stores both and notifies subscribers; logout clears both', () => {
    const store = createSessionStore(localStorage);
    const listener = jest.fn();
    store.subscribe(listener);

    store.login('tok-2', user);
    expect(store.getState()).toEqual({ token: 'tok-2', user });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('tok-2');
    expect(JSON.parse(localStorage.getItem(USER_STORAGE_KEY) ?? 'null')).toEqual(user);
    expect(listener).toHaveBeenCalledTimes(1);

    store.logout();
    expect(store.getState()).toEqual({ token: null, user: null });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('keeps the same snapshot object until something changes', () => {
    const store = createSessionStore(localStorage);
    const first = store.getState();
    store.logout();
    expect(store.getState()).toBe(first);
  });

  it('reload picks up changes made by another tab', () => {
    const store = createSessionStore(localStorage);
    localStorage.setItem(TOKEN_STORAGE_KEY, 'from-other-tab');
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
    store.reload();
    expect(store.getState()).toEqual({ token: 'from-other-tab', user });
  });
});
