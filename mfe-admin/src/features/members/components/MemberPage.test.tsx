import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemberAdminMessages, type AdminMember, type AdminPayment, type MemberActivityResponse } from '@altmed/contracts/web';
import { createSessionStore } from '@altmed/web-kit';
import type { TestRoute } from '@altmed/web-kit/src/testing/httpFetch';
import { setupTestServer } from '@altmed/web-kit/src/testing/httpFetch';
import { adminUser, renderAdmin } from '../../../test/renderAdmin';

const server = setupTestServer();
beforeEach(() => localStorage.clear());

const userId = '6a1f0c1e-1111-4222-8333-444455556666';

function memberOf(overrides: Partial<AdminMember> = {}): AdminMember {
  return {
    id: userId,
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    status: 'active',
    membership: { status: 'active', endsAt: '2027-01-15T12:00:00.000Z' },
    joinedAt: '2026-01-15T12:00:00.000Z',
    contactInfo: { phone: '555-123-4567', address: '12 Analytical Way, London', specialties: ['Nutrition', 'Acupuncture'] },
    statusHistory: [],
    ...overrides,
  };
}

const paid: AdminPayment = {
  id: 'pay-1',
  reference: 'A1B2-C3D4-E001',
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
};
const failedWithCode: AdminPayment = {
  ...paid,
  id: 'pay-2',
  reference: 'A1B2-C3D4-E002',
  amount: 5994,
  promoCode: 'HALF',
  status: 'failed',
  createdAt: '2026-01-14T12:00:00.000Z',
  paidAt: null,
};

const activity: MemberActivityResponse = {
  saved: [{ providerId: 'prov-1', providerName: 'Dr. Mara Quinn', practiceName: 'Quinn Integrative', savedAt: '2026-02-01T12:00:00.000Z' }],
  reviews: [
    {
      reviewId: 'rev-1',
      providerId: 'prov-2',
      providerName: 'Dr. Leo Park',
      satisfactionRating: 5,
      efficacyRating: 4,
      status: 'pending',
      createdAt: '2026-02-03T12:00:00.000Z',
    },
  ],
};

/** The member page's three calls, answered; `overrides` replace any of them. */
function routes({ member = memberOf(), payments = [paid, failedWithCode], memberActivity = activity, extra = [] as TestRoute[] } = {}): TestRoute[] {
  return [
    ...extra,
    { method: 'GET', path: `/api/members/${userId}`, status: 200, body: { member } },
    { method: 'GET', path: `/api/payments/members/${userId}`, status: 200, body: { payments } },
    { method: 'GET', path: `/api/admins/members/${userId}/activity`, status: 200, body: memberActivity },
  ];
}

function openMember() {
  const store = createSessionStore(localStorage);
  store.login('admin-token', adminUser);
  return renderAdmin(`/admin/users/${userId}`, store);
}

const region = (name: string) => screen.getByRole('region', { name });

it('shows the account, its payments, saved providers and reviews, with a way back to the list', async () => {
  server.setRoutes(routes());
  openMember();
  expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Back to members' })).toHaveAttribute('href', '/admin/users');

  const account = region('Account');
  for (const text of ['ada@example.com', '555-123-4567', '12 Analytical Way, London', 'Nutrition, Acupuncture', 'Ends January 15, 2027', 'January 15, 2026']) {
    expect(within(account).getByText(text)).toBeInTheDocument();
  }
  expect(within(account).getByText('Account status:').nextSibling).toHaveTextContent('Active');
  expect(within(account).getByText('Never blocked.')).toBeInTheDocument();
  expect(within(account).getByRole('button', { name: 'Block member' })).toBeEnabled();

  const payments = await within(region('Payments')).findByRole('table', { name: 'Payments' });
  const rows = within(payments)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
  expect(rows).toEqual([
    ['January 15, 2026', '$119.88', 'None', 'Paid', 'January 15, 2026', 'Resend receipt'],
    ['January 14, 2026', '$59.94', 'HALF', 'Failed', '—', '—'],
  ]);

  const saved = region('Saved providers');
  expect(await within(saved).findByRole('link', { name: 'Dr. Mara Quinn' })).toHaveAttribute('href', '/provider-profile/prov-1');
  expect(within(saved).getByText('Quinn Integrative · Saved February 1, 2026')).toBeInTheDocument();
  const reviews = region('Reviews');
  expect(within(reviews).getByRole('link', { name: 'Dr. Leo Park' })).toHaveAttribute('href', '/provider-profile/prov-2');
  expect(within(reviews).getByText('Satisfaction 5/5 · Efficacy 4/5')).toBeInTheDocument();
  expect(within(reviews).getByText('Pending')).toBeInTheDocument();

  expect(server.requests.map((r) => [r.url, r.authorization])).toEqual(
    expect.arrayContaining([
      [`/api/members/${userId}`, 'Bearer admin-token'],
      [`/api/payments/members/${userId}`, 'Bearer admin-token'],
      [`/api/admins/members/${userId}/activity`, 'Bearer admin-token'],
    ]),
  );
});

it('says what a member has none of yet', async () => {
  server.setRoutes(
    routes({
      member: memberOf({ membership: { status: 'none', endsAt: null }, contactInfo: { phone: '', address: '', specialties: [] } }),
      payments: [],
      memberActivity: { saved: [], reviews: [] },
    }),
  );
  openMember();
  expect(await screen.findByText('No payments yet.')).toBeInTheDocument();
  expect(await screen.findByText('No saved providers yet.')).toBeInTheDocument();
  expect(screen.getByText('No reviews yet.')).toBeInTheDocument();
  const account = region('Account');
  expect(within(account).getByText('No membership')).toBeInTheDocument();
  expect(within(account).getAllByText('Not given')).toHaveLength(3);
});

it('asks before blocking, sends block, and shows the account blocked with the audit line', async () => {
  const blocked = memberOf({ status: 'blocked', statusHistory: [{ action: 'block', by: 'admin@example.com', at: '2026-11-20T15:00:00.000Z' }] });
  server.setRoutes(routes({ extra: [{ method: 'PUT', path: `/api/members/${userId}/status`, status: 200, body: { member: blocked } }] }));
  openMember();
  fireEvent.click(await screen.findByRole('button', { name: 'Block member' }));

  // Cancel leaves the account alone.
  let dialog = screen.getByRole('dialog', { name: 'Block this member?' });
  expect(dialog).toHaveTextContent('Ada Lovelace (ada@example.com) will not be able to log in');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(server.requests.some((r) => r.method === 'PUT')).toBe(false);

  fireEvent.click(screen.getByRole('button', { name: 'Block member' }));
  dialog = screen.getByRole('dialog', { name: 'Block this member?' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, block' }));
  expect(await screen.findByText('Member blocked.')).toBeInTheDocument();
  expect(server.requests.find((r) => r.method === 'PUT')).toMatchObject({
    url: `/api/members/${userId}/status`,
    body: { action: 'block' },
    authorization: 'Bearer admin-token',
  });

  const account = region('Account');
  expect(within(account).getByText('Account status:').nextSibling).toHaveTextContent('Blocked');
  expect(within(account).getByText('Blocked by admin@example.com on November 20, 2026')).toBeInTheDocument();
  expect(within(account).getByRole('button', { name: 'Unblock member' })).toBeEnabled();
  expect(within(account).queryByRole('button', { name: 'Block member' })).not.toBeInTheDocument();
});

it('shows the server’s message when the change no longer applies (409), and reads the account again', async () => {
  const blocked = memberOf({ status: 'blocked', statusHistory: [{ action: 'block', by: 'other@example.com', at: '2026-11-20T15:00:00.000Z' }] });
  server.setRoutes(
    routes({
      member: blocked,
      extra: [{ method: 'PUT', path: `/api/members/${userId}/status`, status: 409, body: { message: MemberAdminMessages.notBlocked } }],
    }),
  );
  openMember();
  // Unblocking needs no confirmation.
  fireEvent.click(await screen.findByRole('button', { name: 'Unblock member' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(MemberAdminMessages.notBlocked);
  expect(server.requests.find((r) => r.method === 'PUT')?.body).toEqual({ action: 'unblock' });
  await waitFor(() => expect(server.requests.filter((r) => r.url === `/api/members/${userId}` && r.answered)).toHaveLength(2));
  expect(screen.getByText('Blocked by other@example.com on November 20, 2026')).toBeInTheDocument();
});

it('shows a failing payments call as its own error while the account and the activity still show', async () => {
  server.setRoutes(routes({ extra: [{ method: 'GET', path: `/api/payments/members/${userId}`, status: 503, body: { message: 'Billing is unavailable' } }] }));
  openMember();
  expect(await within(await screen.findByRole('region', { name: 'Payments' })).findByRole('alert')).toHaveTextContent('Billing is unavailable');
  expect(screen.getAllByRole('alert')).toHaveLength(1);
  expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeInTheDocument();
  expect(within(region('Account')).getByText('555-123-4567')).toBeInTheDocument();
  expect(await within(region('Saved providers')).findByRole('link', { name: 'Dr. Mara Quinn' })).toBeInTheDocument();
  expect(within(region('Reviews')).getByRole('link', { name: 'Dr. Leo Park' })).toBeInTheDocument();
});

it('says when the member does not exist', async () => {
  server.setRoutes(routes({ extra: [{ method: 'GET', path: `/api/members/${userId}`, status: 404, body: { message: MemberAdminMessages.memberNotFound } }] }));
  openMember();
  expect(await screen.findByRole('heading', { level: 1, name: 'Member not found' })).toBeInTheDocument();
  expect(within(region('Account')).getByRole('alert')).toHaveTextContent(MemberAdminMessages.memberNotFound);
  expect(screen.queryByRole('region', { name: 'Payments' })).not.toBeInTheDocument();
  await waitFor(() => expect(server.requests.every((r) => r.answered)).toBe(true));
});

it('shows a refunded payment’s refund, and links to the member’s payments in Orders Management', async () => {
  const byAdmin: AdminPayment = { ...paid, status: 'refunded', refund: { by: 'admin@example.com', at: '2026-03-02T10:00:00.000Z' } };
  const inStripe: AdminPayment = { ...paid, id: 'pay-3', status: 'refunded', refund: { by: null, at: '2026-02-01T10:00:00.000Z' } };
  server.setRoutes(routes({ payments: [byAdmin, inStripe] }));
  openMember();
  const payments = await within(region('Payments')).findByRole('table', { name: 'Payments' });
  const rows = within(payments)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
  // A refund is made in Orders Management: no button here, and no receipt to resend.
  expect(rows).toEqual([
    ['January 15, 2026', '$119.88', 'None', 'RefundedMarch 2, 2026 by admin@example.com', 'January 15, 2026', '—'],
    ['January 15, 2026', '$119.88', 'None', 'RefundedFebruary 1, 2026 by Stripe dashboard', 'January 15, 2026', '—'],
  ]);
  expect(within(region('Payments')).getByRole('link', { name: 'Manage in Orders' })).toHaveAttribute('href', '/admin/orders?search=ada%40example.com');
});

const resendButton = 'Resend receipt of $119.88 paid January 15, 2026';

it('offers to resend the receipt of a paid payment only, and shows its earlier resends', async () => {
  const canceled: AdminPayment = { ...failedWithCode, id: 'pay-3', status: 'canceled' };
  const resentBefore: AdminPayment = { ...paid, receiptResends: [{ by: 'other@example.com', at: '2026-03-02T10:00:00.000Z' }] };
  server.setRoutes(routes({ payments: [resentBefore, failedWithCode, canceled] }));
  openMember();
  const payments = await within(region('Payments')).findByRole('table', { name: 'Payments' });
  // One button, on the paid row (the first); none on the failed and the canceled one.
  const rows = within(payments).getAllByRole('row').slice(1);
  expect(rows.map((row) => within(row).queryAllByRole('button').length)).toEqual([1, 0, 0]);
  expect(within(payments).getByRole('button', { name: resendButton })).toBeEnabled();
  expect(within(payments).getByText('Receipt resent by other@example.com on March 2, 2026')).toBeInTheDocument();
});

it('resends a receipt, waits with the button disabled, then shows the server’s message and the resend on the payment', async () => {
  const resent: AdminPayment = { ...paid, receiptResends: [{ by: 'admin@example.com', at: '2026-11-20T15:00:00.000Z' }] };
  server.setRoutes(
    routes({
      extra: [
        {
          method: 'POST',
          path: '/api/payments/pay-1/receipt',
          status: 202,
          body: { message: MemberAdminMessages.receiptResent, payment: resent },
          delayMs: 50,
        },
      ],
    }),
  );
  openMember();
  const button = await screen.findByRole('button', { name: resendButton });
  expect(screen.queryByText(/Receipt resent by/)).not.toBeInTheDocument();
  fireEvent.click(button);
  await waitFor(() => expect(button).toBeDisabled());

  expect(await screen.findByText(MemberAdminMessages.receiptResent)).toHaveAttribute('role', 'status');
  const payments = within(region('Payments')).getByRole('table', { name: 'Payments' });
  expect(within(payments).getByText('Receipt resent by admin@example.com on November 20, 2026')).toBeInTheDocument();
  expect(within(payments).getByRole('button', { name: resendButton })).toBeEnabled();
  const posts = server.requests.filter((r) => r.method === 'POST');
  expect(posts).toHaveLength(1);
  expect(posts[0]).toMatchObject({ url: '/api/payments/pay-1/receipt', authorization: 'Bearer admin-token', body: undefined });
  // The page shows the payment the server answered; the list is not read again.
  expect(server.requests.filter((r) => r.url === `/api/payments/members/${userId}`)).toHaveLength(1);
});

it('shows the server’s message when the payment has no receipt (409), and reads the payments again', async () => {
  server.setRoutes(
    routes({ extra: [{ method: 'POST', path: '/api/payments/pay-1/receipt', status: 409, body: { message: MemberAdminMessages.receiptOnlyForPaid } }] }),
  );
  openMember();
  fireEvent.click(await screen.findByRole('button', { name: resendButton }));
  expect(await screen.findByRole('alert')).toHaveTextContent(MemberAdminMessages.receiptOnlyForPaid);
  await waitFor(() => expect(server.requests.filter((r) => r.url === `/api/payments/members/${userId}` && r.answered)).toHaveLength(2));
  expect(screen.getByRole('button', { name: resendButton })).toBeEnabled();
  expect(screen.queryByText(/Receipt resent by/)).not.toBeInTheDocument();
});
