import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Membership } from '@altmed/contracts/web';
import { createSessionStore, getToastStore } from '@altmed/web-kit';
import { accountFixture } from '@altmed/web-kit/src/testing/fixtures';
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
        body: { receipts: [{ paymentId: 'pay-2', amount: 5994, currency: 'usd', promoCode: 'HALF', paidAt: '2026-11-23T10:00:00.000Z' }] },
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
    const calls = server.requests.filter((request) => request.url !== '/remotes.json');
    expect(calls.map((request) => request.authorization)).toEqual(['Bearer member-token', 'Bearer member-token', 'Bearer member-token']);
    expect(await screen.findByText(/You have not saved any providers yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find providers' })).toHaveAttribute('href', '/providers');
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
