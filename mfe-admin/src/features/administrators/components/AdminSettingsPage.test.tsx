import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AdministratorMessages, type AdminInvitation, type Administrator } from '@altmed/contracts/web';
import { createSessionStore } from '@altmed/web-kit';
import { setupTestServer, type TestRoute } from '@altmed/web-kit/src/testing/httpFetch';
import { adminUser, renderAdmin } from '../../../test/renderAdmin';

const server = setupTestServer();
beforeEach(() => localStorage.clear());

const me: Administrator = { id: adminUser.id, name: adminUser.name, email: adminUser.email, since: '2025-03-01T12:00:00.000Z' };
const bob: Administrator = { id: 'a2', name: 'Bob Baker', email: 'bob@example.com', since: '2026-01-10T12:00:00.000Z' };
const carolInvited: AdminInvitation = {
  id: 'inv-1',
  email: 'carol@example.com',
  invitedBy: 'admin@example.com',
  invitedAt: '2026-05-01T10:00:00.000Z',
  expiresAt: '2026-05-03T10:00:00.000Z',
};

const listRoute = (administrators: Administrator[] = [me, bob], invitations: AdminInvitation[] = [carolInvited]): TestRoute => ({
  method: 'GET',
  path: '/api/administrators',
  status: 200,
  body: { administrators, invitations },
});

function openSettings() {
  const store = createSessionStore(localStorage);
  store.login('admin-token', adminUser);
  return renderAdmin('/admin/settings', store);
}

const region = (name: string) => screen.getByRole('region', { name });
/** Each body row's header and cells, as text. */
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
const listReads = () => server.requests.filter((r) => r.method === 'GET' && r.url === '/api/administrators' && r.answered);
const removeBob = `Remove ${bob.name} (${bob.email})`;

it('lists the administrators, marking the signed-in one, who cannot remove themselves, and the pending invitations', async () => {
  server.setRoutes([listRoute()]);
  openSettings();
  expect(await screen.findByRole('heading', { level: 1, name: 'Admin Settings' })).toBeInTheDocument();
  const administrators = await within(region('Administrators')).findByRole('table', { name: 'Administrators' });
  expect(
    within(administrators)
      .getAllByRole('columnheader')
      .map((th) => th.textContent),
  ).toEqual(['Name', 'Email', 'Since', 'Actions']);
  expect(rowsOf(administrators)).toEqual([
    ['Ada Admin (you)', 'admin@example.com', 'March 1, 2025', 'RemoveAnother administrator can remove you.'],
    ['Bob Baker', 'bob@example.com', 'January 10, 2026', 'Remove'],
  ]);
  expect(within(administrators).getByRole('button', { name: `Remove ${me.name} (${me.email})` })).toBeDisabled();
  expect(within(administrators).getByRole('button', { name: removeBob })).toBeEnabled();

  const pending = within(region('Pending invitations')).getByRole('table', { name: 'Pending invitations' });
  expect(
    within(pending)
      .getAllByRole('columnheader')
      .map((th) => th.textContent),
  ).toEqual(['Email', 'Invited by', 'Expires', 'Actions']);
  expect(rowsOf(pending)).toEqual([['carol@example.com', 'admin@example.com', 'May 3, 2026', 'Take back']]);
  expect(server.requests[0]).toMatchObject({ method: 'GET', url: '/api/administrators', authorization: 'Bearer admin-token' });
});

it('sends an invitation, says so, and lists it first among the pending ones', async () => {
  const danInvited: AdminInvitation = { ...carolInvited, id: 'inv-2', email: 'dan@example.com', expiresAt: '2026-06-12T09:00:00.000Z' };
  server.setRoutes([listRoute(), { method: 'POST', path: '/api/administrators/invitations', status: 201, body: { invitation: danInvited } }]);
  openSettings();
  await screen.findByRole('table', { name: 'Pending invitations' });
  const invite = region('Invite an administrator');
  const email = within(invite).getByLabelText('Email');
  fireEvent.change(email, { target: { value: ' dan@example.com ' } });
  fireEvent.click(within(invite).getByRole('button', { name: 'Send invitation' }));

  expect(await within(invite).findByRole('status')).toHaveTextContent('Invitation sent to dan@example.com. The link works for 48 hours.');
  expect(email).toHaveValue('');
  expect(server.requests.find((r) => r.method === 'POST')).toMatchObject({
    url: '/api/administrators/invitations',
    body: { email: 'dan@example.com' },
    authorization: 'Bearer admin-token',
  });
  expect(rowsOf(screen.getByRole('table', { name: 'Pending invitations' }))).toEqual([
    ['dan@example.com', 'admin@example.com', 'June 12, 2026', 'Take back'],
    ['carol@example.com', 'admin@example.com', 'May 3, 2026', 'Take back'],
  ]);
  // The list is not read again: the page shows the invitation the server answered.
  expect(listReads()).toHaveLength(1);
});

it('shows the server’s message when the email already has an account (409), and keeps what was typed', async () => {
  server.setRoutes([
    listRoute(),
    { method: 'POST', path: '/api/administrators/invitations', status: 409, body: { message: AdministratorMessages.emailHasAccount } },
  ]);
  openSettings();
  await screen.findByRole('table', { name: 'Pending invitations' });
  const invite = region('Invite an administrator');
  fireEvent.change(within(invite).getByLabelText('Email'), { target: { value: 'bob@example.com' } });
  fireEvent.click(within(invite).getByRole('button', { name: 'Send invitation' }));
  expect(await within(invite).findByRole('alert')).toHaveTextContent(AdministratorMessages.emailHasAccount);
  expect(within(invite).getByLabelText('Email')).toHaveValue('bob@example.com');
  expect(rowsOf(screen.getByRole('table', { name: 'Pending invitations' }))).toHaveLength(1);
});

it('asks for an email before sending anything', async () => {
  server.setRoutes([listRoute()]);
  openSettings();
  await screen.findByRole('table', { name: 'Administrators' });
  fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
  expect(screen.getByRole('alert')).toHaveTextContent('Enter the email address to invite.');
  expect(server.requests.some((r) => r.method === 'POST')).toBe(false);
});

it('asks before removing an administrator, sends DELETE, and reads the list again', async () => {
  server.setRoutes([listRoute()]);
  openSettings();
  fireEvent.click(await screen.findByRole('button', { name: removeBob }));

  // Cancel leaves the administrator alone.
  let dialog = screen.getByRole('dialog', { name: 'Remove this administrator?' });
  expect(dialog).toHaveTextContent('Bob Baker (bob@example.com) will no longer be able to manage the site');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(server.requests.some((r) => r.method === 'DELETE')).toBe(false);

  server.setRoutes([{ method: 'DELETE', path: `/api/administrators/${bob.id}`, status: 204 }, listRoute([me])]);
  fireEvent.click(screen.getByRole('button', { name: removeBob }));
  dialog = screen.getByRole('dialog', { name: 'Remove this administrator?' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, remove' }));
  expect(await screen.findByRole('status')).toHaveTextContent('Bob Baker is no longer an administrator.');
  expect(server.requests.find((r) => r.method === 'DELETE')).toMatchObject({ url: `/api/administrators/${bob.id}`, authorization: 'Bearer admin-token' });
  await waitFor(() => expect(listReads()).toHaveLength(2));
  await waitFor(() => expect(screen.queryByRole('button', { name: removeBob })).not.toBeInTheDocument());
  expect(rowsOf(screen.getByRole('table', { name: 'Administrators' }))).toHaveLength(1);
});

it('shows the server’s message when the administrator cannot be removed (409), and reads the list again', async () => {
  server.setRoutes([
    listRoute(),
    { method: 'DELETE', path: `/api/administrators/${bob.id}`, status: 409, body: { message: AdministratorMessages.lastAdministrator } },
  ]);
  openSettings();
  fireEvent.click(await screen.findByRole('button', { name: removeBob }));
  fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, remove' }));
  expect(await within(region('Administrators')).findByRole('alert')).toHaveTextContent(AdministratorMessages.lastAdministrator);
  await waitFor(() => expect(listReads()).toHaveLength(2));
  expect(screen.getByRole('button', { name: removeBob })).toBeEnabled();
});

it('takes an invitation back with DELETE and reads the list again', async () => {
  server.setRoutes([listRoute(), { method: 'DELETE', path: `/api/administrators/invitations/${carolInvited.id}`, status: 204 }]);
  openSettings();
  fireEvent.click(await screen.findByRole('button', { name: `Take back the invitation to ${carolInvited.email}` }));
  expect(await within(region('Invite an administrator')).findByRole('status')).toHaveTextContent(
    'The invitation to carol@example.com was taken back: its link no longer works.',
  );
  expect(server.requests.find((r) => r.method === 'DELETE')).toMatchObject({
    url: `/api/administrators/invitations/${carolInvited.id}`,
    authorization: 'Bearer admin-token',
  });
  await waitFor(() => expect(listReads()).toHaveLength(2));
});

it('shows the server’s message when the list cannot be read', async () => {
  server.setRoutes([{ method: 'GET', path: '/api/administrators', status: 503, body: { message: 'Identity is unavailable' } }]);
  openSettings();
  expect(await within(region('Administrators')).findByRole('alert')).toHaveTextContent('Identity is unavailable');
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
});
