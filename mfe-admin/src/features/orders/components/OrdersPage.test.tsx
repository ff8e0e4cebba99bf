import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { OrderMessages } from '@altmed/contracts/web';
import { Toaster, createSessionStore, getToastStore } from '@altmed/web-kit';
import { setupTestServer } from '@altmed/web-kit/src/testing/httpFetch';
import { adminUser, renderAdmin } from '../../../test/renderAdmin';
import type { AdminOrder, AdminOrdersResponse } from '../api/orders';

const server = setupTestServer();
beforeEach(() => {
  localStorage.clear();
  getToastStore().clear();
});

const userId = '6a1f0c1e-1111-4222-8333-444455556666';

function order(overrides: Partial<AdminOrder> = {}): AdminOrder {
  const id = overrides.id ?? 'pay-1';
  return {
    id,
    reference: `A1B2-C3D4-E00${id.slice(-1)}`,
    userId,
    amount: 11988,
    currency: 'usd',
    promoCode: null,
    status: 'succeeded',
    createdAt: '2026-01-15T12:00:00.000Z',
    paidAt: '2026-01-15T12:01:00.000Z',
    receiptResends: [],
    refund: null,
    refundPending: null,
    member: { name: 'Ada Reyes', email: 'ada@example.com' },
    ...overrides,
  };
}

const noCounts = { all: 0, open: 0, requires_action: 0, processing: 0, failed: 0, succeeded: 0, canceled: 0, refunded: 0 };

function listOf(payments: AdminOrder[], extra: Partial<AdminOrdersResponse> = {}): AdminOrdersResponse {
  return {
    payments,
    counts: { ...noCounts, all: payments.length, succeeded: payments.length },
    page: 1,
    pageSize: 20,
    total: payments.length,
    totalPages: 1,
    ...extra,
  };
}

const paid = order();
const refundedByAdmin = order({ status: 'refunded', refund: { by: 'admin@example.com', at: '2026-11-20T15:00:00.000Z' } });

function openOrders(path = '/admin/orders') {
  const store = createSessionStore(localStorage);
  store.login('admin-token', adminUser);
  // The shell shows the toasts; here the test does.
  render(<Toaster />);
  return renderAdmin(path, store);
}

/** The query strings the page asked the list with, in order. */
const askedQueries = () => server.requests.filter((r) => r.method === 'GET').map((r) => new URL(r.url, 'http://test').searchParams.toString());
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
const notifications = () => screen.getByRole('region', { name: 'Notifications' });
const refundButton = 'Refund $119.88 paid January 15, 2026 by Ada Reyes';

it('lists the payments in a table, with the counts of each status in the filter, each member opening their page', async () => {
  const withCode = order({
    id: 'pay-2',
    amount: 5994,
    promoCode: 'HALF',
    status: 'refunded',
    createdAt: '2026-01-14T12:00:00.000Z',
    refund: { by: null, at: '2026-02-01T09:00:00.000Z' },
    member: { name: 'Bea Stone', email: 'bea@example.com' },
    userId: 'user-2',
  });
  const unknown = order({ id: 'pay-3', status: 'requires_action', createdAt: '2026-01-13T12:00:00.000Z', paidAt: null, member: null, userId: 'user-3' });
  const free = order({ id: 'pay-4', amount: 0, promoCode: 'FREE', createdAt: '2026-01-12T12:00:00.000Z' });
  const pending = order({
    id: 'pay-5',
    createdAt: '2026-01-11T12:00:00.000Z',
    refundPending: { by: 'admin@example.com', at: '2026-02-02T09:00:00.000Z' },
  });
  server.setRoutes([
    {
      method: 'GET',
      path: '/api/payments',
      status: 200,
      body: listOf([paid, withCode, unknown, free, pending], {
        counts: { all: 1234, open: 4, requires_action: 30, processing: 0, failed: 200, succeeded: 900, canceled: 50, refunded: 50 },
        total: 1234,
        totalPages: 62,
      }),
    },
  ]);
  openOrders();
  expect(await screen.findByRole('heading', { level: 1, name: 'Orders Management' })).toBeInTheDocument();
  const table = await screen.findByRole('table', { name: 'Payments' });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent),
  ).toEqual(['Date', 'Reference', 'Member', 'Amount', 'Status', 'Action']);
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows.map(cells)).toEqual([
    ['January 15, 2026', 'A1B2-C3D4-E001', 'Ada Reyesada@example.com', '$119.88', 'Paid', 'Refund'],
    ['January 14, 2026', 'A1B2-C3D4-E002', 'Bea Stonebea@example.com', '$59.94Promo code HALF', 'RefundedFebruary 1, 2026 by Stripe dashboard', '—'],
    ['January 13, 2026', 'A1B2-C3D4-E003', 'Unknown member', '$119.88', 'Needs authentication', '—'],
    ['January 12, 2026', 'A1B2-C3D4-E004', 'Ada Reyesada@example.com', '$0.00Promo code FREE', 'Paid', '—'],
    ['January 11, 2026', 'A1B2-C3D4-E005', 'Ada Reyesada@example.com', '$119.88', 'PaidRefund pending since February 2, 2026 by admin@example.com', '—'],
  ]);
  expect(within(rows[0]!).getByRole('link', { name: 'Ada Reyes' })).toHaveAttribute('href', `/admin/users/${userId}`);
  expect(within(rows[2]!).getByRole('link', { name: 'Unknown member' })).toHaveAttribute('href', '/admin/users/user-3');
  // Refund only on a paid payment of more than nothing, not while its refund is pending.
  expect(within(table).getAllByRole('button')).toEqual([within(rows[0]!).getByRole('button', { name: refundButton })]);

  const filter = screen.getByLabelText('Status');
  expect(
    within(filter)
      .getAllByRole('option')
      .map((option) => option.textContent),
  ).toEqual(['All (1,234)', 'Open (4)', 'Needs authentication (30)', 'Processing (0)', 'Failed (200)', 'Paid (900)', 'Canceled (50)', 'Refunded (50)']);
  expect(screen.getByText('Showing 1–20 of 1,234 payments')).toBeInTheDocument();
  expect(screen.getByRole('navigation', { name: 'Pages' })).toHaveTextContent('Page 1 of 62');
  expect(server.requests[0]).toMatchObject({ url: '/api/payments?page=1', authorization: 'Bearer admin-token' });
});

it('sends the search (after the typing stops) and the status filter, and starts again at page 1', async () => {
  server.setRoutes([
    {
      method: 'GET',
      path: '/api/payments',
      query: { search: 'ada', status: 'refunded' },
      status: 200,
      body: listOf([order({ id: 'pay-9', status: 'refunded', member: { name: 'Ada Refunded', email: 'ada@example.com' } })]),
    },
    {
      method: 'GET',
      path: '/api/payments',
      query: { search: 'ada' },
      status: 200,
      body: listOf([order({ member: { name: 'Ada Found', email: 'ada@example.com' } })]),
    },
    {
      method: 'GET',
      path: '/api/payments',
      query: { page: '2' },
      status: 200,
      body: listOf([order({ member: { name: 'Page Two', email: 'two@example.com' } })], { page: 2, totalPages: 2, total: 21 }),
    },
    {
      method: 'GET',
      path: '/api/payments',
      status: 200,
      body: listOf([order({ member: { name: 'Everyone', email: 'all@example.com' } })], { totalPages: 2, total: 21 }),
    },
  ]);
  openOrders();
  expect(await screen.findByRole('link', { name: 'Everyone' })).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  expect(await screen.findByRole('link', { name: 'Page Two' })).toBeInTheDocument();

  const search = screen.getByLabelText('Search');
  expect(search).toHaveAttribute('placeholder', 'Member name, email, promo code or reference');
  fireEvent.change(search, { target: { value: 'a' } });
  fireEvent.change(search, { target: { value: 'ad' } });
  fireEvent.change(search, { target: { value: 'ada' } });
  expect(await screen.findByRole('link', { name: 'Ada Found' })).toBeInTheDocument();
  fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'refunded' } });
  expect(await screen.findByRole('link', { name: 'Ada Refunded' })).toBeInTheDocument();

  // One request for the whole word, none for what was typed on the way; page 1 again after each change.
  expect(askedQueries()).toEqual(['page=1', 'page=2', 'search=ada&page=1', 'search=ada&status=refunded&page=1']);
});

it('starts with the search a link gives (a member’s page links here with their email)', async () => {
  server.setRoutes([{ method: 'GET', path: '/api/payments', query: { search: 'ada@example.com' }, status: 200, body: listOf([paid]) }]);
  openOrders('/admin/orders?search=ada%40example.com');
  expect(await screen.findByRole('link', { name: 'Ada Reyes' })).toBeInTheDocument();
  expect(screen.getByLabelText('Search')).toHaveValue('ada@example.com');
  expect(askedQueries()).toEqual(['search=ada%40example.com&page=1']);
});

it('asks before refunding, sends the refund, shows the server’s message and the row refunded', async () => {
  server.setRoutes([{ method: 'GET', path: '/api/payments', status: 200, body: listOf([paid]) }]);
  openOrders();
  fireEvent.click(await screen.findByRole('button', { name: refundButton }));
  const dialog = screen.getByRole('dialog', { name: 'Refund this payment?' });
  expect(dialog).toHaveTextContent('Refund $119.88 to Ada Reyes? The membership time it paid for and has not been used ends now, and the member is emailed.');

  // From now on the server has the payment refunded.
  server.setRoutes([
    { method: 'POST', path: '/api/payments/pay-1/refund', status: 200, body: { message: OrderMessages.refunded, payment: refundedByAdmin } },
    {
      method: 'GET',
      path: '/api/payments',
      status: 200,
      body: listOf([refundedByAdmin], { counts: { ...noCounts, all: 1, refunded: 1 } }),
      delayMs: 100,
    },
  ]);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, refund' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(await within(notifications()).findByRole('status')).toHaveTextContent(OrderMessages.refunded);

  // The row shows the payment the server answered.
  const table = screen.getByRole('table', { name: 'Payments' });
  await waitFor(() =>
    expect(cells(within(table).getAllByRole('row')[1]!)).toEqual([
      'January 15, 2026',
      'A1B2-C3D4-E001',
      'Ada Reyesada@example.com',
      '$119.88',
      'RefundedNovember 20, 2026 by admin@example.com',
      '—',
    ]),
  );
  expect(within(table).queryByRole('button')).not.toBeInTheDocument();
  // The counts come with the list, read again after the refund.
  expect(await screen.findByRole('option', { name: 'Refunded (1)' })).toBeInTheDocument();
  const posts = server.requests.filter((r) => r.method === 'POST');
  expect(posts).toHaveLength(1);
  expect(posts[0]).toMatchObject({ url: '/api/payments/pay-1/refund', authorization: 'Bearer admin-token', body: undefined });
  expect(askedQueries()).toEqual(['page=1', 'page=1']);
});

it('shows the server’s message when the payment cannot be refunded (409), and reads the list again', async () => {
  server.setRoutes([
    { method: 'POST', path: '/api/payments/pay-1/refund', status: 409, body: { message: OrderMessages.alreadyRefunded } },
    { method: 'GET', path: '/api/payments', status: 200, body: listOf([paid]) },
  ]);
  openOrders();
  fireEvent.click(await screen.findByRole('button', { name: refundButton }));
  fireEvent.click(within(screen.getByRole('dialog', { name: 'Refund this payment?' })).getByRole('button', { name: 'Yes, refund' }));
  expect(await within(notifications()).findByRole('alert')).toHaveTextContent(OrderMessages.alreadyRefunded);
  await waitFor(() => expect(server.requests.filter((r) => r.method === 'GET' && r.answered)).toHaveLength(2));
  await waitFor(() => expect(screen.getByRole('button', { name: refundButton })).toBeEnabled());
  expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
});

it('sends nothing when the refund is cancelled', async () => {
  server.setRoutes([{ method: 'GET', path: '/api/payments', status: 200, body: listOf([paid]) }]);
  openOrders();
  fireEvent.click(await screen.findByRole('button', { name: refundButton }));
  fireEvent.click(within(screen.getByRole('dialog', { name: 'Refund this payment?' })).getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: refundButton })).toBeEnabled();
  expect(server.requests.some((r) => r.method === 'POST')).toBe(false);
  expect(getToastStore().getToasts()).toEqual([]);
});

it('says when nothing matches, and shows the server’s message while the list is still loading (503)', async () => {
  server.setRoutes([
    { method: 'GET', path: '/api/payments', query: { search: 'nobody' }, status: 200, body: listOf([], { counts: noCounts }) },
    { method: 'GET', path: '/api/payments', status: 503, body: { message: OrderMessages.listLoading } },
  ]);
  openOrders();
  expect(await screen.findByRole('alert')).toHaveTextContent(OrderMessages.listLoading);
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
  fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'nobody' } });
  expect(await screen.findByText('No payments found.')).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  await waitFor(() => expect(server.requests.every((r) => r.answered)).toBe(true));
});
