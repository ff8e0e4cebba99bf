import { act, render, screen } from '@testing-library/react';
import { apiRequest } from '../api/apiRequest';
import { setupTestServer } from '../testing/httpFetch';
import { SessionProvider, useSession, useSessionEnd } from './SessionContext';
import { createSessionStore, tokenExpiresAt, TOKEN_STORAGE_KEY, USER_STORAGE_KEY, type SessionEndReason } from './sessionStore';
import type { SessionUser } from './types';

const user: SessionUser = { id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com', role: 'user' };
const server = setupTestServer();

/** An unsigned JWT-shaped token with the given `exp` (seconds): the browser only reads the claim. */
function tokenExpiringAt(expSeconds: number): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'ES256' })}.${part({ sub: 'u1', exp: expSeconds })}.signature`;
}

function SessionView({ onEnd }: { onEnd: (reason: SessionEndReason) => void }) {
  const { isLoggedIn, token } = useSession();
  useSessionEnd(onEnd);
  return (
    <>
      <p>{isLoggedIn ? 'Signed in' : 'Signed out'}</p>
      <button type="button" onClick={() => void apiRequest('/users/me', { token, defaultError: 'Failed' }).catch(() => undefined)}>
        Load
      </button>
    </>
  );
}

beforeEach(() => localStorage.clear());
afterEach(() => jest.useRealTimers());

describe('a 401 from the API', () => {
  it('clears the session that sent the token and asks to log in again', async () => {
    server.setRoutes([{ method: 'GET', path: '/api/users/me', status: 401, body: { message: 'Invalid or expired token' } }]);
    const store = createSessionStore(localStorage);
    store.login('tok-1', user);
    const onEnd = jest.fn();
    render(
      <SessionProvider store={store}>
        <SessionView onEnd={onEnd} />
      </SessionProvider>,
    );
    expect(screen.getByText('Signed in')).toBeInTheDocument();
    act(() => screen.getByRole('button', { name: 'Load' }).click());
    expect(await screen.findByText('Signed out')).toBeInTheDocument();
    expect(onEnd).toHaveBeenCalledWith('unauthorized');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
    expect(server.requests[0]?.authorization).toBe('Bearer tok-1');
  });

  it('leaves a newer session alone when an old token is refused', async () => {
    server.setRoutes([{ method: 'GET', path: '/api/users/me', status: 401, body: { message: 'Invalid or expired token' } }]);
    const store = createSessionStore(localStorage);
    store.login('new-token', user);
    render(
      <SessionProvider store={store}>
        <p>page</p>
      </SessionProvider>,
    );
    await expect(apiRequest('/users/me', { token: 'old-token', defaultError: 'Failed' })).rejects.toMatchObject({ status: 401 });
    expect(store.getState().token).toBe('new-token');
  });

  it('is not a session matter when no token was sent (a failed login)', async () => {
    server.setRoutes([{ method: 'POST', path: '/api/users/login', status: 401, body: { message: 'Invalid email or password' } }]);
    const store = createSessionStore(localStorage);
    store.login('tok-1', user);
    render(
      <SessionProvider store={store}>
        <p>page</p>
      </SessionProvider>,
    );
    await expect(apiRequest('/users/login', { method: 'POST', body: {}, defaultError: 'Login failed' })).rejects.toMatchObject({ status: 401 });
    expect(store.getState().token).toBe('tok-1');
  });
});

describe('token expiry', () => {
  it('reads exp from the token', () => {
    expect(tokenExpiresAt(tokenExpiringAt(1_900_000_000))).toBe(1_900_000_000_000);
    expect(tokenExpiresAt('not-a-jwt')).toBeNull();
  });

  it('clears the session when its token expires, and says so', () => {
    jest.useFakeTimers({ now: new Date('2030-01-01T00:00:00Z') });
    const nowSeconds = Math.floor(Date.now() / 1000);
    const store = createSessionStore(localStorage);
    const onEnd = jest.fn();
    store.onEnd(onEnd);
    store.login(tokenExpiringAt(nowSeconds + 60), user);

    jest.advanceTimersByTime(59_000);
    expect(store.getState().user).toEqual(user);
    jest.advanceTimersByTime(1_000);
    expect(store.getState()).toEqual({ token: null, user: null });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(onEnd).toHaveBeenCalledWith('expired');
  });

  it('does not restore a stored token that has already expired', () => {
    jest.useFakeTimers({ now: new Date('2030-01-01T00:00:00Z') });
    localStorage.setItem(TOKEN_STORAGE_KEY, tokenExpiringAt(Math.floor(Date.now() / 1000) - 1));
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
    expect(createSessionStore(localStorage).getState()).toEqual({ token: null, user: null });
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
  });

  it('a logout before expiry disarms the timer', () => {
    jest.useFakeTimers({ now: new Date('2030-01-01T00:00:00Z') });
    const store = createSessionStore(localStorage);
    const onEnd = jest.fn();
    store.onEnd(onEnd);
    store.login(tokenExpiringAt(Math.floor(Date.now() / 1000) + 60), user);
    store.logout();
    jest.advanceTimersByTime(120_000);
    expect(onEnd).not.toHaveBeenCalled();
  });
});
