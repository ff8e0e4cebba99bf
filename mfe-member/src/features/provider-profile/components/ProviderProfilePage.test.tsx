import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PlaceMessages, type Review } from '@altmed/contracts/web';
import { createSessionStore } from '@altmed/web-kit';
import { setupTestServer, type TestRoute } from '@altmed/web-kit/src/testing/httpFetch';
import { renderAtPath } from '@altmed/web-kit/src/testing/renderAtPath';
import { StandaloneRoutes } from '../../../app/StandaloneRoutes';
import { compareStorageKey } from '../../../lib/compareTray';
import type { PublicProvider } from '../api/providerProfile';

const server = setupTestServer();

beforeEach(() => localStorage.clear());

/** A logged-in member: provider profiles are for any logged-in user. */
function renderAt(path: string) {
  const store = createSessionStore(localStorage);
  store.login('member-token', { id: 'u1', name: 'Ada', email: 'ada@example.com', role: 'user' });
  return renderAtPath(path, <StandaloneRoutes />, store);
}

const ADDRESS = '1200 Larimer St, Suite 4, Denver, CO 80204';

function provider(overrides: Partial<PublicProvider> = {}): PublicProvider {
  return {
    _id: 'p1',
    providerName: 'Dr. Mara Quinn',
    practiceName: 'Quinn Integrative',
    npiNumber: '1234567893',
    address: '1200 Larimer St',
    suite: 'Suite 4',
    city: 'Denver',
    state: 'CO',
    zip: '80204',
    fullAddress: ADDRESS,
    specialties: ['Nutrition', 'Longevity Medicine'],
    boardCertifications: ['Naturopathic Medicine'],
    hospitalAffiliations: ['Attending, Denver Health'],
    educationAndTraining: ['Bastyr University, ND'],
    stateLicenses: [{ state: 'CO', licenseNumber: 'ND-0042' }],
    reviewStats: { totalReviews: 0, averageSatisfactionRating: 0, averageEfficacyRating: 0 },
    reviews: [],
    ...overrides,
  };
}

function review(index: number, overrides: Partial<Review> = {}): Review {
  return {
    _id: `r${index}`,
    clientName: `Patient ${index}`,
    satisfactionRating: 5,
    efficacyRating: 4,
    reviewText: `Review number ${index}`,
    createdAt: '2025-03-14T10:00:00.000Z',
    ...overrides,
  };
}

const profileRoute = (body: PublicProvider, extra: Partial<TestRoute> = {}): TestRoute => ({
  method: 'GET',
  path: `/api/provider-info/${body._id}`,
  status: 200,
  body: { provider: body },
  ...extra,
});

async function openProfile(body: PublicProvider, routes: TestRoute[] = []) {
  server.setRoutes([profileRoute(body), ...routes]);
  const view = renderAt(`/provider-profile/${body._id}`);
  await screen.findByRole('heading', { level: 1, name: body.providerName });
  return view;
}

/** The profile's own requests: a member's page also asks for the member's own review (tested in OwnReviewSection.test.tsx) and saved providers. */
const profileRequests = () => server.requests.filter((request) => !request.url.endsWith('/reviews/mine') && !request.url.startsWith('/api/saved-providers/'));

const starsOf = (rating: HTMLElement) => Array.from(rating.querySelectorAll('svg')).map((star) => star.getAttribute('data-fill'));

describe('provider profile page', () => {
  it('sends a visitor who is not logged in away without loading anything', () => {
    const { location } = renderAtPath('/provider-profile/p1', <StandaloneRoutes />, createSessionStore(localStorage));
    expect(location.pathname).toBe('/');
    expect(server.requests).toHaveLength(0);
  });

  it('shows the loading state, then the profile, asked for with the member’s token', async () => {
    server.setRoutes([
      profileRoute(
        provider({
          headshotUrl: 'https://uploads.example/p1/headshot.jpg',
          practiceDescription: 'Whole-person care in the heart of Denver.',
          verifiedAt: '2025-06-05T23:30:00.000Z',
          email: 'mara@example.com',
        }),
        { delayMs: 50 },
      ),
    ]);
    renderAt('/provider-profile/p1');
    expect(screen.getByRole('status')).toHaveTextContent('Loading provider profile...');

    expect(await screen.findByRole('heading', { level: 1, name: 'Dr. Mara Quinn' })).toBeInTheDocument();
    expect(screen.queryByText('Loading provider profile...')).not.toBeInTheDocument();
    expect(profileRequests()).toEqual([expect.objectContaining({ method: 'GET', url: '/api/provider-info/p1', authorization: 'Bearer member-token' })]);

    expect(screen.getByText('Verified on June 5, 2025')).toBeInTheDocument();
    const headshot = screen.getByRole('img', { name: 'Headshot of Dr. Mara Quinn' });
    expect(headshot).toHaveAttribute('src', 'https://uploads.example/p1/headshot.jpg');
    expect(headshot).toHaveAttribute('width', '400');
    expect(headshot).toHaveAttribute('height', '400');
    expect(screen.getByText('Office Photo Not Available')).toBeInTheDocument();
    expect(screen.getByText('Whole-person care in the heart of Denver.')).toBeInTheDocument();

    const email = screen.getByRole('link', { name: 'Email' });
    expect(email).toHaveAttribute('href', 'mailto:mara@example.com');
    expect(email.querySelector('button')).toBeNull();
    for (const name of ['Call', 'Save', 'All Photos (0)']) expect(screen.getByRole('button', { name })).toBeEnabled();
    expect(screen.getByRole('complementary', { name: 'Advertisement' })).toBeInTheDocument();
  });

  it('shows the fallback headshot, and a disabled Email button when the address is not shared', async () => {
    await openProfile(provider());
    expect(screen.getByRole('img', { name: 'No headshot of Dr. Mara Quinn yet' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Email' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Email' })).toBeDisabled();
    expect(screen.queryByText(/^Verified on/)).not.toBeInTheDocument();
  });

  it('shows Provider Not Found for a 404', async () => {
    server.setRoutes([{ method: 'GET', path: '/api/provider-info/missing', status: 404, body: { message: 'Provider Not Found' } }]);
    renderAt('/provider-profile/missing');
    expect(await screen.findByRole('heading', { name: 'Provider Not Found' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument();
    expect(profileRequests()).toHaveLength(1);
  });

  it('shows Error Loading Profile with Try Again, which loads it again', async () => {
    server.setRoutes([{ method: 'GET', path: '/api/provider-info/p1', status: 500, body: { message: 'boom' } }]);
    renderAt('/provider-profile/p1');
    expect(await screen.findByRole('heading', { name: 'Error Loading Profile' })).toBeInTheDocument();
    expect(screen.getByText('Failed to load provider information. Please try again later.')).toBeInTheDocument();
    expect(profileRequests()).toHaveLength(1);

    server.setRoutes([profileRoute(provider())]);
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dr. Mara Quinn' })).toBeInTheDocument();
    expect(profileRequests()).toHaveLength(2);
    // No description: the About text is built from name, certifications, specialties, practice and city.
    expect(
      screen.getByText(
        'Dr. Mara Quinn is board certified in Naturopathic Medicine and specialises in Nutrition, Longevity Medicine at Quinn Integrative in Denver.',
      ),
    ).toBeInTheDocument();
  });

  it('shows the averages to one decimal with half stars, and the newest three reviews', async () => {
    await openProfile(
      provider({
        reviewStats: { totalReviews: 7, averageSatisfactionRating: 4.5, averageEfficacyRating: 4.2 },
        reviews: [review(1, { satisfactionRating: 3.5, efficacyRating: 2 }), review(2), review(3), review(4)],
      }),
    );
    const section = screen.getByRole('region', { name: 'Patients Say' });
    const satisfaction = within(section).getByRole('img', { name: '4.5 out of 5' });
    expect(starsOf(satisfaction)).toEqual(['full', 'full', 'full', 'full', 'half']);
    const efficacy = within(section).getByRole('img', { name: '4.2 out of 5' });
    expect(starsOf(efficacy)).toEqual(['full', 'full', 'full', 'full', 'empty']);
    expect(within(section).getByText('4.5')).toBeInTheDocument();
    expect(within(section).getByText('4.2')).toBeInTheDocument();
    expect(within(section).getByText('Based on 7 reviews')).toBeInTheDocument();

    const shown = within(section).getAllByRole('listitem');
    expect(shown.map((item) => item.querySelector('strong')?.textContent)).toEqual(['Patient 1', 'Patient 2', 'Patient 3']);
    expect(within(shown[0]!).getByText('March 14, 2025')).toBeInTheDocument();
    expect(within(shown[0]!).getByText('Review number 1')).toBeInTheDocument();
    expect(starsOf(within(shown[0]!).getByRole('img', { name: '3.5 out of 5' }))).toEqual(['full', 'full', 'full', 'half', 'empty']);
    expect(within(shown[0]!).getByRole('img', { name: '2.0 out of 5' })).toBeInTheDocument();
  });

  it('opens Patient Reviews, which loads up to 50 reviews', async () => {
    const fifty = Array.from({ length: 50 }, (_, index) => review(index + 1));
    await openProfile(provider(), [
      {
        method: 'GET',
        path: '/api/provider-info/p1/reviews',
        query: { page: '1', limit: '50' },
        status: 200,
        body: { reviews: fifty, page: 1, limit: 50, total: 64, totalPages: 2 },
        delayMs: 30,
      },
    ]);
    expect(profileRequests().filter((request) => request.url.includes('/reviews'))).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Read All Reviews' }));
    const dialog = await screen.findByRole('dialog', { name: 'Patient Reviews' });
    expect(within(dialog).getByRole('status')).toHaveTextContent('Loading reviews...');
    await waitFor(() => expect(within(dialog).getAllByRole('listitem')).toHaveLength(50));
    expect(within(dialog).getByText('Review number 50')).toBeInTheDocument();
    expect(profileRequests().at(-1)).toMatchObject({ url: '/api/provider-info/p1/reviews?page=1&limit=50', authorization: 'Bearer member-token' });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says so when the reviews fail to load, and when there are none', async () => {
    await openProfile(provider(), [{ method: 'GET', path: '/api/provider-info/p1/reviews', status: 500, body: { message: 'boom' } }]);
    fireEvent.click(screen.getByRole('button', { name: 'Read All Reviews' }));
    const dialog = await screen.findByRole('dialog', { name: 'Patient Reviews' });
    expect(await within(dialog).findByText('Failed to load reviews. Please try again.')).toBeInTheDocument();

    server.setRoutes([
      { method: 'GET', path: '/api/provider-info/p1/reviews', status: 200, body: { reviews: [], page: 1, limit: 50, total: 0, totalPages: 0 } },
    ]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Try Again' }));
    expect(await within(dialog).findByText('No reviews yet.')).toBeInTheDocument();
    expect(within(dialog).queryByText('Failed to load reviews. Please try again.')).not.toBeInTheDocument();
  });

  it('shows the address card in place of the map when the record has no coordinates, and directions', async () => {
    const { container } = await openProfile(provider());
    const location = screen.getByRole('region', { name: 'Location' });
    expect(within(location).getByText(ADDRESS).closest('address')).not.toBeNull();
    expect(within(location).getByText('Map not available')).toBeInTheDocument();
    expect(container.querySelector('.leaflet-container')).toBeNull();
    const directions = within(location).getByRole('link', { name: /Get Directions/ });
    expect(directions).toHaveAttribute('href', `https://www.openstreetmap.org/directions?to=${encodeURIComponent(ADDRESS)}`);
    expect(directions).toHaveAttribute('target', '_blank');
    expect(directions).toHaveAttribute('rel', 'noreferrer');
  });

  it('shows the map when the record has coordinates, and the address card once a tile fails to load', async () => {
    const { container } = await openProfile(provider({ latitude: 39.7527, longitude: -104.9999 }));
    const location = screen.getByRole('region', { name: 'Location' });
    await waitFor(() => expect(container.querySelector('img.leaflet-tile')).not.toBeNull());
    const tile = container.querySelector('img.leaflet-tile')!;
    expect(tile.getAttribute('src')).toMatch(/^https:\/\/tile\.openstreetmap\.org\/15\/\d+\/\d+\.png$/);
    expect(within(location).queryByText('Map not available')).not.toBeInTheDocument();
    expect(within(location).getByText(ADDRESS)).toBeInTheDocument();

    fireEvent.error(tile);
    expect(await within(location).findByText('Map not available')).toBeInTheDocument();
    expect(within(location).getByText(ADDRESS).closest('address')).not.toBeNull();
    expect(container.querySelector('.leaflet-container')).toBeNull();
  });

  it('lists the qualifications, with DEA numbers only when the server sent them', async () => {
    await openProfile(provider());
    const qualifications = screen.getByRole('region', { name: 'Education and Qualifications' });
    for (const text of [
      'Nutrition, Longevity Medicine',
      'Quinn Integrative',
      'Naturopathic Medicine',
      'Attending, Denver Health',
      'Bastyr University, ND',
      '1234567893',
    ]) {
      expect(within(qualifications).getByText(text)).toBeInTheDocument();
    }
    expect(within(qualifications).getByText(/License Number ND-0042/)).toBeInTheDocument();
    expect(within(qualifications).queryByText(/DEA/)).not.toBeInTheDocument();
  });

  it('shows the DEA number to a viewer the server sends it to', async () => {
    await openProfile(provider({ stateLicenses: [{ state: 'CO', licenseNumber: 'ND-0042', deaNumber: 'AB1234563' }] }));
    const qualifications = screen.getByRole('region', { name: 'Education and Qualifications' });
    expect(within(qualifications).getByText(/DEA Number AB1234563/)).toBeInTheDocument();
  });

  it('saves the provider for the member and removes it again, saying so', async () => {
    server.setRoutes([
      profileRoute(provider()),
      { method: 'GET', path: '/api/saved-providers/p1', status: 200, body: { saved: false } },
      { method: 'PUT', path: '/api/saved-providers/p1', status: 204 },
      { method: 'DELETE', path: '/api/saved-providers/p1', status: 204 },
    ]);
    renderAt('/provider-profile/p1');
    await screen.findByRole('heading', { level: 1, name: 'Dr. Mara Quinn' });
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(save);
    expect(await screen.findByRole('button', { name: 'Saved' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() =>
      expect(server.requests.some((request) => request.method === 'PUT' && request.url === '/api/saved-providers/p1' && request.answered)).toBe(true),
    );
    // The button is disabled until the page has read the answer (the server marks it answered as it sends it).
    await waitFor(() => expect(screen.getByRole('button', { name: 'Saved' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Saved' }));
    expect(await screen.findByRole('button', { name: 'Save' })).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(server.requests.every((request) => request.answered)).toBe(true));
    expect(server.requests.filter((request) => request.method !== 'GET').map((request) => request.method)).toEqual(['PUT', 'DELETE']);
  });

  it('shows a saved provider as saved, and puts the button back when saving is refused', async () => {
    server.setRoutes([
      profileRoute(provider()),
      { method: 'GET', path: '/api/saved-providers/p1', status: 200, body: { saved: true } },
      { method: 'DELETE', path: '/api/saved-providers/p1', status: 403, body: { message: 'An active membership is required' } },
    ]);
    renderAt('/provider-profile/p1');
    fireEvent.click(await screen.findByRole('button', { name: 'Saved' }));
    await waitFor(() => expect(server.requests.some((request) => request.method === 'DELETE' && request.answered)).toBe(true));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Saved' })).toHaveAttribute('aria-pressed', 'true'));
    expect(screen.getByRole('button', { name: 'Saved' })).toBeEnabled();
  });

  describe('opened from a search near a place', () => {
    const ids = ['11111111-0000-4000-8000-000000000000', '22222222-0000-4000-8000-000000000000'];

    it('shows how far the practice is from the ZIP code, asked for with it, and compares from the same ZIP code', async () => {
      localStorage.setItem(compareStorageKey('u1'), JSON.stringify(ids.map((id, index) => ({ id, name: `Dr. Number ${index + 1}` }))));
      server.setRoutes([{ ...profileRoute(provider()), query: { near: '78704' }, body: { provider: provider(), distanceMiles: 3.2 } }]);
      renderAt('/provider-profile/p1?near=78704');
      await screen.findByRole('heading', { level: 1, name: 'Dr. Mara Quinn' });
      expect(profileRequests()).toEqual([expect.objectContaining({ url: '/api/provider-info/p1?near=78704' })]);
      expect(screen.getByText('3.2 mi away')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Compare (2)' })).toHaveAttribute('href', `/compare?ids=${ids.join(',')}&zip=78704`);
    });

    it('measures from the member’s rounded position as the directory sent it', async () => {
      server.setRoutes([{ ...profileRoute(provider()), query: { lat: '30.27', lng: '-97.74' }, body: { provider: provider(), distanceMiles: 812.6 } }]);
      renderAt('/provider-profile/p1?lat=30.27&lng=-97.74');
      expect(await screen.findByText('812.6 mi away')).toBeInTheDocument();
      expect(profileRequests()).toEqual([expect.objectContaining({ url: '/api/provider-info/p1?lat=30.27&lng=-97.74' })]);
    });

    it('shows the profile without a distance when the API refuses the place (a link edited by hand)', async () => {
      server.setRoutes([
        { method: 'GET', path: '/api/provider-info/p1', query: { near: '00000' }, status: 400, body: { message: PlaceMessages.zipUnknown } },
        profileRoute(provider()),
      ]);
      renderAt('/provider-profile/p1?near=00000');
      await screen.findByRole('heading', { level: 1, name: 'Dr. Mara Quinn' });
      expect(profileRequests().map((request) => request.url)).toEqual(['/api/provider-info/p1?near=00000', '/api/provider-info/p1']);
      expect(screen.queryByText(/mi away$/)).not.toBeInTheDocument();
    });
  });
});
