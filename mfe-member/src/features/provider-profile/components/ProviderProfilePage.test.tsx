import { fireEvent, screen } from '@testing-library/react';
import { createSessionStore } from '@altmed/web-kit';
import { setupTestServer } from '@altmed/web-kit/src/testing/httpFetch';
import { renderAtPath } from '@altmed/web-kit/src/testing/renderAtPath';
import { StandaloneRoutes } from '../../../app/StandaloneRoutes';

const server = setupTestServer();

beforeEach(() => localStorage.clear());

/** A logged-in member: provider profiles are for any logged-in user. */
function renderAt(path: string) {
  const store = createSessionStore(localStorage);
  store.login('member-token', { id: 'u1', name: 'Ada', email: 'ada@example.com', role: 'user' });
  return renderAtPath(path, <StandaloneRoutes />, store);
}

describe('provider profile page', () => {
  it('sends a visitor who is not logged in away without loading anything', () => {
    const { location } = renderAtPath('/provider-profile/p1', <StandaloneRoutes />, createSessionStore(localStorage));
    expect(location.pathname).toBe('/');
    expect(server.requests).toHaveLength(0);
  });

  it('shows the loading state, then Provider Not Found for a 404', async () => {
    server.setRoutes([{ method: 'GET', path: '/api/provider-info/missing', status: 404, body: { message: 'Provider not found' } }]);
    renderAt('/provider-profile/missing');
    expect(screen.getByRole('status')).toHaveTextContent('Loading provider profile...');
    expect(await screen.findByRole('heading', { name: 'Provider Not Found' })).toBeInTheDocument();
    expect(server.requests[0]).toMatchObject({ method: 'GET', url: '/api/provider-info/missing' });
    expect(server.requests[0]?.authorization).toBeUndefined();
  });

  it('shows Error Loading Profile with Try Again, which loads it again', async () => {
    server.setRoutes([{ method: 'GET', path: '/api/provider-info/p1', status: 500, body: { message: 'boom' } }]);
    renderAt('/provider-profile/p1');
    expect(await screen.findByRole('heading', { name: 'Error Loading Profile' })).toBeInTheDocument();
    expect(screen.getByText('Failed to load provider information. Please try again later.')).toBeInTheDocument();

    server.setRoutes([
      {
        method: 'GET',
        path: '/api/provider-info/p1',
        status: 200,
        body: {
          provider: {
            _id: 'p1',
            providerName: 'Dr. Mara Quinn',
            practiceName: 'Quinn Integrative',
            email: 'mara@example.com',
            city: 'Denver',
            specialties: ['Nutrition', 'Longevity Medicine'],
            boardCertifications: ['Naturopathic Medicine'],
            reviewStats: { totalReviews: 3, averageSatisfactionRating: 4.7, averageEfficacyRating: 4.3 },
          },
        },
      },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dr. Mara Quinn' })).toBeInTheDocument();
    expect(screen.getByText('Office Photo Not Available')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Email' })).toHaveAttribute('href', 'mailto:mara@example.com');
    // No description: the About text is built from name, certifications, specialties, practice and city.
    expect(
      screen.getByText(
        'Dr. Mara Quinn is board certified in Naturopathic Medicine and specialises in Nutrition, Longevity Medicine at Quinn Integrative in Denver.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/Satisfaction 4\.7 \/ 5/)).toBeInTheDocument();
  });
});
