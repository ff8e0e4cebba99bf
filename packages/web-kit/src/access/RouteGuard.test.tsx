import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { onLoginRequest } from '../auth/loginRequests';
import { SessionProvider } from '../session/SessionContext';
import { createSessionStore } from '../session/sessionStore';
import { Toaster } from '../toast/Toaster';
import { createToastStore, getToastStore } from '../toast/toastStore';
import { RouteGuard, type GuardRedirectState } from './RouteGuard';
import { GuardMessages } from './routeAccess';

beforeEach(() => {
  localStorage.clear();
  getToastStore().clear();
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname} ${(location.state as GuardRedirectState | null)?.from ?? ''}`.trim()}</p>;
}

function renderGuarded(path: string, store = createSessionStore(localStorage)) {
  const requests: (string | undefined)[] = [];
  const stop = onLoginRequest(({ returnTo, reason }) => requests.push(reason ? `${returnTo} (${reason})` : returnTo));
  const utils = render(
    <SessionProvider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/" element={<h1>Home</h1>} />
          <Route
            path="*"
            element={
              <RouteGuard>
                <h1>Protected page</h1>
              </RouteGuard>
            }
          />
        </Routes>
        <Where />
      </MemoryRouter>
      <Toaster />
    </SessionProvider>,
  );
  return { ...utils, requests, stop, store };
}

it('renders a public page for a visitor', () => {
  const { stop } = renderGuarded('/about');
  expect(screen.getByRole('heading', { name: 'Protected page' })).toBeInTheDocument();
  stop();
});

it('sends a visitor away from a provider profile with the spec toast, once, and asks for a login that returns there', () => {
  const { requests, stop } = renderGuarded('/provider-profile/p-1?tab=reviews');
  expect(screen.getByTestId('where')).toHaveTextContent('/ /provider-profile/p-1?tab=reviews');
  expect(screen.getAllByRole('alert')).toHaveLength(1);
  expect(screen.getByRole('alert')).toHaveTextContent(GuardMessages.loginForProfiles);
  expect(requests).toEqual([`/provider-profile/p-1?tab=reviews (${GuardMessages.loginForProfiles})`]);
  stop();
});

it('keeps a member out of the provider dashboard without asking for a login', () => {
  const store = createSessionStore(localStorage);
  store.login('tok', { id: 'u1', name: 'Ada', email: 'ada@example.com', role: 'user' });
  const { requests, stop } = renderGuarded('/provider/profile', store);
  expect(screen.queryByRole('heading', { name: 'Protected page' })).not.toBeInTheDocument();
  expect(screen.getByRole('alert')).toHaveTextContent(GuardMessages.providerOnly);
  expect(requests).toEqual([]);
  stop();
});

it('sends a visitor of an admin page to the admin login, remembering the page', () => {
  const { requests, stop } = renderGuarded('/admin/promo-codes');
  expect(screen.getByTestId('where')).toHaveTextContent('/admin/login /admin/promo-codes');
  expect(screen.getByRole('alert')).toHaveTextContent(GuardMessages.notAuthenticated);
  expect(requests).toEqual([]);
  stop();
});

it('shows the page to a provider, and leaves when the session ends by itself', () => {
  const store = createSessionStore(localStorage);
  store.login('tok', { id: 'p1', name: 'Dr. Lee', email: 'lee@example.com', role: 'provider' });
  const { stop } = renderGuarded('/provider/profile', store);
  expect(screen.getByRole('heading', { name: 'Protected page' })).toBeInTheDocument();
  act(() => store.unauthorized('tok'));
  expect(screen.queryByRole('heading', { name: 'Protected page' })).not.toBeInTheDocument();
  expect(screen.getByTestId('where')).toHaveTextContent(/^\/ /);
  stop();
});

describe('toasts', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('stay 5 seconds, and the same message is not stacked twice', () => {
    const store = createToastStore();
    render(<Toaster store={store} />);
    act(() => {
      store.show('error', 'Something broke');
      store.show('error', 'Something broke');
      store.show('success', 'Saved');
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Something broke');
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
    act(() => jest.advanceTimersByTime(4_999));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});

it('stays quiet when the user logs out on the page, and guards the next visit again', () => {
  const store = createSessionStore(localStorage);
  store.login('tok', { id: 'p1', name: 'Dr. Lee', email: 'lee@example.com', role: 'provider' });
  const { stop } = renderGuarded('/provider/profile', store);
  act(() => store.logout());
  expect(screen.queryByRole('heading', { name: 'Protected page' })).not.toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(screen.getByTestId('where')).toHaveTextContent('/provider/profile');
  stop();
});
