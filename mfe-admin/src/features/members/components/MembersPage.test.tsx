import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminMemberSummary, AdminMembersResponse } from '@altmed/contracts/web';
import { createSessionStore } from '@altmed/web-kit';
import { setupTestServer } from '@altmed/web-kit/src/testing/httpFetch';
import { adminUser, renderAdmin } from '../../../test/renderAdmin';

const server = setupTestServer();
beforeEach(() => localStorage.clear());

function member(overrides: Partial<AdminMemberSummary> = {}): AdminMemberSummary {
  return {
    id: '6a1f0c1e-1111-4222-8333-444455556666',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    status: 'active',
    membership: { status: 'active', endsAt: '2027-01-15T12:00:00.000Z' },
    joinedAt: '2026-01-15T12:00:00.000Z',
    ...overrides,
  };
}

function listOf(members: AdminMemberSummary[], extra: Partial<AdminMembersResponse> = {}): AdminMembersResponse {
  return {
    members,
    counts: { all: members.length, none: 0, active: members.length, expired: 0 },
    page: 1,
    pageSize: 20,
    total: members.length,
    totalPages: 1,
    ...extra,
  };
}

function openMembers() {
  const store = createSessionStore(localStorage);
  store.login('admin-token', adminUser);
  return renderAdmin('/admin/users', store);
}

/** The query strings the page asked the list with, in order. */
const askedQueries = () => server.requests.filter((r) => r.method === 'GET').map((r) => new URL(r.url, 'http://test').searchParams.toString());

it('lists the members in a table, with the counts of each membership state in the filter, each name opening the member', async () => {
  const blocked = member({
    id: '6a1f0c1e-2222-4222-8333-444455556666',
    name: 'Bea Blocked',
    email: 'bea@example.com',
    status: 'blocked',
    membership: { status: 'expired', endsAt: '2026-03-01T12:00:00.000Z' },
  });
  const newcomer = member({
    id: '6a1f0c1e-3333-4222-8333-444455556666',
    name: 'Cy New',
    email: 'cy@example.com',
    membership: { status: 'none', endsAt: null },
  });
  server.setRoutes([
    {
      method: 'GET',
      path: '/api/members',
      status: 200,
      body: listOf([member(), blocked, newcomer], { counts: { all: 1234, none: 600, active: 534, expired: 100 }, total: 1234, totalPages: 62 }),
    },
  ]);
  openMembers();
  expect(await screen.findByRole('heading', { level: 1, name: 'Users Management' })).toBeInTheDocument();
  const table = await screen.findByRole('table', { name: 'Members' });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent),
  ).toEqual(['Name', 'Email', 'Membership', 'Account', 'Joined']);
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows).toHaveLength(3);
  expect(within(rows[0]!).getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute('href', '/admin/users/6a1f0c1e-1111-4222-8333-444455556666');
  expect(rows[0]).toHaveTextContent('ada@example.com');
  const cells = (row: HTMLElement) =>
    within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
  expect(cells(rows[0]!)).toEqual(['ada@example.com', 'ActiveEnds January 15, 2027', 'Active', 'January 15, 2026']);
  expect(within(rows[0]!).getByText('Ends January 15, 2027')).toBeInTheDocument();
  expect(cells(rows[1]!)).toEqual(['bea@example.com', 'ExpiredEnded March 1, 2026', 'Blocked', 'January 15, 2026']);
  expect(cells(rows[2]!)).toEqual(['cy@example.com', 'No membership', 'Active', 'January 15, 2026']);

  const filter = screen.getByLabelText('Membership');
  expect(
    within(filter)
      .getAllByRole('option')
      .map((option) => option.textContent),
  ).toEqual(['All (1,234)', 'No membership (600)', 'Active (534)', 'Expired (100)']);
  expect(screen.getByText('Showing 1–20 of 1,234 members')).toBeInTheDocument();
  expect(server.requests[0]).toMatchObject({ url: '/api/members?page=1', authorization: 'Bearer admin-token' });
});

it('sends the search (after the typing stops) and the membership filter, and starts again at page 1', async () => {
  server.setRoutes([
    { method: 'GET', path: '/api/members', query: { search: 'ada', membership: 'expired' }, status: 200, body: listOf([member({ name: 'Ada Expired' })]) },
    { method: 'GET', path: '/api/members', query: { search: 'ada' }, status: 200, body: listOf([member({ name: 'Ada Found' })]) },
    {
      method: 'GET',
      path: '/api/members',
      query: { page: '2' },
      status: 200,
      body: listOf([member({ name: 'Page Two' })], { page: 2, totalPages: 2, total: 21 }),
    },
    { method: 'GET', path: '/api/members', status: 200, body: listOf([member({ name: 'Everyone' })], { totalPages: 2, total: 21 }) },
  ]);
  openMembers();
  expect(await screen.findByRole('link', { name: 'Everyone' })).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  expect(await screen.findByRole('link', { name: 'Page Two' })).toBeInTheDocument();

  const search = screen.getByLabelText('Search');
  fireEvent.change(search, { target: { value: 'a' } });
  fireEvent.change(search, { target: { value: 'ad' } });
  fireEvent.change(search, { target: { value: 'ada' } });
  expect(await screen.findByRole('link', { name: 'Ada Found' })).toBeInTheDocument();
  fireEvent.change(screen.getByLabelText('Membership'), { target: { value: 'expired' } });
  expect(await screen.findByRole('link', { name: 'Ada Expired' })).toBeInTheDocument();

  // One request for the whole word, none for what was typed on the way; page 1 again after each change.
  expect(askedQueries()).toEqual(['page=1', 'page=2', 'search=ada&page=1', 'search=ada&membership=expired&page=1']);
});

it('pages with Previous and Next as far as the server serves pages, writing the numbers with thousands separators', async () => {
  const many = { counts: { all: 150_000, none: 50_000, active: 90_000, expired: 10_000 }, total: 150_000, totalPages: 1_000 };
  server.setRoutes([
    { method: 'GET', path: '/api/members', query: { page: '2' }, status: 200, body: listOf([member({ name: 'Second Page' })], { ...many, page: 2 }) },
    { method: 'GET', path: '/api/members', query: { page: '1' }, status: 200, body: listOf([member({ name: 'First Page' })], many) },
  ]);
  openMembers();
  expect(await screen.findByRole('link', { name: 'First Page' })).toBeInTheDocument();
  const pages = screen.getByRole('navigation', { name: 'Pages' });
  expect(pages).toHaveTextContent('Page 1 of 1,000');
  expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
  expect(screen.getByText(/^Showing 1–20 of 150,000 members; the pages stop at 1,000/)).toBeInTheDocument();
  expect(screen.getByRole('option', { name: 'Active (90,000)' })).toBeInTheDocument();

  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  expect(await screen.findByRole('link', { name: 'Second Page' })).toBeInTheDocument();
  expect(pages).toHaveTextContent('Page 2 of 1,000');
  expect(screen.getByText(/^Showing 21–40 of 150,000 members/)).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
  expect(await screen.findByRole('link', { name: 'First Page' })).toBeInTheDocument();
  // The first page came from the page's cache.
  expect(askedQueries()).toEqual(['page=1', 'page=2']);
});

it('says when nothing matches, and shows the server’s message when the list fails', async () => {
  server.setRoutes([
    { method: 'GET', path: '/api/members', query: { search: 'nobody' }, status: 200, body: listOf([], { counts: { all: 0, none: 0, active: 0, expired: 0 } }) },
    { method: 'GET', path: '/api/members', status: 503, body: { message: 'The member list is still loading; try again in a minute' } },
  ]);
  openMembers();
  expect(await screen.findByRole('alert')).toHaveTextContent('The member list is still loading; try again in a minute');
  fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'nobody' } });
  expect(await screen.findByText('No members found.')).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  await waitFor(() => expect(server.requests.every((r) => r.answered)).toBe(true));
});
