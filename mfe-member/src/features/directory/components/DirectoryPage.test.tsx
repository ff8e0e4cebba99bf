import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DirectoryProvider, DirectoryResponse } from '@altmed/contracts/web';
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
