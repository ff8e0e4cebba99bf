import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OwnReview } from '@altmed/contracts/web';
import { createSessionStore } from '@altmed/web-kit';
import { setupTestServer, type TestRoute } from '@altmed/web-kit/src/testing/httpFetch';
import { renderAtPath } from '@altmed/web-kit/src/testing/renderAtPath';
import { StandaloneRoutes } from '../../../app/StandaloneRoutes';

const server = setupTestServer();
beforeEach(() => localStorage.clear());

const provider = { _id: 'p1', providerName: 'Dr. Mara Quinn', practiceName: 'Quinn Integrative', reviewStats: { totalReviews: 0 }, reviews: [] };
const profileRoute: TestRoute = { method: 'GET', path: '/api/provider-info/p1', status: 200, body: { provider } };
const mine = (review: OwnReview | null, status = 200): TestRoute => ({ method: 'GET', path: '/api/provider-info/p1/reviews/mine', status, body: { review } });

function review(overrides: Partial<OwnReview> = {}): OwnReview {
  return {
    _id: 'r1',
    providerId: 'p1',
    clientName: 'Ada L.',
    satisfactionRating: 4,
    efficacyRating: 3,
    reviewText: 'Careful, kind and thorough with every question.',
    status: 'pending',
    createdAt: '2025-03-14T10:00:00.000Z',
    submittedAt: '2025-03-14T10:00:00.000Z',
    ...overrides,
  };
}

async function openAs(role: 'user' | 'provider' | 'admin', routes: TestRoute[]) {
  server.setRoutes([profileRoute, ...routes]);
  const store = createSessionStore(localStorage);
  store.login('the-token', { id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com', role, ...(role === 'admin' ? { isAdmin: true } : {}) });
  const view = renderAtPath('/provider-profile/p1', <StandaloneRoutes />, store);
  await screen.findByRole('heading', { level: 1, name: 'Dr. Mara Quinn' });
  return view;
}

const section = () => screen.getByRole('region', { name: 'Your Review' });

describe('a member’s own review on the profile', () => {
  it('writes a review: checks the fields first, sends the ratings and text, and shows it awaiting moderation', async () => {
    await openAs('user', [
      mine(null),
      { method: 'POST', path: '/api/provider-info/p1/reviews', status: 201, body: { review: review({ satisfactionRating: 5, efficacyRating: 4 }) } },
    ]);
    fireEvent.click(await within(await screen.findByRole('region', { name: 'Your Review' })).findByRole('button', { name: 'Write a review' }));
    const form = within(section()).getByRole('form', { name: 'Write a review' });
    expect(within(form).getByText(/20 to 2,000 characters \(0 written\)/)).toBeInTheDocument();

    fireEvent.click(within(form).getByRole('button', { name: 'Submit review' }));
    const alerts = within(form)
      .getAllByRole('alert')
      .map((alert) => alert.textContent);
    expect(alerts).toEqual(['Please choose a rating from 1 to 5', 'Please choose a rating from 1 to 5', 'Please write your review']);
    expect(server.requests.some((request) => request.method === 'POST')).toBe(false);

    fireEvent.change(within(form).getByLabelText('Satisfaction'), { target: { value: '5' } });
    fireEvent.change(within(form).getByLabelText('Efficacy'), { target: { value: '4' } });
    fireEvent.change(within(form).getByLabelText('Your review'), { target: { value: 'Too short.' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Submit review' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('The review must be at least 20 characters');

    fireEvent.change(within(form).getByLabelText('Your review'), { target: { value: '  Careful, kind and thorough with every question.  ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Submit review' }));
    expect(await within(section()).findByText('Awaiting moderation')).toBeInTheDocument();
    expect(server.requests.find((request) => request.method === 'POST')).toMatchObject({
      url: '/api/provider-info/p1/reviews',
      authorization: 'Bearer the-token',
      body: { satisfactionRating: 5, efficacyRating: 4, reviewText: 'Careful, kind and thorough with every question.' },
    });
    expect(within(section()).getByRole('status')).toHaveTextContent('Your review will appear on the profile once an admin has approved it.');
  });

  it('announces what the server refuses, such as a member without an active membership', async () => {
    await openAs('user', [
      mine(null),
      { method: 'POST', path: '/api/provider-info/p1/reviews', status: 403, body: { message: 'An active membership is required' } },
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Write a review' }));
    fireEvent.change(screen.getByLabelText('Satisfaction'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Efficacy'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Your review'), { target: { value: 'An honest review of twenty characters or more.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit review' }));
    expect(await within(section()).findByRole('alert')).toHaveTextContent('An active membership is required');
    expect(screen.getByRole('button', { name: 'Submit review' })).toBeEnabled();
  });

  it('shows a published review as plain text, edits it back into moderation, and deletes it', async () => {
    const text = '<img src=x onerror="alert(1)"> <b>Great</b> care, would recommend.';
    const { container } = await openAs('user', [
      mine(review({ status: 'approved', reviewText: text })),
      {
        method: 'PUT',
        path: '/api/provider-info/p1/reviews/mine',
        status: 200,
        body: { review: review({ status: 'pending', satisfactionRating: 2, reviewText: text }) },
      },
      { method: 'DELETE', path: '/api/provider-info/p1/reviews/mine', status: 204 },
    ]);
    expect(await within(await screen.findByRole('region', { name: 'Your Review' })).findByText('Published')).toBeInTheDocument();
    expect(within(section()).getByText(text)).toBeInTheDocument();
    expect(container.querySelector('img[src="x"]')).toBeNull();
    expect(container.querySelector('b')).toBeNull();

    fireEvent.click(within(section()).getByRole('button', { name: 'Edit' }));
    const form = within(section()).getByRole('form', { name: 'Edit your review' });
    expect(within(form).getByLabelText('Satisfaction')).toHaveValue('4');
    expect(within(form).getByLabelText('Your review')).toHaveValue(text);
    fireEvent.change(within(form).getByLabelText('Satisfaction'), { target: { value: '2' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(section()).findByText('Awaiting moderation')).toBeInTheDocument();
    expect(server.requests.find((request) => request.method === 'PUT')?.body).toEqual({ satisfactionRating: 2, efficacyRating: 3, reviewText: text });

    fireEvent.click(within(section()).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(section()).getByRole('button', { name: 'Yes, delete it' }));
    expect(await within(section()).findByRole('button', { name: 'Write a review' })).toBeInTheDocument();
    expect(server.requests.find((request) => request.method === 'DELETE')).toMatchObject({ url: '/api/provider-info/p1/reviews/mine' });
  });

  it('says so when an admin did not publish the review', async () => {
    await openAs('user', [mine(review({ status: 'rejected' }))]);
    expect(await screen.findByText('Not published')).toBeInTheDocument();
    expect(screen.getByText('An admin did not publish this review. You can edit it and submit it again.')).toBeInTheDocument();
  });

  it('offers no review of its own to providers and admins, and does not ask for one', async () => {
    for (const role of ['provider', 'admin'] as const) {
      const { unmount } = await openAs(role, []);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.queryByRole('region', { name: 'Your Review' })).not.toBeInTheDocument();
      expect(server.requests.some((request) => request.url.endsWith('/reviews/mine'))).toBe(false);
      unmount();
    }
    await waitFor(() => expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument());
  });
});
