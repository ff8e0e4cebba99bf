import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Messages } from '@altmed/contracts/web';
import { createSessionStore, getToastStore } from '@altmed/web-kit';
import { accountFixture } from '@altmed/web-kit/src/testing/fixtures';
import { setupTestServer } from '@altmed/web-kit/src/testing/httpFetch';
import { renderApp } from '../../../test/renderApp';

const server = setupTestServer();
// The reset page is loaded lazily; its first import, a cold transform on a busy test run, outlasts findBy's wait.
beforeAll(() => import('../../password-reset'));
beforeEach(() => {
  localStorage.clear();
  getToastStore().clear();
});

const member = accountFixture({ id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com' });
const provider = accountFixture({ id: 'p1', name: 'Dr. Lee', email: 'lee@example.com', role: 'provider', providerId: 'prov-1' });
const admin = accountFixture({ id: 'a1', name: 'Administrator', email: 'admin@example.com', role: 'admin' });

function openLogin(path = '/about') {
  const utils = renderApp(path);
  fireEvent.click(screen.getByRole('button', { name: 'Login' }));
  const dialog = screen.getByRole('dialog', { name: 'Log In' });
  return { ...utils, dialog };
}

function submit(dialog: HTMLElement, email: string, password: string) {
  fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Log In' }));
}

describe('login modal', () => {
  it('asks for both fields before calling the API', () => {
    const { dialog } = openLogin();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log In' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Email and password are required');
    expect(server.requests).toHaveLength(0);
  });

  it('shows "Invalid credentials" and the invitation to join for a refused login', async () => {
    server.setRoutes([{ method: 'POST', path: '/api/users/login', status: 401, body: { message: 'Invalid email or password' } }]);
    const { dialog } = openLogin();
    submit(dialog, 'ada@example.com', 'wrong');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent("Invalid credentials. If you're new, please join.");
    expect(server.requests[0]).toMatchObject({ method: 'POST', url: '/api/users/login', body: { email: 'ada@example.com', password: 'wrong' } });
    expect(server.requests[0]!.authorization).toBeUndefined();
  });

  it('tells a blocked member, who gave the right password, that the account is blocked and links to the Contact page', async () => {
    server.setRoutes([{ method: 'POST', path: '/api/users/login', status: 403, body: { message: Messages.accountBlocked } }]);
    const { dialog, location, store } = openLogin();
    submit(dialog, 'ada@example.com', 'secret1');
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(`${Messages.accountBlocked} Go to the Contact page`);
    expect(alert).not.toHaveTextContent("If you're new, please join.");
    expect(store.getState().token).toBeNull();
    fireEvent.click(within(alert).getByRole('link', { name: 'Go to the Contact page' }));
    expect(location.pathname).toBe('/contact');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the server error text for anything else', async () => {
    server.setRoutes([{ method: 'POST', path: '/api/users/login', status: 503, body: { message: 'Service unavailable' } }]);
    const { dialog } = openLogin();
    submit(dialog, 'ada@example.com', 'secret1');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Server error during login. Please try again.');
  });

  it('resets its form and error when closed', async () => {
    server.setRoutes([{ method: 'POST', path: '/api/users/login', status: 401, body: { message: 'Invalid email or password' } }]);
    const { dialog } = openLogin();
    submit(dialog, 'ada@example.com', 'wrong');
    await within(dialog).findByRole('alert');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    const again = screen.getByRole('dialog', { name: 'Log In' });
    expect(within(again).getByLabelText('Email')).toHaveValue('');
    expect(within(again).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('links to the join flow instead', () => {
    const { dialog } = openLogin();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Join instead' }));
    expect(screen.getByRole('dialog', { name: 'What You Get with Your Membership' })).toBeInTheDocument();
  });

  it('logs a member in where they are, with the success toast and the greeting', async () => {
    server.setRoutes([{ method: 'POST', path: '/api/users/login', status: 200, body: { token: 'tok-m', user: member } }]);
    const { dialog, location, store } = openLogin('/faq');
    submit(dialog, 'ada@example.com', 'secret1');
    expect(await screen.findByRole('status')).toHaveTextContent('Logged in successfully!');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(location.pathname).toBe('/faq');
    expect(store.getState()).toEqual({ token: 'tok-m', user: member });
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(member);
  });

  it.each([
    ['a provider', provider, '/provider/profile'],
    ['an admin', admin, '/admin/providers'],
  ])('routes %s by role', async (_label, user, path) => {
    server.setRoutes([{ method: 'POST', path: '/api/users/login', status: 200, body: { token: 'tok', user } }]);
    const { dialog, location } = openLogin();
    submit(dialog, user.email, 'secret1');
    await waitFor(() => expect(location.pathname).toBe(path));
  });

  it('asks for a reset link without saying whether the account exists', async () => {
    server.setRoutes([{ method: 'POST', path: '/api/users/forgot-password', status: 202, body: { message: 'ok' } }]);
    const { dialog } = openLogin();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Forgot password?' }));
    const reset = screen.getByRole('dialog', { name: 'Reset your password' });
    fireEvent.click(within(reset).getByRole('button', { name: 'Send reset link' }));
    expect(within(reset).getByRole('alert')).toHaveTextContent('A valid email address is required');
    fireEvent.change(within(reset).getByLabelText('Email'), { target: { value: 'someone@example.com' } });
    fireEvent.click(within(reset).getByRole('button', { name: 'Send reset link' }));
    expect(await within(reset).findByRole('status')).toHaveTextContent('If an account exists for that email address, we have sent a link');
    expect(server.requests.filter((request) => request.url.startsWith('/api/'))).toEqual([
      expect.objectContaining({ url: '/api/users/forgot-password', body: { email: 'someone@example.com' } }),
    ]);
  });
});

describe('guards in the shell', () => {
  it('sends a visitor from the provider dashboard home with the spec toast and the login modal, then opens it after a provider logs in', async () => {
    server.setRoutes([{ method: 'POST', path: '/api/users/login', status: 200, body: { token: 'tok-p', user: provider } }]);
    const { location } = renderApp('/provider/profile');
    expect(location.pathname).toBe('/');
    expect(screen.getByRole('alert')).toHaveTextContent('You must be logged in as a provider to access this page.');
    const dialog = screen.getByRole('dialog', { name: 'Log In' });
    expect(dialog).toHaveTextContent('You must be logged in as a provider to access this page.');
    submit(dialog, provider.email, 'secret1');
    await waitFor(() => expect(location.pathname).toBe('/provider/profile'));
  });

  it('brings a member back to the provider profile that asked for the login', async () => {
    server.setRoutes([{ method: 'POST', path: '/api/users/login', status: 200, body: { token: 'tok-m', user: member } }]);
    const { location } = renderApp('/provider-profile/prov-9');
    expect(location.pathname).toBe('/');
    expect(screen.getByRole('alert')).toHaveTextContent('You must be logged in to view provider profiles.');
    submit(screen.getByRole('dialog', { name: 'Log In' }), member.email, 'secret1');
    await waitFor(() => expect(location.pathname).toBe('/provider-profile/prov-9'));
  });

  it('lets a logged-in member open a provider profile but not the provider dashboard', () => {
    const store = createSessionStore(localStorage);
    store.login('tok', member);
    const first = renderApp('/provider-profile/prov-9', store);
    expect(first.location.pathname).toBe('/provider-profile/prov-9');
    first.unmount();
    const second = renderApp('/provider/profile', store);
    expect(second.location.pathname).toBe('/');
    expect(screen.queryByRole('dialog', { name: 'Log In' })).not.toBeInTheDocument();
  });

  it('sends a visitor of an admin page to the admin login', () => {
    const { location } = renderApp('/admin/providers');
    expect(location.pathname).toBe('/admin/login');
  });
});

describe('page titles', () => {
  it.each([
    ['/', 'AltMed Connect: vetted alternative-medicine providers'],
    ['/faq', 'FAQ | AltMed Connect'],
    ['/privacy', 'Privacy Policy | AltMed Connect'],
    ['/reset-password', 'Choose a New Password | AltMed Connect'],
  ])('%s is titled "%s"', (path, title) => {
    renderApp(path);
    expect(document.title).toBe(title);
  });
});
