import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DirectoryProvider } from '@altmed/contracts/web';
import { createSessionStore } from '@altmed/web-kit';
import { setupTestServer } from '@altmed/web-kit/src/testing/httpFetch';
import { renderAtPath } from '@altmed/web-kit/src/testing/renderAtPath';
import { StandaloneRoutes } from '../app/StandaloneRoutes';
import { compareStorageKey } from '../lib/compareTray';

const server = setupTestServer();
beforeEach(() => localStorage.clear());

const ids = [1, 2, 3, 4, 5].map((n) => `${n}`.repeat(8) + '-0000-4000-8000-000000000000');
const card = (n: number): DirectoryProvider => ({
  _id: ids[n - 1]!,
  providerName: `Dr. Number ${n}`,
  practiceName: 'Practice',
  specialties: [],
  city: 'Austin',
  state: 'TX',
  totalReviews: 0,
  averageRating: 0,
});

function renderDirectory(memberId = 'u1') {
  server.setRoutes([
    {
      method: 'GET',
      path: '/api/directory/providers',
      status: 200,
      body: { access: 'full', providers: [1, 2, 3, 4, 5].map(card), total: 5, page: 1, pageSize: 20, totalPages: 1, areaCounts: [], stateCounts: [] },
    },
  ]);
  const store = createSessionStore(localStorage);
  store.login('member-token', { id: memberId, name: 'Ada', email: 'ada@example.com', role: 'user' });
  return renderAtPath('/providers', <StandaloneRoutes />, store);
}

const tray = () => screen.getByRole('complementary', { name: 'Providers to compare' });
const toggle = (n: number) => screen.getByRole('button', { name: `Add Dr. Number ${n} to compare` });

describe('compare tray', () => {
  it('picks providers from the directory’s cards, up to four, and links the comparison from two', async () => {
    renderDirectory();
    await screen.findByText('5 providers match your search');
    expect(screen.queryByRole('complementary', { name: 'Providers to compare' })).not.toBeInTheDocument();

    fireEvent.click(toggle(1));
    expect(toggle(1)).toHaveAttribute('aria-pressed', 'true');
    expect(within(tray()).getByText('Dr. Number 1')).toBeInTheDocument();
    expect(within(tray()).queryByRole('link')).not.toBeInTheDocument();
    expect(within(tray()).getByText('Compare (1)')).toHaveAttribute('aria-disabled', 'true');
    expect(within(tray()).getByText('Pick at least 2 providers to compare')).toBeInTheDocument();

    for (const n of [2, 3, 4]) fireEvent.click(toggle(n));
    expect(toggle(5)).toBeDisabled();
    expect(within(tray()).getByRole('link', { name: 'Compare (4)' })).toHaveAttribute('href', `/compare?ids=${ids.slice(0, 4).join(',')}`);
    expect(JSON.parse(localStorage.getItem(compareStorageKey('u1'))!)).toHaveLength(4);

    fireEvent.click(within(tray()).getByRole('button', { name: 'Remove Dr. Number 2 from compare' }));
    expect(toggle(2)).toHaveAttribute('aria-pressed', 'false');
    expect(toggle(5)).toBeEnabled();
    fireEvent.click(toggle(3));
    expect(within(tray()).getByRole('link', { name: 'Compare (2)' })).toHaveAttribute('href', `/compare?ids=${ids[0]},${ids[3]}`);

    fireEvent.click(within(tray()).getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(screen.queryByRole('complementary', { name: 'Providers to compare' })).not.toBeInTheDocument());
    expect(localStorage.getItem(compareStorageKey('u1'))).toBeNull();
  });

  it('comes back with the picks after the page is opened again', async () => {
    localStorage.setItem(compareStorageKey('u1'), JSON.stringify([{ id: ids[1], name: 'Dr. Number 2' }]));
    renderDirectory();
    await screen.findByText('5 providers match your search');
    expect(within(tray()).getByText('Dr. Number 2')).toBeInTheDocument();
    expect(toggle(2)).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows another member on the same browser none of the picks', async () => {
    localStorage.setItem(compareStorageKey('u1'), JSON.stringify([{ id: ids[1], name: 'Dr. Number 2' }]));
    renderDirectory('u2');
    await screen.findByText('5 providers match your search');
    expect(screen.queryByRole('complementary', { name: 'Providers to compare' })).not.toBeInTheDocument();
    expect(toggle(2)).toHaveAttribute('aria-pressed', 'false');
  });
});
