import { fireEvent, screen } from '@testing-library/react';
import { AdministratorMessages } from '@altmed/contracts/web';
import { authFixture } from '@altmed/web-kit/src/testing/fixtures';
import { setupTestServer } from '@altmed/web-kit/src/testing/httpFetch';
import { renderAdmin } from '../../../test/renderAdmin';

const server = setupTestServer();
beforeEach(() => localStorage.clear());

const path = '/admin/accept-invitation?token=invite-token-1';

/** Opens the page as a visitor (nobody logged in): the form shows, no redirect to the admin login. */
async function openInvitation(at = path) {
  const rendered = renderAdmin(at);
  expect(await screen.findByRole('heading', { level: 1, name: 'Become an administrator' })).toBeInTheDocument();
  expect(rendered.location.pathname).toBe('/admin/accept-invitation');
  return rendered;
}

function fill(name: string, password: string, confirm: string) {
  fireEvent.change(screen.getByLabelText('Your name'), { target: { value: name } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: confirm } });
  fireEvent.click(screen.getByRole('button', { name: 'Create my account' }));
}

it('says when the two passwords differ, without sending anything', async () => {
  await openInvitation();
  fill('Nora New', 'secret123', 'secret124');
  expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match');
  expect(server.requests).toHaveLength(0);
});

it('creates the administrator, stores the session as the admin login does and opens the providers', async () => {
  const answer = authFixture({ id: 'a9', name: 'Nora New', email: 'nora@example.com', role: 'admin' }, 'new-admin-token');
  server.setRoutes([
    { method: 'POST', path: '/api/administrators/invitations/accept', status: 201, body: answer },
    { method: 'GET', path: '/api/admins/providers', status: 200, body: { providers: [], stats: { total: 0, approved: 0, pending: 0, blocked: 0 } } },
  ]);
  const { store, location } = await openInvitation();
  fill(' Nora New ', 'secret123', 'secret123');

  expect(await screen.findByRole('heading', { level: 1, name: 'Provider Management' })).toBeInTheDocument();
  expect(location.pathname).toBe('/admin/providers');
  expect(server.requests[0]).toMatchObject({
    method: 'POST',
    url: '/api/administrators/invitations/accept',
    body: { token: 'invite-token-1', name: 'Nora New', password: 'secret123' },
  });
  expect(server.requests[0]?.authorization).toBeUndefined();
  expect(store.getState()).toMatchObject({ token: 'new-admin-token', user: { id: 'a9', role: 'admin' } });
  expect(await screen.findByText('No providers found.')).toBeInTheDocument();
  expect(server.requests.at(-1)?.authorization).toBe('Bearer new-admin-token');
});

it('shows the server’s message when the link no longer works (400) and stores no session', async () => {
  server.setRoutes([
    { method: 'POST', path: '/api/administrators/invitations/accept', status: 400, body: { message: AdministratorMessages.invitationInvalid } },
  ]);
  const { store, location } = await openInvitation();
  fill('Nora New', 'secret123', 'secret123');
  expect(await screen.findByRole('alert')).toHaveTextContent(AdministratorMessages.invitationInvalid);
  expect(screen.getByRole('button', { name: 'Create my account' })).toBeEnabled();
  expect(store.getState().token).toBeNull();
  expect(location.pathname).toBe('/admin/accept-invitation');
});

it('says the link is invalid when it has no token, and offers no form', async () => {
  await openInvitation('/admin/accept-invitation');
  expect(screen.getByRole('alert')).toHaveTextContent(AdministratorMessages.invitationInvalid);
  expect(screen.queryByRole('button', { name: 'Create my account' })).not.toBeInTheDocument();
  expect(server.requests).toHaveLength(0);
});
