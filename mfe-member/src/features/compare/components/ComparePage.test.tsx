import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CompareProvider, CompareResponse } from '@altmed/contracts/web';
import { createSessionStore } from '@altmed/web-kit';
import { setupTestServer, type TestRoute } from '@altmed/web-kit/src/testing/httpFetch';
import { renderAtPath } from '@altmed/web-kit/src/testing/renderAtPath';
import { StandaloneRoutes } from '../../../app/StandaloneRoutes';
import { compareStorageKey } from '../../../lib/compareTray';

const server = setupTestServer();

const MAYA = '11111111-1111-4111-8111-111111111111';
const LIAM = '22222222-2222-4222-8222-222222222222';
const AVA = '33333333-3333-4333-8333-333333333333';

beforeEach(() => localStorage.clear());

function renderAs(path: string) {
  const store = createSessionStore(localStorage);
  store.login('member-token', { id: 'u1', name: 'Ada', email: 'ada@example.com', role: 'user' });
  return renderAtPath(path, <StandaloneRoutes />, store);
}

function provider(overrides: Partial<CompareProvider>): CompareProvider {
  return {
    _id: MAYA,
    providerName: 'Dr. Maya Patel',
    practiceName: 'Green Valley Wellness',
    city: 'Austin',
    state: 'TX',
    specialties: ['Nutrition'],
    licenseStates: ['TX'],
    boardCertifications: ['ABIHM'],
    educationAndTraining: ['Bastyr University'],
    yearsSinceFirstLicense: null,
    totalReviews: 3,
    averageSatisfactionRating: 4.5,
    averageEfficacyRating: 4,
    distanceMiles: null,
    ...overrides,
  };
}

const three = (distances: (number | null)[] = [null, null, null]): CompareProvider[] => [
  provider({ distanceMiles: distances[0] }),
  provider({ _id: LIAM, providerName: 'Dr. Liam Chen', city: 'Portland', state: 'OR', licenseStates: ['OR'], distanceMiles: distances[1] }),
  provider({ _id: AVA, providerName: 'Dr. Ava Brooks', totalReviews: 0, averageSatisfactionRating: 0, averageEfficacyRating: 0, distanceMiles: distances[2] }),
];

const answer = (body: CompareResponse, extra: Partial<TestRoute> = {}): TestRoute => ({
  method: 'GET',
  path: '/api/directory/compare',
  status: 200,
  body,
  ...extra,
});

const allAnswered = () => waitFor(() => expect(server.requests.every((request) => request.answered)).toBe(true));
const lastQuery = () => new URL(server.requests.at(-1)!.url, 'http://x').searchParams;
const rowOf = (table: HTMLElement, header: string) =>
  within(table)
    .getByRole('rowheader', { name: new RegExp(`^${header}`) })
    .closest('tr')!;

describe('compare page', () => {
  it('shows the providers side by side with row headers, marks the rows that differ, and links each profile', async () => {
    server.setRoutes([answer({ providers: three(), origin: null })]);
    renderAs(`/compare?ids=${MAYA},${LIAM},${AVA}`);
    const table = await screen.findByRole('table', { name: /Providers side by side/ });
    expect(lastQuery().get('ids')).toBe(`${MAYA},${LIAM},${AVA}`);
    expect(server.requests[0]!.authorization).toBe('Bearer member-token');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => within(cell).getByRole('link').textContent),
    ).toEqual(['Dr. Maya Patel', 'Dr. Liam Chen', 'Dr. Ava Brooks']);

    const licences = rowOf(table, 'Licensed in');
    expect(licences).toHaveAttribute('data-differs', 'true');
    expect(within(licences).getByText('Differs')).toBeInTheDocument();
    expect(
      within(licences)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['TX', 'OR', 'TX']);

    const areas = rowOf(table, 'Areas of interest');
    expect(areas).toHaveAttribute('data-differs', 'false');
    expect(within(areas).queryByText('Differs')).not.toBeInTheDocument();

    expect(within(rowOf(table, 'Years since first licence')).getAllByText('Not provided')).toHaveLength(3);
    const satisfaction = rowOf(table, 'Satisfaction');
    expect(
      within(satisfaction)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['4.5 · 3 reviews', '4.5 · 3 reviews', 'No reviews yet']);
    expect(within(satisfaction).getAllByRole('img', { name: '4.5 out of 5' })).toHaveLength(2);
    expect(within(rowOf(table, 'Distance')).getAllByText('Enter your ZIP code')).toHaveLength(3);
    expect(within(table).getByRole('link', { name: "View Dr. Liam Chen's profile" })).toHaveAttribute('href', `/provider-profile/${LIAM}`);
    await allAnswered();
  });

  it('shows the distances from the ZIP the member enters, kept in the URL', async () => {
    server.setRoutes([answer({ providers: three(), origin: null })]);
    const { location } = renderAs(`/compare?ids=${MAYA},${LIAM},${AVA}`);
    await screen.findByRole('table');

    const zip = screen.getByRole('textbox', { name: /Your ZIP code/ });
    fireEvent.change(zip, { target: { value: '787' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show distances' }));
    expect(await screen.findByText('Enter a 5-digit ZIP code')).toBeInTheDocument();
    expect(server.requests).toHaveLength(1);

    server.setRoutes([answer({ providers: three([0, 1706.2, null]), origin: { zip: '78701', known: true } }, { query: { zip: '78701' } })]);
    fireEvent.change(zip, { target: { value: '78701' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show distances' }));
    await waitFor(() => expect(location.search).toBe(`?ids=${MAYA},${LIAM},${AVA}&zip=78701`));
    const distance = rowOf(await screen.findByRole('table'), 'Distance');
    await waitFor(() =>
      expect(
        within(distance)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ).toEqual(['0 miles', '1,706.2 miles', 'Unknown']),
    );
    expect(distance).toHaveAttribute('data-differs', 'true');
    expect(lastQuery().get('zip')).toBe('78701');
    expect(screen.getByRole('textbox', { name: /Your ZIP code/ })).toHaveValue('78701');
    // The profiles measure from the same ZIP code.
    expect(screen.getByRole('link', { name: "View Dr. Liam Chen's profile" })).toHaveAttribute('href', `/provider-profile/${LIAM}?near=78701`);
    await allAnswered();
  });

  it('says when the ZIP is not known and when a picked provider is no longer listed', async () => {
    server.setRoutes([answer({ providers: three().slice(0, 2), origin: { zip: '00000', known: false } })]);
    renderAs(`/compare?ids=${MAYA},${LIAM},${AVA}&zip=00000`);
    expect(await screen.findByText('One provider you picked is no longer listed and was left out.')).toBeInTheDocument();
    expect(screen.getByText('We do not know the ZIP code 00000; no distances are shown.')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader')).toHaveLength(2);
    await allAnswered();
  });

  it('removes a provider from the comparison and from the tray', async () => {
    localStorage.setItem(
      compareStorageKey('u1'),
      JSON.stringify([
        { id: MAYA, name: 'Dr. Maya Patel' },
        { id: LIAM, name: 'Dr. Liam Chen' },
        { id: AVA, name: 'Dr. Ava Brooks' },
      ]),
    );
    server.setRoutes([answer({ providers: three(), origin: null })]);
    const { location } = renderAs(`/compare?ids=${MAYA},${LIAM},${AVA}`);
    await screen.findByRole('table');
    server.setRoutes([answer({ providers: [three()[0]!, three()[2]!], origin: null })]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Dr. Liam Chen from the comparison' }));
    await waitFor(() => expect(location.search).toBe(`?ids=${MAYA},${AVA}`));
    await waitFor(() => expect(screen.getAllByRole('columnheader')).toHaveLength(2));
    expect(lastQuery().get('ids')).toBe(`${MAYA},${AVA}`);
    expect((JSON.parse(localStorage.getItem(compareStorageKey('u1'))!) as { id: string }[]).map((pick) => pick.id)).toEqual([MAYA, AVA]);
    await allAnswered();
  });

  it('asks to pick at least two providers', async () => {
    renderAs(`/compare?ids=${MAYA}`);
    expect(await screen.findByRole('heading', { name: 'Pick at least 2 providers' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find providers' })).toHaveAttribute('href', '/providers');
    expect(server.requests).toHaveLength(0);
  });

  it('opens the tray’s picks on /compare alone', async () => {
    localStorage.setItem(
      compareStorageKey('u1'),
      JSON.stringify([
        { id: MAYA, name: 'Dr. Maya Patel' },
        { id: LIAM, name: 'Dr. Liam Chen' },
      ]),
    );
    server.setRoutes([answer({ providers: three().slice(0, 2), origin: null })]);
    const { location } = renderAs('/compare');
    await waitFor(() => expect(location.search).toBe(`?ids=${MAYA},${LIAM}`));
    expect(await screen.findByRole('table')).toBeInTheDocument();
    await allAnswered();
  });

  it('says when the comparison failed and tries again, and offers the membership to a member without one', async () => {
    server.setRoutes([answer({ providers: [], origin: null }, { status: 500, body: { message: 'Something went wrong' } })]);
    renderAs(`/compare?ids=${MAYA},${LIAM}`);
    expect(await screen.findByText('We could not load the comparison')).toBeInTheDocument();
    server.setRoutes([answer({ providers: [], origin: null }, { status: 403, body: { message: 'An active membership is required' } })]);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Comparing is part of the membership' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Join now' })).toBeInTheDocument();
    await allAnswered();
  });
});
