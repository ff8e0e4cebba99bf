import { fireEvent, screen, within } from '@testing-library/react';
import { createSessionStore, type SessionStore } from '@altmed/web-kit';
import { setupTestServer } from '@altmed/web-kit/src/testing/httpFetch';
import { renderRoutes } from '../../../test/renderRoutes';

const server = setupTestServer();
beforeEach(() => localStorage.clear());

const record = {
  _id: 'p-7',
  providerName: 'Dr. Lee',
  practiceName: 'Lee Wellness',
  status: 'approved',
  profileComplete: true,
  reviewStats: { totalReviews: 2, averageSatisfactionRating: 4.5, averageEfficacyRating: 3 },
};

const reviews = [
  {
    _id: 'r1',
    clientName: 'Ada L.',
    satisfactionRating: 5,
    efficacyRating: 4,
    reviewText: '<b>Bold</b> claims, kept.',
    createdAt: '2026-11-20T15:00:00.000Z',
    isActive: true,
    isApproved: true,
  },
  { _id: 'r2', clientName: 'Bea B.', satisfactionRating: 4, efficacyRating: 2, reviewText: 'Helpful.', createdAt: '2026-11-19T15:00:00.000Z' },
];

function providerSession(): SessionStore {
  const store = createSessionStore(localStorage);
  store.login('provider-token', { id: 'u', name: 'Dr. Lee', email: 'lee@example.com', role: 'provider', providerId: 'p-7' });
  return store;
}

it('lists the published reviews read-only, their text as text, with the averages above', async () => {
  server.setRoutes([
    { method: 'GET', path: '/api/provider-info/p-7', status: 200, body: { provider: record } },
    {
      method: 'GET',
      path: '/api/provider-info/p-7/reviews',
      query: { page: '1', limit: '50' },
      status: 200,
      body: { reviews, page: 1, limit: 50, total: 2, totalPages: 1 },
    },
  ]);
  const { container } = renderRoutes('/provider/profile', providerSession());
  const section = await screen.findByRole('region', { name: 'Reviews' });
  const items = await within(section).findAllByRole('listitem');
  expect(items).toHaveLength(2);
  expect(within(items[0]!).getByText('Ada L.')).toBeInTheDocument();
  expect(within(items[0]!).getByText('November 20, 2026')).toBeInTheDocument();
  expect(within(items[0]!).getByText('Satisfaction 5/5 · Efficacy 4/5')).toBeInTheDocument();
  expect(within(items[0]!).getByText('<b>Bold</b> claims, kept.')).toBeInTheDocument();
  expect(container.querySelector('b')).toBeNull();
  expect(within(section).queryByRole('button')).not.toBeInTheDocument();
  expect(screen.getByText('4.5')).toBeInTheDocument();
  expect(server.requests.find((request) => request.url.includes('/reviews'))?.authorization).toBe('Bearer provider-token');
});

it('says when there are none, and when they cannot be loaded', async () => {
  server.setRoutes([
    { method: 'GET', path: '/api/provider-info/p-7', status: 200, body: { provider: record } },
    { method: 'GET', path: '/api/provider-info/p-7/reviews', status: 500, body: { message: 'boom' } },
  ]);
  renderRoutes('/provider/profile', providerSession());
  const section = await screen.findByRole('region', { name: 'Reviews' });
  expect(await within(section).findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('Failed to load reviews. Please try again.');
  server.setRoutes([
    { method: 'GET', path: '/api/provider-info/p-7', status: 200, body: { provider: record } },
    { method: 'GET', path: '/api/provider-info/p-7/reviews', status: 200, body: { reviews: [], page: 1, limit: 50, total: 0, totalPages: 0 } },
  ]);
  fireEvent.click(within(section).getByRole('button', { name: 'Try Again' }));
  expect(await within(section).findByText('No published reviews yet.')).toBeInTheDocument();
});
