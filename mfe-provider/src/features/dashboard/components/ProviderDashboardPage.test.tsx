import { screen } from '@testing-library/react';
import { createSessionStore } from '@altmed/web-kit';
import { setupTestServer } from '@altmed/web-kit/src/testing/httpFetch';
import { renderRoutes } from '../../../test/renderRoutes';

const server = setupTestServer();
beforeEach(() => localStorage.clear());

describe('provider dashboard', () => {
  it('sends a visitor and a member away', () => {
    expect(renderRoutes('/provider/profile').location.pathname).not.toBe('/provider/profile');
    const store = createSessionStore(localStorage);
    store.login('t', { id: 'u', name: 'Ada', email: 'ada@example.com', role: 'user' });
    expect(renderRoutes('/provider/profile', store).location.pathname).not.toBe('/provider/profile');
    expect(server.requests).toHaveLength(0);
  });

  it('shows the stat cards and the profile sections', () => {
    const store = createSessionStore(localStorage);
    store.login('t', { id: 'u', name: 'Dr. Lee', email: 'lee@example.com', role: 'provider' });
    renderRoutes('/provider/profile', store);
    for (const label of ['Total Reviews', 'Avg Satisfaction', 'Avg Efficacy']) expect(screen.getByText(label)).toBeInTheDocument();
    for (const name of ['Basic Information', 'Practice Description', 'Qualifications', 'Profile Images']) {
      expect(screen.getByRole('heading', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load your profile information.');
  });

  it("loads the logged-in provider's profile and review stats", async () => {
    server.setRoutes([
      {
        method: 'GET',
        path: '/api/provider-info/p-7',
        status: 200,
        body: {
          provider: {
            _id: 'p-7',
            providerName: 'Dr. Lee',
            practiceName: 'Lee Wellness',
            reviewStats: { totalReviews: 12, averageSatisfactionRating: 4.55, averageEfficacyRating: 4 },
          },
        },
      },
    ]);
    const store = createSessionStore(localStorage);
    store.login('t', { id: 'u', name: 'Dr. Lee', email: 'lee@example.com', role: 'provider', providerId: 'p-7' });
    renderRoutes('/provider/profile', store);
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Dr. Lee' })).toBeInTheDocument();
    expect(screen.getByText('12')).toBeInTheDocument();
    expect(screen.getByText('4.5')).toBeInTheDocument();
    expect(screen.getByText('4.0')).toBeInTheDocument();
    expect(screen.getByText('Lee Wellness')).toBeInTheDocument();
  });
});
