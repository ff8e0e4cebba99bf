import { act, render, screen } from '@testing-library/react';
import { SessionProvider, useSession } from './SessionContext';
import { createSessionStore, TOKEN_STORAGE_KEY, USER_STORAGE_KEY } from './sessionStore';

function Greeting() {
  const session = useSession();
  return <p>{session.isLoggedIn ? `Hi ${session.user?.name}${session.isAdmin ? ' (admin)' : ''}` : 'Signed out'}</p>;
}

function LogoutButton() {
  const { logout } = useSession();
  return (
    <button type="button" onClick={logout}>
      Logout
    </button>
  );
}

beforeEach(() => localStorage.clear());

describe('useSession', () => {
  it('shares one store between every consumer', () => {
    const store = createSessionStore(localStorage);
    render(
      <SessionProvider store={store}>
        <Greeting />
        <LogoutButton />
      </SessionProvider>,
    );
    expect(screen.getByText('Signed out')).toBeInTheDocument();

    act(() => store.login('t', { id: '1', name: 'Grace', email: 'g@example.com', role: 'admin' }));
    expect(screen.getByText('Hi Grace (admin)')).toBeInTheDocument();

    act(() => screen.getByRole('button', { name: 'Logout' }).click());
    expect(screen.getByText('Signed out')).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('recognises an admin by the isAdmin flag', () => {
    const store = createSessionStore(localStorage);
    store.login('t', { id: '2', name: 'Lin', email: 'l@example.com', role: 'user', isAdmin: true });
    render(
      <SessionProvider store={store}>
        <Greeting />
      </SessionProvider>,
    );
    expect(screen.getByText('Hi Lin (admin)')).toBeInTheDocument();
  });

  it('follows storage events from other tabs', () => {
    const store = createSessionStore(localStorage);
    render(
      <SessionProvider store={store}>
        <Greeting />
      </SessionProvider>,
    );
    localStorage.setItem(TOKEN_STORAGE_KEY, 'x');
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify({ id: '3', name: 'Mo', email: 'm@example.com', role: 'user' }));
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: TOKEN_STORAGE_KEY }));
    });
    expect(screen.getByText('Hi Mo')).toBeInTheDocument();
  });

  it('falls back to the page-wide store without a provider', () => {
    render(<Greeting />);
    expect(screen.getByText('Signed out')).toBeInTheDocument();
  });
});
