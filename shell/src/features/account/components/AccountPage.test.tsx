import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AccountMessages, type Membership } from '@altmed/contracts/web';
import { createSessionStore, getToastStore } from '@altmed/web-kit';
import { accountFixture } from '@altmed/web-kit/src/testing/fixtures';
import { setupTestServer } from '@altmed/web-kit/src/testing/httpFetch';
import { renderApp } from '../../../test/renderApp';

const server = setupTestServer();
// The page is loaded lazily; its first import, a cold transform on a busy test run, outlasts findBy's wait.
beforeAll(() => import('./AccountPage'));
beforeEach(() => {
  localStorage.clear();
  getToastStore().clear();
});

function memberSession() {
  const store = createSessionStore(localStorage);
  store.login('member-token', { id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com', role: 'user' });
  return store;
}

function providerSession() {
  const store = createSessionStore(localStorage);
  store.login('provider-token', { id: 'u9', name: 'Maya Patel', email: 'maya@example.com', role: 'provider', providerId: 'p9' });
  return store;
}

const me = (membership: Membership) => ({
  method: 'GET',
  path: '/api/users/me',
  status: 200,
  body: { user: accountFixture({ id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com', membership }) },
});

describe('/account', () => {
  it('shows an active membership, its end date and the last receipt, from the greeting in the header', async () => {
    server.setRoutes([
      me({ status: 'active', endsAt: '2027-11-23T10:00:00.000Z' }),
      {
        method: 'GET',
        path: '/api/payments/receipts',
        status: 200,
        body: {
          receipts: [
            {
              paymentId: 'pay-2',
              reference: '1B9D-6BCD-BBFD',
              amount: 5994,
              currency: 'usd',
              promoCode: 'HALF',
              paidAt: '2026-11-23T10:00:00.000Z',
              refundedAt: null,
              refundPendingSince: null,
            },
          ],
        },
      },
      { method: 'GET', path: '/api/saved-providers', status: 200, body: { providers: [] } },
    ]);
    renderApp('/', memberSession());
    fireEvent.click(screen.getByRole('link', { name: /Hello, Ada Lovelace/ }));

    expect(await screen.findByText('Your membership is active until November 23, 2027.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'My Membership' })).toBeInTheDocument();
    // The membership and the receipts are two calls: either may answer first.
    const receipt = await screen.findByRole('region', { name: 'Last receipt' });
    expect(within(receipt).getByText('59.94 USD')).toBeInTheDocument();
    expect(within(receipt).getByText('November 23, 2026')).toBeInTheDocument();
    expect(within(receipt).getByText('HALF')).toBeInTheDocument();
    expect(within(receipt).getByText('1B9D-6BCD-BBFD')).toBeInTheDocument();
    const calls = server.requests.filter((request) => request.url !== '/remotes.json');
    expect(calls.map((request) => request.authorization)).toEqual(['Bearer member-token', 'Bearer member-token', 'Bearer member-token']);
    expect(await screen.findByText(/You have not saved any providers yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find providers' })).toHaveAttribute('href', '/providers');
  });

  it('says on the last receipt that a refund is under way while the card’s bank has not answered, and nothing of it otherwise', async () => {
    const receipt = { paymentId: 'pay-3', reference: '7F3A-0B2C-91DE', amount: 11988, currency: 'usd', promoCode: null, paidAt: '2026-11-23T10:00:00.000Z' };
    const routes = (refundPendingSince: string | null) => [
      me({ status: 'active', endsAt: '2027-11-23T10:00:00.000Z' }),
      { method: 'GET', path: '/api/payments/receipts', status: 200, body: { receipts: [{ ...receipt, refundedAt: null, refundPendingSince }] } },
      { method: 'GET', path: '/api/saved-providers', status: 200, body: { providers: [] } },
    ];
    server.setRoutes(routes('2026-12-02T10:00:00.000Z'));
    const pending = renderApp('/account', memberSession());
    const panel = await screen.findByRole('region', { name: 'Last receipt' });
    expect(within(panel).getByText('Refund')).toBeInTheDocument();
    expect(
      within(panel).getByText(
        'Under way since December 2, 2026, waiting for your card’s bank. The membership this payment bought ends once the refund goes through.',
      ),
    ).toBeInTheDocument();
    // Still paid: the membership stands until the bank answers.
    expect(await screen.findByText('Your membership is active until November 23, 2027.')).toBeInTheDocument();
    expect(within(panel).queryByText('Refunded')).not.toBeInTheDocument();
    pending.unmount();

    server.setRoutes(routes(null));
    renderApp('/account', memberSession());
    const paid = await screen.findByRole('region', { name: 'Last receipt' });
    expect(within(paid).getByText('7F3A-0B2C-91DE')).toBeInTheDocument();
    expect(within(paid).queryByText('Refund')).not.toBeInTheDocument();
    expect(within(paid).queryByText(/Under way since/)).not.toBeInTheDocument();
  });

  it('lists the saved providers with links to their profiles, and removes one', async () => {
    const saved = [
      {
        _id: 'p1',
        providerName: 'Dr. Maya Patel',
        practiceName: 'Green Valley Wellness',
        specialties: [],
        city: 'Austin',
        state: 'TX',
        totalReviews: 0,
        averageRating: 0,
      },
      {
        _id: 'p2',
        providerName: 'Dr. Liam Chen',
        practiceName: 'Harbor Acupuncture',
        specialties: [],
        city: 'Portland',
        state: 'OR',
        totalReviews: 0,
        averageRating: 0,
      },
    ];
    server.setRoutes([
      me({ status: 'active', endsAt: '2027-11-23T10:00:00.000Z' }),
      { method: 'GET', path: '/api/payments/receipts', status: 200, body: { receipts: [] } },
      { method: 'GET', path: '/api/saved-providers', status: 200, body: { providers: saved } },
      { method: 'DELETE', path: '/api/saved-providers/p1', status: 204 },
    ]);
    renderApp('/account', memberSession());
    const panel = await screen.findByRole('region', { name: 'Saved providers' });
    expect(within(panel).getByRole('link', { name: 'Dr. Maya Patel' })).toHaveAttribute('href', '/provider-profile/p1');
    expect(within(panel).getByText('Harbor Acupuncture · Portland, OR')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'See them in the directory' })).toHaveAttribute('href', '/providers?saved=true');
    expect(within(panel).getByRole('link', { name: 'Compare them side by side' })).toHaveAttribute('href', '/compare?ids=p1,p2');

    server.setRoutes([
      me({ status: 'active', endsAt: '2027-11-23T10:00:00.000Z' }),
      { method: 'GET', path: '/api/payments/receipts', status: 200, body: { receipts: [] } },
      { method: 'GET', path: '/api/saved-providers', status: 200, body: { providers: saved.slice(1) } },
      { method: 'DELETE', path: '/api/saved-providers/p1', status: 204 },
    ]);
    fireEvent.click(within(panel).getByRole('button', { name: 'Remove Dr. Maya Patel from saved providers' }));
    await waitFor(() => expect(within(panel).queryByRole('link', { name: 'Dr. Maya Patel' })).not.toBeInTheDocument());
    // One saved provider is nothing to compare.
    expect(within(panel).queryByRole('link', { name: 'Compare them side by side' })).not.toBeInTheDocument();
    expect(server.requests.filter((request) => request.method === 'DELETE').map((request) => request.url)).toEqual(['/api/saved-providers/p1']);
    await waitFor(() => expect(server.requests.every((request) => request.answered)).toBe(true));
  });

  it('offers to join when there is no membership yet, and logs out', async () => {
    server.setRoutes([
      me({ status: 'none', endsAt: null }),
      { method: 'GET', path: '/api/payments/receipts', status: 200, body: { receipts: [] } },
      { method: 'GET', path: '/api/saved-providers', status: 200, body: { providers: [] } },
    ]);
    const store = memberSession();
    const { location } = renderApp('/account', store);
    expect(await screen.findByText('No payments yet.')).toBeInTheDocument();
    expect(await screen.findByText('Not a member')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Join Now' }));
    expect(screen.getByRole('dialog', { name: 'What You Get with Your Membership' })).toBeInTheDocument();
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));

    fireEvent.click(screen.getAllByRole('button', { name: 'Logout' }).at(-1)!);
    expect(store.getState().token).toBeNull();
    expect(location.pathname).toBe('/');
  });

  it('is for members only: a visitor is sent home and asked to log in', () => {
    const { location } = renderApp('/account');
    expect(location.pathname).toBe('/');
    expect(screen.getByRole('dialog', { name: 'Log In' })).toBeInTheDocument();
    expect(server.requests.filter((request) => request.url.startsWith('/api/'))).toHaveLength(0);
  });
});

describe('/account: renewing', () => {
  const page = (membership: Membership) => [
    me(membership),
    { method: 'GET', path: '/api/payments/receipts', status: 200, body: { receipts: [] } },
    { method: 'GET', path: '/api/saved-providers', status: 200, body: { providers: [] } },
  ];

  it('lets an active member renew early, straight to the payment method: the account has their details', async () => {
    server.setRoutes(page({ status: 'active', endsAt: '2027-11-23T10:00:00.000Z' }));
    renderApp('/account', memberSession());
    const membership = await screen.findByRole('region', { name: 'Membership' });
    expect(await within(membership).findByText('Renewing now adds a year to your membership from its current end date.')).toBeInTheDocument();
    fireEvent.click(within(membership).getByRole('button', { name: 'Renew membership' }));

    const method = screen.getByRole('dialog', { name: 'Choose Payment Method' });
    expect(screen.queryByRole('dialog', { name: 'Contact Information' })).not.toBeInTheDocument();
    // Back shows what the membership gives and its price, never the contact form.
    fireEvent.click(within(method).getByRole('button', { name: 'Back' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'What You Get with Your Membership' })).getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('dialog', { name: 'Choose Payment Method' })).toBeInTheDocument();
  });

  it('lets an expired member renew, straight to the payment method', async () => {
    server.setRoutes(page({ status: 'expired', endsAt: '2025-11-23T10:00:00.000Z' }));
    renderApp('/account', memberSession());
    expect(await screen.findByText('Your membership ended on November 23, 2025. Renew it to keep comparing providers.')).toBeInTheDocument();
    expect(screen.getByText('Expired')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Renew membership' }));
    expect(screen.getByRole('dialog', { name: 'Choose Payment Method' })).toBeInTheDocument();
  });
});

describe('/account: your data', () => {
  const account = {
    id: 'u1',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    role: 'user',
    createdAt: '2025-11-23T09:00:00.000Z',
    contactInfo: { phone: '555-123-4567', address: '1 Main St', specialties: ['Nutrition'] },
    membership: { status: 'active', endsAt: '2027-11-23T10:00:00.000Z' },
  };
  const payments = [
    {
      id: 'pay-2',
      reference: '1B9D-6BCD-BBFD',
      amount: 11988,
      currency: 'usd',
      promoCode: null,
      status: 'succeeded',
      createdAt: '2026-11-23T09:59:00.000Z',
      paidAt: '2026-11-23T10:00:00.000Z',
      refundedAt: null,
      refundPendingSince: null,
    },
    {
      id: 'pay-1',
      reference: '0C4E-11AA-9F02',
      amount: 11988,
      currency: 'usd',
      promoCode: 'HALF',
      status: 'failed',
      createdAt: '2026-11-22T09:00:00.000Z',
      paidAt: null,
      refundedAt: null,
      refundPendingSince: null,
    },
  ];
  const reviews = [
    {
      reviewId: 'r1',
      providerId: 'p1',
      providerName: 'Dr. Maya Patel',
      satisfactionRating: 5,
      efficacyRating: 4,
      reviewText: 'Kind and thorough.',
      status: 'approved',
      createdAt: '2026-12-01T08:00:00.000Z',
    },
  ];
  const savedProviders = [
    {
      _id: 'p1',
      providerName: 'Dr. Maya Patel',
      practiceName: 'Green Valley Wellness',
      specialties: [],
      city: 'Austin',
      state: 'TX',
      totalReviews: 1,
      averageRating: 4.5,
    },
  ];
  const page = [
    me({ status: 'active', endsAt: '2027-11-23T10:00:00.000Z' }),
    { method: 'GET', path: '/api/payments/receipts', status: 200, body: { receipts: [] } },
    { method: 'GET', path: '/api/saved-providers', status: 200, body: { providers: savedProviders } },
  ];
  const dataRoutes = [
    { method: 'GET', path: '/api/users/me/data', status: 200, body: { account } },
    { method: 'GET', path: '/api/payments/mine', status: 200, body: { payments }, delayMs: 150 },
    { method: 'GET', path: '/api/reviews/mine', status: 200, body: { reviews } },
  ];
  const dataUrls = ['/api/users/me/data', '/api/payments/mine', '/api/reviews/mine', '/api/saved-providers'];

  // jsdom has no object URLs and does not download: the test keeps the Blob and the link's file name.
  let blobs: Blob[];
  let downloads: { fileName: string; href: string; inPage: boolean }[];
  let revoked: string[];
  beforeEach(() => {
    blobs = [];
    downloads = [];
    revoked = [];
    URL.createObjectURL = (blob: Blob) => {
      blobs.push(blob);
      return `blob:http://localhost/export-${blobs.length}`;
    };
    URL.revokeObjectURL = (url: string) => void revoked.push(url);
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push({ fileName: this.download, href: this.href, inPage: this.isConnected });
    });
  });
  afterEach(() => {
    jest.restoreAllMocks();
    jest.useRealTimers();
    delete (URL as { createObjectURL?: unknown }).createObjectURL;
    delete (URL as { revokeObjectURL?: unknown }).revokeObjectURL;
  });

  const readBlob = (blob: Blob) =>
    new Promise<string>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.onerror = () => reject(new Error('The Blob could not be read'));
      reader.readAsText(blob);
    });

  it('downloads one JSON file of the account, payments, reviews and saved providers, named by the day', async () => {
    // Only the clock is fixed: the test server's answers still need real timers.
    const now = new Date(2026, 2, 5, 12, 30);
    jest.useFakeTimers({
      now,
      doNotFake: [
        'hrtime',
        'nextTick',
        'performance',
        'queueMicrotask',
        'requestAnimationFrame',
        'cancelAnimationFrame',
        'requestIdleCallback',
        'cancelIdleCallback',
        'setImmediate',
        'clearImmediate',
        'setInterval',
        'clearInterval',
        'setTimeout',
        'clearTimeout',
      ],
    });
    server.setRoutes([...page, ...dataRoutes]);
    renderApp('/account', memberSession());
    const panel = await screen.findByRole('region', { name: 'Your data' });
    await screen.findByRole('region', { name: 'Saved providers' });
    server.requests.length = 0;

    fireEvent.click(within(panel).getByRole('button', { name: 'Download my data' }));
    expect(await within(panel).findByRole('button', { name: 'Preparing…' })).toBeDisabled();
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(await within(panel).findByRole('button', { name: 'Download my data' })).toBeEnabled();

    // The four calls go out together, each with the member's token.
    expect(server.requests.map((request) => request.url).sort()).toEqual([...dataUrls].sort());
    expect(server.requests.every((request) => request.authorization === 'Bearer member-token')).toBe(true);
    const [download] = downloads;
    expect(download).toEqual({ fileName: 'altmed-my-data-2026-03-05.json', href: 'blob:http://localhost/export-1', inPage: true });
    expect(blobs).toHaveLength(1);
    expect(blobs[0]!.type).toBe('application/json');
    expect(JSON.parse(await readBlob(blobs[0]!))).toEqual({ exportedAt: now.toISOString(), account, payments, reviews, savedProviders });
    // The temporary link is gone and its object URL released.
    expect(document.querySelector('a[download]')).toBeNull();
    await waitFor(() => expect(revoked).toEqual(['blob:http://localhost/export-1']));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('downloads nothing and says why when one of the calls fails', async () => {
    server.setRoutes([
      ...page,
      ...dataRoutes.slice(0, 2),
      { method: 'GET', path: '/api/reviews/mine', status: 503, body: { message: 'Reviews are unavailable' } },
    ]);
    renderApp('/account', memberSession());
    const panel = await screen.findByRole('region', { name: 'Your data' });
    fireEvent.click(within(panel).getByRole('button', { name: 'Download my data' }));

    expect(await within(panel).findByRole('alert')).toHaveTextContent('Reviews are unavailable');
    expect(within(panel).getByRole('button', { name: 'Download my data' })).toBeEnabled();
    await waitFor(() => expect(server.requests.every((request) => request.answered)).toBe(true));
    expect(blobs).toHaveLength(0);
    expect(downloads).toHaveLength(0);
  });
});

describe('/account: deleting the account', () => {
  const page = [
    me({ status: 'active', endsAt: '2027-11-23T10:00:00.000Z' }),
    { method: 'GET', path: '/api/payments/receipts', status: 200, body: { receipts: [] } },
    { method: 'GET', path: '/api/saved-providers', status: 200, body: { providers: [] } },
  ];

  async function openDeleteDialog() {
    const panel = await screen.findByRole('region', { name: 'Your data' });
    fireEvent.click(within(panel).getByRole('button', { name: 'Delete my account' }));
    return screen.getByRole('dialog', { name: 'Delete your account?' });
  }
  const deletes = () => server.requests.filter((request) => request.method === 'DELETE');

  it('explains what happens, and asks for the password before calling', async () => {
    server.setRoutes(page);
    renderApp('/account', memberSession());
    const dialog = await openDeleteDialog();
    expect(dialog).toHaveTextContent(
      'Your account, saved providers and contact details are deleted. Your reviews stay, shown as “Former member”. Payments are kept for our accounts without your name or email. This cannot be undone.',
    );
    const password = within(dialog).getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'current-password');

    const confirm = within(dialog).getByRole('button', { name: 'Delete my account' });
    expect(confirm).toBeEnabled();
    fireEvent.click(confirm);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(AccountMessages.passwordRequired);
    expect(password).toHaveAccessibleDescription(AccountMessages.passwordRequired);
    expect(deletes()).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows a refused password in the dialog and keeps it open', async () => {
    server.setRoutes([...page, { method: 'DELETE', path: '/api/users/me', status: 400, body: { message: AccountMessages.passwordWrong } }]);
    const store = memberSession();
    const { location } = renderApp('/account', store);
    const dialog = await openDeleteDialog();
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'not-my-password' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Password is incorrect');
    expect(within(dialog).getByLabelText('Password')).toHaveAccessibleDescription('Password is incorrect');
    expect(within(dialog).getByRole('button', { name: 'Delete my account' })).toBeEnabled();
    expect(deletes()).toEqual([expect.objectContaining({ url: '/api/users/me', body: { password: 'not-my-password' }, authorization: 'Bearer member-token' })]);
    expect(screen.getByRole('dialog', { name: 'Delete your account?' })).toBeInTheDocument();
    expect(store.getState().token).toBe('member-token');
    expect(location.pathname).toBe('/account');
  });

  it('deletes the account, logs out, goes home and says so', async () => {
    server.setRoutes([...page, { method: 'DELETE', path: '/api/users/me', status: 200, body: { message: AccountMessages.deleted } }]);
    const store = memberSession();
    const { location } = renderApp('/account', store);
    const dialog = await openDeleteDialog();
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'secret1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    expect(await screen.findByText('Your account has been deleted.')).toBeInTheDocument();
    expect(store.getState().token).toBeNull();
    await waitFor(() => expect(location.pathname).toBe('/'));
    // The one toast: no guard complained on the way out.
    expect(getToastStore().getToasts()).toEqual([expect.objectContaining({ tone: 'success', message: 'Your account has been deleted.' })]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Home, not asked to log in again: the member left on purpose.
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(deletes()).toEqual([expect.objectContaining({ body: { password: 'secret1' }, authorization: 'Bearer member-token' })]);
  });
});

describe('/account: a provider', () => {
  it('has no Your data and no Delete my account: they are for members', async () => {
    server.setRoutes([
      {
        method: 'GET',
        path: '/api/users/me',
        status: 200,
        body: { user: accountFixture({ id: 'u9', name: 'Maya Patel', email: 'maya@example.com', role: 'provider', providerId: 'p9' }) },
      },
      { method: 'GET', path: '/api/payments/receipts', status: 200, body: { receipts: [] } },
    ]);
    renderApp('/account', providerSession());
    expect(await screen.findByText('No payments yet.')).toBeInTheDocument();
    await screen.findByRole('region', { name: 'Membership' });
    expect(screen.queryByRole('region', { name: 'Your data' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download my data' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete my account' })).not.toBeInTheDocument();
    expect(server.requests.map((request) => request.url)).not.toContain('/api/saved-providers');
  });
});
