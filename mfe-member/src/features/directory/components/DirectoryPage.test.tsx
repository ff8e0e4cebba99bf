import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PlaceMessages, type DirectoryProvider, type DirectoryResponse } from '@altmed/contracts/web';
import { createSessionStore } from '@altmed/web-kit';
import { setupTestServer, type TestRoute } from '@altmed/web-kit/src/testing/httpFetch';
import { renderAtPath } from '@altmed/web-kit/src/testing/renderAtPath';
import { StandaloneRoutes } from '../../../app/StandaloneRoutes';

const server = setupTestServer();

beforeEach(() => localStorage.clear());

function renderAs(path: string, role: 'user' | 'visitor' = 'user') {
  const store = createSessionStore(localStorage);
  if (role === 'user') store.login('member-token', { id: 'u1', name: 'Ada', email: 'ada@example.com', role: 'user' });
  return renderAtPath(path, <StandaloneRoutes />, store);
}

function card(overrides: Partial<DirectoryProvider> = {}): DirectoryProvider {
  return {
    _id: 'p1',
    providerName: 'Dr. Maya Patel',
    practiceName: 'Green Valley Wellness',
    specialties: ['Nutrition', 'Autoimmune'],
    city: 'Austin',
    state: 'TX',
    totalReviews: 3,
    averageRating: 4.5,
    verifiedAt: '2025-06-05T12:00:00.000Z',
    ...overrides,
  };
}

const answer = (body: Partial<DirectoryResponse>, extra: Partial<TestRoute> = {}): TestRoute => ({
  method: 'GET',
  path: '/api/directory/providers',
  status: 200,
  body: { access: 'full', providers: [], total: 0, page: 1, pageSize: 20, totalPages: 1, areaCounts: [], stateCounts: [], ...body },
  ...extra,
});

/** Every request answered: none of this test's can reach the next test's server. */
const allAnswered = () => waitFor(() => expect(server.requests.every((request) => request.answered)).toBe(true));

const lastQuery = () => new URL(server.requests.at(-1)!.url, 'http://x').searchParams;

describe('directory page', () => {
  it('shows a member’s results with rating, areas, place and verification, asked for with the member’s token', async () => {
    server.setRoutes([
      answer({ providers: [card(), card({ _id: 'p2', providerName: 'Dr. Liam Chen', totalReviews: 0, averageRating: 0, verifiedAt: undefined })], total: 2 }),
    ]);
    renderAs('/providers');
    expect(await screen.findByText('2 providers match your search')).toBeInTheDocument();
    const results = screen.getByRole('list', { name: 'Search results' });
    const maya = within(results).getAllByRole('listitem')[0]!;
    expect(within(maya).getByRole('link', { name: "View Dr. Maya Patel's profile" })).toHaveAttribute('href', '/provider-profile/p1');
    expect(within(maya).getByText('Green Valley Wellness')).toBeInTheDocument();
    expect(within(maya).getByText('Austin, TX')).toBeInTheDocument();
    expect(within(maya).getByRole('img', { name: '4.5 out of 5' })).toBeInTheDocument();
    expect(within(maya).getByText('4.5 · 3 reviews')).toBeInTheDocument();
    expect(within(maya).getByText('Verified on June 5, 2025')).toBeInTheDocument();
    expect(within(results).getByText('No reviews yet')).toBeInTheDocument();
    expect(server.requests[0]!.authorization).toBe('Bearer member-token');
  });

  it('shows beside each area and state how many providers it holds, from the same answer', async () => {
    server.setRoutes([answer({ providers: [card()], total: 1, areaCounts: [{ area: 'Nutrition', count: 7 }], stateCounts: [{ state: 'TX', count: 2 }] })]);
    renderAs('/providers');
    expect(await screen.findByRole('checkbox', { name: 'Nutrition (7)' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Vision (0)' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'TX (2)' })).toBeInTheDocument();
    expect(server.requests).toHaveLength(1);
  });

  it('searches from the URL it was opened with, and puts each change in the URL from page 1', async () => {
    server.setRoutes([answer({ providers: [card()], total: 45, page: 2, totalPages: 3 })]);
    const { location } = renderAs('/providers?areas=Nutrition&state=TX&page=2');
    await screen.findByText('45 providers match your search');
    expect(lastQuery().getAll('areas')).toEqual(['Nutrition']);
    expect(lastQuery().get('state')).toBe('TX');
    expect(lastQuery().get('page')).toBe('2');
    expect(screen.getByRole('checkbox', { name: /^Nutrition/ })).toBeChecked();
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(location.search).toBe('?areas=Nutrition&state=TX&page=3'));

    fireEvent.change(screen.getByRole('searchbox', { name: 'Name, practice or area of interest' }), { target: { value: 'patel' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'City' }), { target: { value: 'Austin' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(location.search).toBe('?q=patel&areas=Nutrition&state=TX&city=Austin'));
    await waitFor(() => expect(lastQuery().get('q')).toBe('patel'));

    fireEvent.click(screen.getByRole('checkbox', { name: /^Vision/ }));
    await waitFor(() => expect(location.search).toBe('?q=patel&areas=Nutrition&areas=Vision&state=TX&city=Austin'));
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: 'reviews' } });
    await waitFor(() => expect(location.search).toContain('sort=reviews'));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Only my saved providers' }));
    await waitFor(() => expect(lastQuery().get('saved')).toBe('true'));
    await allAnswered();
  });

  it('offers to clear the filters when nothing matches', async () => {
    server.setRoutes([answer({ total: 0 })]);
    const { location } = renderAs('/providers?q=zzz&sort=name');
    expect(await screen.findByRole('heading', { name: 'No providers match your search' })).toBeInTheDocument();
    fireEvent.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    await waitFor(() => expect(location.search).toBe('?sort=name'));
    await waitFor(() => expect(lastQuery().get('q')).toBeNull());
    await allAnswered();
  });

  it('shows a visitor how many providers match, blurred shapes and Join, without any provider', async () => {
    server.setRoutes([answer({ access: 'preview', total: 12 })]);
    renderAs('/providers', 'visitor');
    expect(await screen.findByRole('heading', { name: '12 vetted providers match your search' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Join to see them' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Search results' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Only my saved providers' })).not.toBeInTheDocument();
    // No counts beside the choices: the preview has none, and "(0)" beside every area would be wrong.
    expect(screen.getByRole('checkbox', { name: 'Nutrition' })).toBeInTheDocument();
    expect(screen.queryByText('(0)')).not.toBeInTheDocument();
    expect(server.requests[0]!.authorization).toBeUndefined();
  });

  it('opens a shared link to someone’s saved providers as the plain search for a visitor', async () => {
    server.setRoutes([answer({ access: 'preview', total: 12 })]);
    renderAs('/providers?saved=true&state=TX', 'visitor');
    expect(await screen.findByRole('heading', { name: '12 vetted providers match your search' })).toBeInTheDocument();
    expect(lastQuery().toString()).toBe('state=TX');
    await allAnswered();
  });

  it('says when the search failed and tries again', async () => {
    server.setRoutes([answer({}, { status: 500, body: { message: 'Something went wrong' } })]);
    renderAs('/providers');
    expect(await screen.findByText('We could not load providers')).toBeInTheDocument();
    server.setRoutes([answer({ providers: [card()], total: 1 })]);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('1 provider matches your search')).toBeInTheDocument();
  });
});

/** The browser's geolocation, as a test answers it: `answer` decides what getCurrentPosition calls back with. */
function mockGeolocation(answer: (success: PositionCallback, failure: PositionErrorCallback) => void) {
  const getCurrentPosition = jest.fn((success: PositionCallback, failure?: PositionErrorCallback | null) => answer(success, failure!));
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
  return getCurrentPosition;
}

const positionAt = (latitude: number, longitude: number) => ({ coords: { latitude, longitude, accuracy: 30 }, timestamp: Date.now() }) as GeolocationPosition;
const positionError = (code: 1 | 2 | 3) => ({ code, message: 'no', PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 }) as GeolocationPositionError;

describe('directory near a place', () => {
  afterEach(() => {
    delete (navigator as { geolocation?: unknown }).geolocation;
  });

  const zipField = () => screen.getByRole('textbox', { name: 'ZIP code' });
  const locationStatus = () => within(screen.getByRole('search')).getByRole('status');

  /** The answer near 78704 within 10 miles, and any other search's. */
  const nearRoutes = () => [
    answer(
      {
        providers: [card({ distanceMiles: 0.4 }), card({ _id: 'p2', providerName: 'Dr. Liam Chen', distanceMiles: 12.3 })],
        total: 2,
        withoutDistance: 3,
        areaCounts: [{ area: 'Nutrition', count: 2 }],
        stateCounts: [{ state: 'TX', count: 2 }],
      },
      { query: { near: '78704', radius: '10' } },
    ),
    // The first route that matches answers: this one only when the one above does not.
    answer({ providers: [card()], total: 1, areaCounts: [{ area: 'Nutrition', count: 9 }] }),
  ];

  it('searches near a ZIP code within a radius, with each card’s distance and the place in the URL and the call', async () => {
    server.setRoutes(nearRoutes());
    const { location } = renderAs('/providers?areas=Nutrition');
    await screen.findByText('1 provider matches your search');
    expect(screen.getByRole('combobox', { name: 'Within' })).toHaveValue('25');

    fireEvent.change(screen.getByRole('combobox', { name: 'Within' }), { target: { value: '10' } });
    fireEvent.change(zipField(), { target: { value: '78704' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(location.search).toBe('?areas=Nutrition&near=78704&radius=10'));
    expect(await screen.findByText('2 providers match within 10 miles of 78704')).toBeInTheDocument();
    expect(lastQuery().toString()).toBe('areas=Nutrition&near=78704&radius=10');
    expect(screen.getByText('3 more providers match but have no known location, so they are not listed.')).toBeInTheDocument();

    const results = screen.getByRole('list', { name: 'Search results' });
    expect(
      within(results)
        .getAllByText(/ mi$/)
        .map((distance) => distance.textContent),
    ).toEqual(['0.4 mi', '12.3 mi']);
    expect(within(results).getByRole('link', { name: "View Dr. Liam Chen's profile" })).toHaveAttribute('href', '/provider-profile/p2?near=78704');
    // The counts beside the choices are the ones within the radius, from the same answer.
    expect(screen.getByRole('checkbox', { name: 'Nutrition (2)' })).toBeChecked();
    await allAnswered();
  });

  it('lists nearest first by default near a place, offers it only there, and clears the place with the filters', async () => {
    server.setRoutes(nearRoutes());
    const { location } = renderAs('/providers?areas=Nutrition&near=78704&radius=10');
    await screen.findByText('2 providers match within 10 miles of 78704');
    expect(lastQuery().get('sort')).toBeNull();
    const sort = () => screen.getByRole('combobox', { name: 'Sort by' });
    expect(sort()).toHaveValue('distance');
    expect(within(sort()).getByRole('option', { name: 'Nearest first' })).toBeInTheDocument();

    // Another order goes in the URL; back to nearest first leaves it out again.
    fireEvent.change(sort(), { target: { value: 'rating' } });
    await waitFor(() => expect(location.search).toBe('?areas=Nutrition&near=78704&radius=10&sort=rating'));
    fireEvent.change(sort(), { target: { value: 'distance' } });
    await waitFor(() => expect(location.search).toBe('?areas=Nutrition&near=78704&radius=10'));

    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(location.search).toBe(''));
    expect(zipField()).toHaveValue('');
    await screen.findByText('1 provider matches your search');
    expect(sort()).toHaveValue('rating');
    expect(within(sort()).queryByRole('option', { name: 'Nearest first' })).not.toBeInTheDocument();
    await allAnswered();
  });

  it('opens a shared link near a ZIP code as it was, and carries the ZIP code into the comparison', async () => {
    const ids = ['11111111-0000-4000-8000-000000000000', '22222222-0000-4000-8000-000000000000'];
    server.setRoutes([
      answer({ providers: ids.map((id, index) => card({ _id: id, providerName: `Dr. Number ${index + 1}`, distanceMiles: index + 1 })), total: 2 }),
    ]);
    renderAs('/providers?near=97201&radius=50&sort=name');
    await screen.findByText('2 providers match within 50 miles of 97201');
    expect(lastQuery().toString()).toBe('near=97201&radius=50&sort=name');
    expect(zipField()).toHaveValue('97201');
    expect(screen.getByRole('combobox', { name: 'Within' })).toHaveValue('50');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('name');

    fireEvent.click(screen.getByRole('button', { name: 'Add Dr. Number 1 to compare' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add Dr. Number 2 to compare' }));
    expect(screen.getByRole('link', { name: 'Compare (2)' })).toHaveAttribute('href', `/compare?ids=${ids.join(',')}&zip=97201`);
  });

  it('catches a ZIP code that is not 5 digits before sending anything', async () => {
    server.setRoutes([answer({ providers: [card()], total: 1 })]);
    const { location } = renderAs('/providers');
    await screen.findByText('1 provider matches your search');
    fireEvent.change(zipField(), { target: { value: '787a' } });
    expect(zipField()).toHaveValue('787');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PlaceMessages.zipInvalid);
    expect(zipField()).toHaveAccessibleDescription(PlaceMessages.zipInvalid);
    // A choice made meanwhile waits for the ZIP code too.
    fireEvent.click(screen.getByRole('checkbox', { name: /^Vision/ }));
    expect(location.search).toBe('');
    expect(server.requests).toHaveLength(1);
  });

  it('shows beside the ZIP field that the API does not know the ZIP code, not as a page error', async () => {
    server.setRoutes([answer({}, { status: 400, body: { message: PlaceMessages.zipUnknown } })]);
    renderAs('/providers?near=00000');
    expect(await screen.findByRole('alert')).toHaveTextContent(PlaceMessages.zipUnknown);
    expect(zipField()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('heading', { name: 'Check the ZIP code' })).toBeInTheDocument();
    expect(screen.queryByText('We could not load providers')).not.toBeInTheDocument();
    // Once another ZIP code is typed, the message is not about it.
    fireEvent.change(zipField(), { target: { value: '7870' } });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('asks the browser for the position only when Use my location is pressed, and searches near it rounded to 2 decimals', async () => {
    const getCurrentPosition = mockGeolocation((success) => success(positionAt(30.267153, -97.743057)));
    server.setRoutes([
      answer({ providers: [card({ distanceMiles: 1.2 })], total: 1, withoutDistance: 0 }, { query: { lat: '30.27', lng: '-97.74' } }),
      answer({ providers: [card()], total: 1 }),
    ]);
    const { location } = renderAs('/providers?q=patel');
    await screen.findByText('1 provider matches your search');
    expect(getCurrentPosition).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(getCurrentPosition).toHaveBeenCalledWith(expect.any(Function), expect.any(Function), expect.objectContaining({ timeout: 10_000 }));
    await waitFor(() => expect(location.search).toBe('?q=patel&lat=30.27&lng=-97.74&radius=25'));
    expect(await screen.findByText('1 provider matches within 25 miles of your location')).toBeInTheDocument();
    expect(lastQuery().toString()).toBe('q=patel&lat=30.27&lng=-97.74&radius=25');
    // Nothing more precise left the browser, and nothing was kept.
    expect(server.requests.some((request) => request.url.includes('30.2671'))).toBe(false);
    expect(JSON.stringify({ ...localStorage })).not.toContain('30.27');
    expect(document.cookie).toBe('');

    expect(screen.queryByRole('textbox', { name: 'ZIP code' })).not.toBeInTheDocument();
    expect(screen.getByText('Your location')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "View Dr. Maya Patel's profile" })).toHaveAttribute('href', '/provider-profile/p1?lat=30.27&lng=-97.74');
    expect(screen.getByText('1.2 mi')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Use a ZIP code instead' }));
    await waitFor(() => expect(location.search).toBe('?q=patel'));
    await waitFor(() => expect(zipField()).toHaveFocus());
    await allAnswered();
  });

  it('says so beside the button when the browser refuses the position, and leaves the ZIP field to use', async () => {
    mockGeolocation((_, failure) => failure(positionError(1)));
    server.setRoutes([answer({ providers: [card()], total: 1 })]);
    const { location } = renderAs('/providers');
    await screen.findByText('1 provider matches your search');
    expect(locationStatus()).toHaveTextContent('');
    fireEvent.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(locationStatus()).toHaveTextContent('Your browser did not share your location. Enter a ZIP code instead.');
    expect(locationStatus()).toHaveAttribute('aria-live', 'polite');
    expect(zipField()).toBeEnabled();
    expect(location.search).toBe('');
    expect(server.requests).toHaveLength(1);
  });

  it('says so when finding the position takes too long, and lets the member try again', async () => {
    // The browser gives up when the test says so (after the timeout the page asked for).
    let giveUp = () => {};
    const getCurrentPosition = mockGeolocation((_, failure) => {
      giveUp = () => failure(positionError(3));
    });
    server.setRoutes([answer({ providers: [card()], total: 1 })]);
    renderAs('/providers');
    await screen.findByText('1 provider matches your search');
    fireEvent.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(locationStatus()).toHaveTextContent('Finding your location…');
    expect(screen.getByRole('button', { name: 'Use my location' })).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);

    act(() => giveUp());
    expect(locationStatus()).toHaveTextContent('Finding your location took too long. Try again, or enter a ZIP code.');
    expect(screen.getByRole('button', { name: 'Use my location' })).toHaveAttribute('aria-disabled', 'false');
    expect(zipField()).toBeEnabled();
    fireEvent.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(getCurrentPosition).toHaveBeenCalledTimes(2);
  });
});

describe('the results’ map', () => {
  const austin = { latitude: 30.243, longitude: -97.768 };
  const mapPage = () =>
    answer({
      providers: [
        card({ distanceMiles: 0, point: austin }),
        card({ _id: 'p2', providerName: 'Dr. Ava Brooks', distanceMiles: 0, point: austin }),
        card({ _id: 'p3', providerName: 'Dr. Liam Chen', city: 'Round Rock', distanceMiles: 17.4, point: { latitude: 30.508, longitude: -97.679 } }),
        card({ _id: 'p4', providerName: 'Dr. Noah Reyes', distanceMiles: undefined }),
      ],
      total: 4,
    });
  const mapRegion = () => screen.getByRole('region', { name: 'Map of this page’s providers' });

  it('shows the page’s providers as markers only when asked, named by the providers there and opening their profiles, the list staying', async () => {
    server.setRoutes([mapPage()]);
    const { container } = renderAs('/providers?near=78704');
    await screen.findByText('4 providers match within 25 miles of 78704');
    const toggle = screen.getByRole('button', { name: 'Show map' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(container.querySelector('.leaflet-container')).toBeNull();

    fireEvent.click(toggle);
    const region = mapRegion();
    // One marker per place, a button named by the providers practising there.
    const together = await within(region).findByRole('button', { name: 'Dr. Maya Patel, Dr. Ava Brooks' });
    expect(together).toHaveTextContent('2');
    expect(within(region).getByRole('button', { name: 'Dr. Liam Chen' })).toBeInTheDocument();
    expect(container.querySelectorAll('.leaflet-marker-icon')).toHaveLength(2);
    expect(screen.getByText('One provider on this page has no known location and is not on the map.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hide map' })).toHaveAttribute('aria-expanded', 'true');
    // The list is still every result, the one without a marker too.
    expect(within(screen.getByRole('list', { name: 'Search results' })).getAllByRole('heading', { level: 3 })).toHaveLength(4);

    // A marker, pressed with the keyboard (Leaflet clicks it on Enter), opens its providers' profiles, with the place searched from.
    fireEvent.click(together);
    const maya = await within(region).findByRole('link', { name: 'Dr. Maya Patel' });
    expect(maya).toHaveAttribute('href', '/provider-profile/p1?near=78704');
    expect(within(region).getByRole('link', { name: 'Dr. Ava Brooks' })).toHaveAttribute('href', '/provider-profile/p2?near=78704');
    expect(within(region).getAllByText(/0 mi$/)).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Hide map' }));
    expect(container.querySelector('.leaflet-container')).toBeNull();
    expect(within(screen.getByRole('list', { name: 'Search results' })).getAllByRole('heading', { level: 3 })).toHaveLength(4);
  });

  it('keeps the markers and the list when the map’s tiles cannot load, and says why the map is blank', async () => {
    server.setRoutes([mapPage()]);
    const { container } = renderAs('/providers?near=78704');
    fireEvent.click(await screen.findByRole('button', { name: 'Show map' }));
    await waitFor(() => expect(container.querySelector('img.leaflet-tile')).not.toBeNull());
    expect(container.querySelector('img.leaflet-tile')!.getAttribute('src')).toMatch(/^https:\/\/tile\.openstreetmap\.org\/\d+\/\d+\/\d+\.png$/);

    fireEvent.error(container.querySelector('img.leaflet-tile')!);
    expect(await screen.findByText('The map’s background could not be loaded; the markers still show where the providers are.')).toBeInTheDocument();
    expect(within(mapRegion()).getByRole('button', { name: 'Dr. Liam Chen' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Search results' })).getAllByRole('heading', { level: 3 })).toHaveLength(4);
  });

  it('keeps the map open while the member pages through the results', async () => {
    server.setRoutes([{ ...mapPage(), body: { ...(mapPage().body as DirectoryResponse), total: 45, totalPages: 3 } }]);
    const { location } = renderAs('/providers?near=78704');
    fireEvent.click(await screen.findByRole('button', { name: 'Show map' }));
    await within(mapRegion()).findByRole('button', { name: 'Dr. Liam Chen' });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(location.search).toBe('?near=78704&radius=25&page=2'));
    await waitFor(() => expect(lastQuery().get('page')).toBe('2'));
    const region = await screen.findByRole('region', { name: 'Map of this page’s providers' });
    expect(await within(region).findByRole('button', { name: 'Dr. Liam Chen' })).toBeInTheDocument();
    await allAnswered();
  });
});
