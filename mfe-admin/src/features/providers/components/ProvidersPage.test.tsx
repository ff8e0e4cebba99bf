import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createSessionStore } from '@altmed/web-kit';
import { setupTestServer } from '@altmed/web-kit/src/testing/httpFetch';
import { adminUser, renderAdmin } from '../../../test/renderAdmin';

const server = setupTestServer();
beforeEach(() => localStorage.clear());

const stats = { total: 1, approved: 0, pending: 1, blocked: 0 };
const listOf = (providerName: string) => ({ providers: [{ _id: providerName, providerName, isActive: true, isApproved: false }], stats });

it('never shows the answer of an older search that arrives after the newer one', async () => {
  server.setRoutes([
    // The first search is slow: its answer comes back after the second search's.
    { method: 'GET', path: '/api/admins/providers', query: { search: 'slow' }, status: 200, body: listOf('Dr Slow'), delayMs: 1500 },
    { method: 'GET', path: '/api/admins/providers', query: { search: 'fast' }, status: 200, body: listOf('Dr Fast') },
    { method: 'GET', path: '/api/admins/providers', status: 200, body: listOf('Dr Everyone') },
  ]);
  const store = createSessionStore(localStorage);
  store.login('admin-token', adminUser);
  renderAdmin('/admin/providers', store);
  expect(await screen.findByText('Dr Everyone')).toBeInTheDocument();

  const search = screen.getByLabelText('Search');
  fireEvent.change(search, { target: { value: 'slow' } });
  await waitFor(() => expect(server.requests.some((r) => r.url.includes('search=slow'))).toBe(true));
  fireEvent.change(search, { target: { value: 'fast' } });
  expect(await screen.findByText('Dr Fast')).toBeInTheDocument();

  // Once the slow answer has arrived and been read, the page still shows the newer one.
  await waitFor(() => expect(server.requests.find((r) => r.url.includes('search=slow'))?.answered).toBe(true), { timeout: 5000 });
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(screen.getByText('Dr Fast')).toBeInTheDocument();
  expect(screen.queryByText('Dr Slow')).not.toBeInTheDocument();
}, 20_000);

it('shows on each card who made its last status change and when, and sends unblock as unblock', async () => {
  const blocked = {
    _id: '5f0c3c2e-1111-4222-8333-444455556666',
    providerName: 'Dr Blocked',
    isActive: false,
    isApproved: true,
    lastStatusChange: { action: 'block', by: 'vetting@altmed.example', at: '2026-11-20T15:00:00.000Z' },
  };
  server.setRoutes([
    { method: 'GET', path: '/api/admins/providers', status: 200, body: { providers: [blocked], stats: { total: 1, approved: 0, pending: 0, blocked: 1 } } },
    { method: 'PUT', path: `/api/admins/providers/${blocked._id}/status`, status: 200, body: { provider: { ...blocked, isActive: true, isApproved: false } } },
  ]);
  const store = createSessionStore(localStorage);
  store.login('admin-token', adminUser);
  renderAdmin('/admin/providers', store);
  expect(await screen.findByText('Blocked by vetting@altmed.example on Nov 20, 2026')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Unblock' }));
  await waitFor(() => expect(server.requests.find((r) => r.method === 'PUT')?.body).toEqual({ status: 'unblock' }));
  // The list refreshes after the action; waiting for that answer also keeps this test's request out of the next test's log.
  await waitFor(() => expect(server.requests.filter((r) => r.method === 'GET' && r.answered)).toHaveLength(2));
  expect(await screen.findByText('Provider unblocked successfully.')).toBeInTheDocument();
});

it('pages through the list with Previous and Next, keeping the filters, and starts again at page 1 when they change', async () => {
  const page = (name: string, number: number, totalPages: number) => ({ ...listOf(name), page: number, totalPages, total: totalPages * 20 });
  server.setRoutes([
    { method: 'GET', path: '/api/admins/providers', query: { status: 'pending', search: 'lotus', page: '1' }, status: 200, body: page('Dr Lotus', 1, 1) },
    { method: 'GET', path: '/api/admins/providers', query: { status: 'pending', page: '2' }, status: 200, body: page('Dr Pending Two', 2, 2) },
    { method: 'GET', path: '/api/admins/providers', query: { status: 'pending', page: '1' }, status: 200, body: page('Dr Pending One', 1, 2) },
    { method: 'GET', path: '/api/admins/providers', query: { page: '2' }, status: 200, body: page('Dr Two', 2, 3) },
    { method: 'GET', path: '/api/admins/providers', query: { page: '1' }, status: 200, body: page('Dr One', 1, 3) },
  ]);
  const store = createSessionStore(localStorage);
  store.login('admin-token', adminUser);
  renderAdmin('/admin/providers', store);
  expect(await screen.findByText('Dr One')).toBeInTheDocument();
  const pages = screen.getByRole('navigation', { name: 'Pages' });
  expect(pages).toHaveTextContent('Page 1 of 3');
  expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  expect(await screen.findByText('Dr Two')).toBeInTheDocument();
  expect(pages).toHaveTextContent('Page 2 of 3');
  fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
  expect(await screen.findByText('Dr One')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  expect(await screen.findByText('Dr Two')).toBeInTheDocument();

  // A new status filter starts at page 1; Next keeps the filter.
  fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'pending' } });
  expect(await screen.findByText('Dr Pending One')).toBeInTheDocument();
  expect(screen.getByRole('navigation', { name: 'Pages' })).toHaveTextContent('Page 1 of 2');
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  expect(await screen.findByText('Dr Pending Two')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

  // A search starts at page 1 too, with the status filter kept; one page needs no paging controls.
  fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'lotus' } });
  expect(await screen.findByText('Dr Lotus')).toBeInTheDocument();
  expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();

  // Pages seen a moment ago come from the page's cache.
  const asked = server.requests.map((r) => new URL(r.url, 'http://test').searchParams.toString());
  expect(asked).toEqual(['page=1', 'page=2', 'status=pending&page=1', 'status=pending&page=2', 'status=pending&search=lotus&page=1']);
}, 20_000);

it('writes the counts and the pager with thousands separators, as a business with 100,000 providers reads them', async () => {
  const provider = { _id: '5f0c3c2e-2222-4222-8333-444455556666', providerName: 'Dr Many', isActive: true, isApproved: true };
  server.setRoutes([
    {
      method: 'GET',
      path: '/api/admins/providers',
      status: 200,
      body: { providers: [provider], stats: { total: 100_000, approved: 86_000, pending: 10_000, blocked: 4_000 }, page: 1, total: 100_000, totalPages: 5_000 },
    },
  ]);
  const store = createSessionStore(localStorage);
  store.login('admin-token', adminUser);
  renderAdmin('/admin/providers', store);
  expect(await screen.findByText('100,000')).toBeInTheDocument();
  expect(screen.getByText('86,000')).toBeInTheDocument();
  expect(screen.getByText('Page 1 of 5,000')).toBeInTheDocument();
});
