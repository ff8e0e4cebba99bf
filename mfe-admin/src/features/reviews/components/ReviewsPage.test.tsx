import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminReview } from '@altmed/contracts/web';
import { createSessionStore } from '@altmed/web-kit';
import { setupTestServer } from '@altmed/web-kit/src/testing/httpFetch';
import { adminUser, renderAdmin } from '../../../test/renderAdmin';

const server = setupTestServer();
beforeEach(() => localStorage.clear());

function review(overrides: Partial<AdminReview> = {}): AdminReview {
  return {
    _id: '42e56e57-f485-51f8-a8fe-e6d0e8d160a3',
    providerId: 'p1',
    providerName: 'Dr. Mara Quinn',
    practiceName: 'Quinn Integrative',
    clientName: 'Ada L.',
    satisfactionRating: 5,
    efficacyRating: 4,
    reviewText: '<script>alert(1)</script> Careful and kind.',
    status: 'pending',
    createdAt: '2026-11-20T15:00:00.000Z',
    submittedAt: '2026-11-20T15:00:00.000Z',
    moderationHistory: [],
    ...overrides,
  };
}

const page = (reviews: AdminReview[], extra: Record<string, number> = {}) => ({
  reviews,
  page: 1,
  pageSize: 20,
  total: reviews.length,
  totalPages: 1,
  ...extra,
});

function openReviews() {
  const store = createSessionStore(localStorage);
  store.login('admin-token', adminUser);
  return renderAdmin('/admin/reviews', store);
}

it('is a sidebar entry that lists the pending reviews, their text as text, and approves one', async () => {
  const pending = review();
  server.setRoutes([
    { method: 'GET', path: '/api/admins/reviews', query: { status: 'pending' }, status: 200, body: page([pending]) },
    {
      method: 'PUT',
      path: `/api/admins/reviews/${pending._id}/status`,
      status: 200,
      body: { review: { ...pending, status: 'approved', lastModeration: { action: 'approve', by: 'admin@example.com', at: '2026-11-21T10:00:00.000Z' } } },
    },
  ]);
  const { container } = openReviews();
  const sidebar = screen.getByRole('complementary', { name: 'Admin' });
  expect(within(sidebar).getByRole('link', { name: 'Reviews' })).toHaveAttribute('href', '/admin/reviews');

  const card = await screen.findByRole('article', { name: 'Review of Dr. Mara Quinn by Ada L.' });
  expect(within(card).getByText('Pending')).toBeInTheDocument();
  expect(within(card).getByText('Satisfaction 5/5 · Efficacy 4/5')).toBeInTheDocument();
  expect(within(card).getByText('<script>alert(1)</script> Careful and kind.')).toBeInTheDocument();
  expect(container.querySelector('script')).toBeNull();
  expect(server.requests[0]).toMatchObject({ url: '/api/admins/reviews?status=pending&page=1', authorization: 'Bearer admin-token' });

  fireEvent.click(within(card).getByRole('button', { name: 'Approve' }));
  expect(await screen.findByText('Review approved successfully.')).toBeInTheDocument();
  expect(server.requests.find((request) => request.method === 'PUT')?.body).toEqual({ action: 'approve' });
  // The list is asked for again after the decision.
  await waitFor(() => expect(server.requests.filter((request) => request.method === 'GET')).toHaveLength(2));
});

it('shows who decided last, offers the other decision, and says what the server refused', async () => {
  const approved = review({
    status: 'approved',
    lastModeration: { action: 'approve', by: 'vetting@altmed.example', at: '2026-11-20T15:00:00.000Z' },
    moderationHistory: [{ action: 'approve', by: 'vetting@altmed.example', at: '2026-11-20T15:00:00.000Z' }],
  });
  server.setRoutes([
    { method: 'GET', path: '/api/admins/reviews', query: { status: 'approved' }, status: 200, body: page([approved]) },
    { method: 'GET', path: '/api/admins/reviews', query: { status: 'pending' }, status: 200, body: page([]) },
    {
      method: 'PUT',
      path: `/api/admins/reviews/${approved._id}/status`,
      status: 409,
      body: { message: 'This action does not apply to the review’s current state.' },
    },
  ]);
  openReviews();
  expect(await screen.findByText('No reviews are waiting for moderation.')).toBeInTheDocument();
  fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'approved' } });
  const card = await screen.findByRole('article', { name: 'Review of Dr. Mara Quinn by Ada L.' });
  expect(within(card).getByText('Approved by vetting@altmed.example on November 20, 2026')).toBeInTheDocument();
  expect(within(card).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  fireEvent.click(within(card).getByRole('button', { name: 'Reject' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('This action does not apply to the review’s current state.');
});

it('pages through the reviews', async () => {
  server.setRoutes([
    {
      method: 'GET',
      path: '/api/admins/reviews',
      query: { page: '2' },
      status: 200,
      body: page([review({ _id: 'r2', clientName: 'Bea B.' })], { page: 2, totalPages: 2, total: 21 }),
    },
    {
      method: 'GET',
      path: '/api/admins/reviews',
      query: { page: '1' },
      status: 200,
      body: page([review({ clientName: 'Ada L.' })], { totalPages: 2, total: 21 }),
    },
  ]);
  openReviews();
  expect(await screen.findByRole('article', { name: 'Review of Dr. Mara Quinn by Ada L.' })).toBeInTheDocument();
  expect(screen.getByRole('navigation', { name: 'Pages' })).toHaveTextContent('Page 1 of 2');
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  expect(await screen.findByRole('article', { name: 'Review of Dr. Mara Quinn by Bea B.' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
});

it('says what the server answered when the list cannot be read, such as a list still loading after a start', async () => {
  const loading = 'The review list is still loading; try again in a minute';
  server.setRoutes([{ method: 'GET', path: '/api/admins/reviews', query: { status: 'pending' }, status: 503, body: { message: loading } }]);
  openReviews();
  expect(await screen.findByText(loading)).toBeInTheDocument();
});
