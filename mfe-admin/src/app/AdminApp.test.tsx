import { fireEvent, screen, within } from '@testing-library/react';
import { Messages } from '@altmed/contracts/web';
import { createSessionStore } from '@altmed/web-kit';
import { accountFixture } from '@altmed/web-kit/src/testing/fixtures';
import { setupTestServer } from '@altmed/web-kit/src/testing/httpFetch';
import { figureRoutes } from '../test/figures';
import { adminUser, renderAdmin } from '../test/renderAdmin';

const server = setupTestServer();
beforeEach(() => localStorage.clear());

describe('admin pages', () => {
  it.each([
    ['/admin/dashboard', 'Dashboard', 'Sign-ups and paid memberships per week'],
    ['/admin/analytics', 'Analytics Dashboard', 'Join funnel per week'],
  ])('%s is the %s, with its figures, no longer a placeholder', async (path, title, chart) => {
    server.setRoutes(figureRoutes());
    const store = createSessionStore(localStorage);
    store.login('t', adminUser);
    renderAdmin(path, store);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    const figure = screen.getByRole('figure', { name: chart });
    expect(await within(figure).findByRole('img')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('Coming Soon')).not.toBeInTheDocument();
    expect(screen.queryByText('This page is under development.')).not.toBeInTheDocument();
  });

  it('/admin/orders is Orders Management, no longer a placeholder', async () => {
    server.setRoutes([
      {
        method: 'GET',
        path: '/api/payments',
        status: 200,
        body: {
          payments: [],
          counts: { all: 0, open: 0, requires_action: 0, processing: 0, failed: 0, succeeded: 0, canceled: 0, refunded: 0 },
          page: 1,
          pageSize: 20,
          total: 0,
          totalPages: 1,
        },
      },
    ]);
    const store = createSessionStore(localStorage);
    store.login('t', adminUser);
    renderAdmin('/admin/orders', store);
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders Management' })).toBeInTheDocument();
    expect(await screen.findByText('No payments found.')).toBeInTheDocument();
    expect(screen.queryByText('Coming Soon')).not.toBeInTheDocument();
  });

  it('sends unknown admin paths to the home page', () => {
    const { location } = renderAdmin('/admin/nope');
    expect(location.pathname).toBe('/');
  });
});

describe('admin sidebar', () => {
  it('is hidden from visitors and plain users, who are sent to the admin login', () => {
    const store = createSessionStore(localStorage);
    store.login('t', { id: 'u', name: 'User', email: 'u@example.com', role: 'user' });
    const { location } = renderAdmin('/admin/dashboard', store);
    expect(screen.queryByRole('complementary', { name: 'Admin' })).not.toBeInTheDocument();
    expect(location.pathname).toBe('/admin/login');
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it('is shown to an admin and Sign Out goes home with the session cleared', () => {
    const store = createSessionStore(localStorage);
    store.login('t', adminUser);
    const { location } = renderAdmin('/admin/dashboard', store);
    const sidebar = screen.getByRole('complementary', { name: 'Admin' });
    for (const name of ['Dashboard', 'Providers', 'Promo Codes', 'Users', 'Orders', 'Analytics', 'Settings', 'Support']) {
      expect(within(sidebar).getByRole('link', { name })).toBeInTheDocument();
    }
    fireEvent.click(within(sidebar).getByRole('button', { name: 'Sign Out' }));
    expect(location.pathname).toBe('/');
    expect(store.getState().token).toBeNull();
  });
});

describe('admin login', () => {
  const fill = (email: string, password: string) => {
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  };

  it('renders the Admin Portal form and requires both fields', () => {
    renderAdmin('/admin/login');
    expect(screen.getByRole('heading', { name: 'Admin Portal' })).toBeInTheDocument();
    // What the admin area does today: Users and Orders, Providers and Reviews, Promo Codes, Support, the Dashboard and Analytics.
    expect(
      screen.getByText('Sign in to look after members and their payments, providers and reviews, promo codes, support messages and the site’s figures.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/manage providers and promo codes/)).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all fields');
    expect(server.requests).toHaveLength(0);
  });

  it('maps an Invalid… reply to the invalid-credentials text', async () => {
    server.setRoutes([{ method: 'POST', path: '/api/users/login', status: 401, body: { message: 'Invalid email or password' } }]);
    renderAdmin('/admin/login');
    fill('admin@example.com', 'wrong');
    fireEvent.submit(screen.getByRole('button', { name: 'Log In' }).closest('form')!);
    expect(await screen.findByText('Invalid credentials. Please check your email and password.')).toBeInTheDocument();
    expect(server.requests[0]).toMatchObject({ method: 'POST', url: '/api/users/login', body: { email: 'admin@example.com', password: 'wrong' } });
    expect(server.requests[0]?.authorization).toBeUndefined();
  });

  it('tells a blocked member who gave the right password that the account is blocked', async () => {
    server.setRoutes([{ method: 'POST', path: '/api/users/login', status: 403, body: { message: Messages.accountBlocked } }]);
    renderAdmin('/admin/login');
    fill('member@example.com', 'pw123456');
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(Messages.accountBlocked);
  });

  it('shows the server-error text for other failures', async () => {
    server.setRoutes([{ method: 'POST', path: '/api/users/login', status: 503, body: { message: 'Service unavailable' } }]);
    renderAdmin('/admin/login');
    fill('admin@example.com', 'pw123456');
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByText('Server error during login. Please try again.')).toBeInTheDocument();
  });

  it('refuses a non-admin account without storing a session', async () => {
    server.setRoutes([
      { method: 'POST', path: '/api/users/login', status: 200, body: { token: 't', user: accountFixture({ id: 'u', name: 'U', email: 'u@example.com' }) } },
    ]);
    const { store } = renderAdmin('/admin/login');
    fill('u@example.com', 'pw123456');
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByText('Access denied. Admin privileges required.')).toBeInTheDocument();
    expect(store.getState().token).toBeNull();
  });

  it('takes an admin back to the admin page that sent them to log in', async () => {
    server.setRoutes([{ method: 'POST', path: '/api/users/login', status: 200, body: { token: 'admin-token', user: adminUser } }, ...figureRoutes()]);
    const { location } = renderAdmin('/admin/analytics');
    expect(location.pathname).toBe('/admin/login');
    fill('admin@example.com', 'pw123456');
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Analytics Dashboard' })).toBeInTheDocument();
    expect(location.pathname).toBe('/admin/analytics');
  });

  it('logs an admin in and goes to /admin/providers', async () => {
    server.setRoutes([
      { method: 'POST', path: '/api/users/login', status: 200, body: { token: 'admin-token', user: adminUser } },
      { method: 'GET', path: '/api/admins/providers', status: 200, body: { providers: [], stats: { total: 0, approved: 0, pending: 0, blocked: 0 } } },
    ]);
    const { store, location } = renderAdmin('/admin/login');
    fill('admin@example.com', 'pw123456');
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Provider Management' })).toBeInTheDocument();
    expect(location.pathname).toBe('/admin/providers');
    expect(store.getState()).toMatchObject({ token: 'admin-token', user: { role: 'admin' } });
    expect(await screen.findByText('No providers found.')).toBeInTheDocument();
    expect(server.requests.at(-1)?.authorization).toBe('Bearer admin-token');
  });
});
