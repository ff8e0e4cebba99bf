import { act, fireEvent, screen } from '@testing-library/react';
import { createSessionStore } from '@altmed/web-kit';
import { REMOTE_UNAVAILABLE_TITLE } from '../../../federation/RemoteArea';
import { renderApp } from '../../../test/renderApp';

beforeEach(() => localStorage.clear());

describe('header', () => {
  it('shows Provider Sign Up, Login and Join when logged out', () => {
    renderApp('/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const name of ['How It Works', 'About', 'FAQ', 'Provider Sign Up']) expect(screen.getAllByRole('link', { name }).length).toBeGreaterThan(0);
    expect(nav).toContainElement(screen.getByRole('button', { name: 'Login' }));
    expect(nav).toContainElement(screen.getByRole('button', { name: 'Join' }));
  });

  it('greets a logged-in user and logs out to /login (which lands on /)', () => {
    const store = createSessionStore(localStorage);
    store.login('token', { id: 'u1', name: 'Ada', email: 'ada@example.com', role: 'user' });
    const { location } = renderApp('/about', store);
    expect(screen.getByText('Ada')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Provider Sign Up', hidden: false })).toBeInTheDocument(); // footer keeps its link
    expect(screen.getByRole('navigation', { name: 'Main' })).not.toHaveTextContent('Provider Sign Up');
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(store.getState().token).toBeNull();
    expect(location.pathname).toBe('/');
  });
});

describe('routing', () => {
  it('redirects unknown paths to the home page', () => {
    const { location } = renderApp('/no/such/page');
    expect(location.pathname).toBe('/');
    expect(screen.getByRole('heading', { level: 1, name: /alternative medicine/i })).toBeInTheDocument();
  });

  it('renders the public information pages', () => {
    renderApp('/faq');
    expect(screen.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeInTheDocument();
  });
});

/**
 * The admin area's fallback comes after the whole app has rendered the route, the remote's load has
 * failed and its boundary has rendered again: on a test run's busy 2-core machine that has taken more
 * than findBy's default second. What is checked is that it comes, so the wait is the test's own.
 */
const FALLBACK_WAIT = { timeout: 10_000 };

describe('footer', () => {
  let now = 0;
  beforeEach(() => {
    now = 1_000_000;
    jest.spyOn(Date, 'now').mockImplementation(() => now);
  });
  afterEach(() => jest.restoreAllMocks());
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));

  it('shows the 2025 copyright', () => {
    renderApp('/');
    expect(screen.getByText(/© 2025/)).toBeInTheDocument();
  });

  const adminStore = () => {
    const store = createSessionStore(localStorage);
    store.login('admin-token', { id: 'a1', name: 'Admin', email: 'admin@example.com', role: 'admin', isAdmin: true });
    return store;
  };

  it('opens /admin/promo-codes after five clicks, each within 2 s of the previous', async () => {
    const { location } = renderApp('/', adminStore());
    const button = screen.getByTestId('admin-entrance');
    for (let i = 0; i < 5; i += 1) {
      act(() => {
        fireEvent.click(button);
      });
      now += 1900;
    }
    expect(location.pathname).toBe('/admin/promo-codes');
    // No remotes in jsdom: the admin area settles on its fallback.
    expect(await screen.findByText(REMOTE_UNAVAILABLE_TITLE, {}, FALLBACK_WAIT)).toBeInTheDocument();
  });

  it('starts counting again after a gap of more than 2 s', async () => {
    const { location } = renderApp('/', adminStore());
    const button = screen.getByTestId('admin-entrance');
    const click = (gap: number) => {
      now += gap;
      fireEvent.click(button);
    };
    click(0);
    click(500);
    click(500);
    click(500);
    click(2500); // too slow: this is click 1 again
    expect(location.pathname).toBe('/');
    click(100);
    click(100);
    click(100);
    expect(location.pathname).toBe('/');
    click(100);
    expect(location.pathname).toBe('/admin/promo-codes');
    expect(await screen.findByText(REMOTE_UNAVAILABLE_TITLE, {}, FALLBACK_WAIT)).toBeInTheDocument();
  });

  it('sends a visitor who is not an admin on to the admin login', () => {
    const { location } = renderApp('/');
    const button = screen.getByTestId('admin-entrance');
    for (let i = 0; i < 5; i += 1) fireEvent.click(button);
    expect(location.pathname).toBe('/admin/login');
  });
});
