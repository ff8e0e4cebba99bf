import { fireEvent, screen, within } from '@testing-library/react';
import { createSessionStore } from '@altmed/web-kit';
import { setupTestServer } from '@altmed/web-kit/src/testing/httpFetch';
import { adminUser, renderAdmin } from '../../../test/renderAdmin';

const server = setupTestServer();
beforeEach(() => localStorage.clear());

const loggedIn = () => {
  const store = createSessionStore(localStorage);
  store.login('admin-token', adminUser);
  return store;
};

describe('promo codes page', () => {
  it('shows the fetch error text when the list cannot be loaded', async () => {
    server.setRoutes([{ method: 'GET', path: '/api/promo-codes/list', status: 500, body: { message: 'db down' } }]);
    renderAdmin('/admin/promo-codes', loggedIn());
    expect(await screen.findByRole('heading', { level: 1, name: 'Promo Codes Management' })).toBeInTheDocument();
    expect(await screen.findByText('Failed to fetch promo codes')).toBeInTheDocument();
  });

  it('shows the empty state with a Create First Promo Code button', async () => {
    server.setRoutes([{ method: 'GET', path: '/api/promo-codes/list', status: 200, body: { promoCodes: [] } }]);
    renderAdmin('/admin/promo-codes', loggedIn());
    expect(await screen.findByText('No promo codes available')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Create First Promo Code' }));
    expect(screen.getByRole('form', { name: 'New promo code' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it('lists codes with discount, expiry (or No expiry) and status, and who created each one when that was recorded', async () => {
    server.setRoutes([
      {
        method: 'GET',
        path: '/api/promo-codes/list',
        status: 200,
        body: {
          promoCodes: [
            {
              _id: '1',
              code: 'SPRING25',
              discountPercentage: 25,
              expiresAt: '2030-04-01T00:00:00.000Z',
              isActive: true,
              createdBy: { name: 'Administrator', email: 'vetting@altmed.example' },
              createdAt: '2026-11-20T15:00:00.000Z',
            },
            { _id: '2', code: 'OLD10', discountPercentage: 10, isActive: false },
          ],
        },
      },
    ]);
    renderAdmin('/admin/promo-codes', loggedIn());
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('SPRING25');
    expect(rows[1]).toHaveTextContent('25%');
    expect(rows[1]).toHaveTextContent('Apr 1, 2030');
    expect(rows[1]).toHaveTextContent('Active');
    expect(within(rows[1]!).getAllByRole('cell')[0]).toHaveTextContent('SPRING25Created by vetting@altmed.example on Nov 20, 2026');
    expect(within(rows[1]!).getAllByRole('cell')).toHaveLength(4);
    expect(rows[2]).toHaveTextContent('No expiry');
    expect(rows[2]).toHaveTextContent('Inactive');
    expect(rows[2]).not.toHaveTextContent('Created by');
    expect(screen.getByRole('heading', { name: 'Active Promo Codes' })).toBeInTheDocument();
  });

  it('validates and creates a code with the token, expiry sent as null when empty', async () => {
    server.setRoutes([
      { method: 'GET', path: '/api/promo-codes/list', status: 200, body: { promoCodes: [] } },
      {
        method: 'POST',
        path: '/api/promo-codes/create',
        status: 201,
        body: { promoCode: { _id: '9', code: 'WELCOME', discountPercentage: 15, expiresAt: null, isActive: true } },
      },
    ]);
    renderAdmin('/admin/promo-codes', loggedIn());
    await screen.findByText('No promo codes available');
    fireEvent.click(screen.getByRole('button', { name: 'New Promo Code' }));
    const form = screen.getByRole('form', { name: 'New promo code' });
    fireEvent.change(within(form).getByLabelText('Discount Percentage'), { target: { value: '150' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create Promo Code' }));
    expect(within(form).getByText('Code is required')).toBeInTheDocument();
    expect(within(form).getByText('Enter a discount from 1 to 100')).toBeInTheDocument();

    fireEvent.change(within(form).getByLabelText('Code'), { target: { value: 'WELCOME' } });
    fireEvent.change(within(form).getByLabelText('Discount Percentage'), { target: { value: '15' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create Promo Code' }));
    expect(await screen.findByText('Promo code created successfully')).toBeInTheDocument();
    const create = server.requests.find((r) => r.url === '/api/promo-codes/create');
    expect(create).toMatchObject({ body: { code: 'WELCOME', discountPercentage: 15, expiryDate: null }, authorization: 'Bearer admin-token' });
  });
});
