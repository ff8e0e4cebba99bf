import { fireEvent, screen, within } from '@testing-library/react';
import { createSessionStore, getToastStore } from '@altmed/web-kit';
import { setupTestServer } from '@altmed/web-kit/src/testing/httpFetch';
import { renderApp } from '../../../test/renderApp';

const server = setupTestServer();
beforeEach(() => {
  localStorage.clear();
  getToastStore().clear();
});

function memberSession() {
  const store = createSessionStore(localStorage);
  store.login('member-token', { id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com', role: 'user' });
  return store;
}

const me = (membership: { status: string; endsAt: string | null }) => ({
  method: 'GET',
  path: '/api/users/me',
  status: 200,
  body: { user: { id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com', role: 'user', membership } },
});

describe('/account', () => {
  it('shows an active membership, its end date and the last receipt, from the greeting in the header', async () => {
    server.setRoutes([
      me({ status: 'active', endsAt: '2027-11-23T10:00:00.000Z' }),
      {
        method: 'GET',
        path: '/api/payments/receipts',
        status: 200,
        body: { receipts: [{ paymentId: 'pay-2', amount: 5994, currency: 'usd', promoCode: 'HALF', paidAt: '2026-11-23T10:00:00.000Z' }] },
      },
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
    const calls = server.requests.filter((request) => request.url !== '/remotes.json');
    expect(calls.map((request) => request.authorization)).toEqual(['Bearer member-token', 'Bearer member-token']);
  });

  it('offers to join when there is no membership yet, and logs out', async () => {
    server.setRoutes([me({ status: 'none', endsAt: null }), { method: 'GET', path: '/api/payments/receipts', status: 200, body: { receipts: [] } }]);
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
