import { screen, within } from '@testing-library/react';
import { createSessionStore } from '@altmed/web-kit';
import { setupTestServer } from '@altmed/web-kit/src/testing/httpFetch';
import { adminUser, renderAdmin } from '../../../test/renderAdmin';
import { figureRoutes, paymentFigures, providerFigures } from '../../../test/figures';

const server = setupTestServer();
beforeEach(() => localStorage.clear());

function openAnalytics() {
  const store = createSessionStore(localStorage);
  store.login('admin-token', adminUser);
  return renderAdmin('/admin/analytics', store);
}

const texts = (elements: HTMLElement[]) => elements.map((element) => element.textContent);
/** A table's column headings, and each row as its header cell followed by its cells. */
function tableOf(table: HTMLElement) {
  return {
    columns: texts(within(table).getAllByRole('columnheader')),
    rows: within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [within(row).getByRole('rowheader').textContent, ...texts(within(row).getAllByRole('cell'))]),
  };
}

it('charts the join funnel per week, paid net of refunds and the refunds beside it, with the conversion over the 12 weeks', async () => {
  server.setRoutes(figureRoutes());
  openAnalytics();
  expect(await screen.findByRole('heading', { level: 1, name: 'Analytics Dashboard' })).toBeInTheDocument();

  const funnel = await screen.findByRole('figure', { name: 'Join funnel per week' });
  // 50 payments started for 128 sign-ups, 36 of them paid and kept, 2 refunded since.
  expect(
    await within(funnel).findByText('Over these 12 weeks, 39% of sign-ups started a payment; 72% of those paid, and 4% were refunded.'),
  ).toBeInTheDocument();
  expect(within(funnel).getByRole('img')).toHaveAttribute('aria-label', expect.stringContaining('Payments started: 50 in all, most 8 in the week of Nov 16'));
  const table = tableOf(within(funnel).getByRole('table', { name: 'Join funnel per week' }));
  expect(table.columns).toEqual(['Week of', 'Sign-ups', 'Payments started', 'Paid', 'Refunded']);
  expect(table.rows).toHaveLength(12);
  expect(table.rows[0]).toEqual(['Sep 7', '5', '2', '1', '0']);
  expect(table.rows[3]).toEqual(['Sep 28', '10', '4', '3', '1']);
  expect(table.rows[10]).toEqual(['Nov 16', '18', '8', '6', '1']);
});

it('lists paid (net) and refunded memberships and revenue per promo code, full price without a code', async () => {
  server.setRoutes(figureRoutes());
  openAnalytics();
  const section = await screen.findByRole('region', { name: 'Revenue by promo code' });
  const table = tableOf(await within(section).findByRole('table', { name: 'Revenue by promo code' }));
  expect(table.columns).toEqual(['Promo code', 'Paid memberships', 'Refunded', 'Revenue']);
  expect(table.rows).toEqual([
    ['Full price', '30', '2', '$3,596.40'],
    ['HALF', '4', '0', '$239.76'],
    ['FREE', '2', '0', '$0.00'],
  ]);
});

it('says so when no membership was paid in the weeks', async () => {
  server.setRoutes(figureRoutes({ payments: paymentFigures({ byPromoCode: [] }) }));
  openAnalytics();
  const section = await screen.findByRole('region', { name: 'Revenue by promo code' });
  expect(await within(section).findByText('No paid memberships in these weeks.')).toBeInTheDocument();
  expect(within(section).queryByRole('table')).not.toBeInTheDocument();
});

it('charts the providers signed up, approved and blocked per week', async () => {
  server.setRoutes(figureRoutes());
  openAnalytics();
  const providers = await screen.findByRole('figure', { name: 'Providers per week' });
  expect(await within(providers).findByRole('img')).toHaveAttribute('aria-label', expect.stringContaining('Signed up: 14 in all'));
  const table = tableOf(within(providers).getByRole('table', { name: 'Providers per week' }));
  expect(table.columns).toEqual(['Week of', 'Signed up', 'Approved', 'Blocked']);
  expect(table.rows[4]).toEqual(['Oct 5', '3', '2', '0']);
  expect(table.rows[5]).toEqual(['Oct 12', '0', '1', '1']);
});

it('ranks the most searched specialty areas and places, an empty list saying there were no searches', async () => {
  const figures = providerFigures();
  server.setRoutes(figureRoutes({ providers: providerFigures({ mostSearched: { ...figures.mostSearched, places: [] } }) }));
  openAnalytics();
  const section = await screen.findByRole('region', { name: 'Most searched' });
  const areas = await within(section).findByRole('list', { name: 'Specialty areas' });
  expect(areas.tagName.toLowerCase()).toBe('ol');
  expect(texts(within(areas).getAllByRole('listitem'))).toEqual(['Acupuncture42 searches', 'Naturopathy17 searches', 'Chiropractic1 search']);
  expect(within(section).getByRole('heading', { level: 3, name: 'Places' })).toBeInTheDocument();
  expect(within(section).queryByRole('list', { name: 'Places' })).not.toBeInTheDocument();
  expect(within(section).getByText('No directory searches yet.')).toBeInTheDocument();
});

it("shows a failing service's error in its parts' place and the others' parts", async () => {
  server.setRoutes(
    figureRoutes({}, { members: { status: 503, message: 'The member list is loading; try again in a moment.' }, providers: { status: 500, message: 'Boom' } }),
  );
  openAnalytics();
  const funnel = await screen.findByRole('figure', { name: 'Join funnel per week' });
  expect(await within(funnel).findByRole('alert')).toHaveTextContent('The member list is loading; try again in a moment.');
  // The payments' part of the funnel is still drawn and read.
  expect(within(funnel).getByText('Over these 12 weeks, 72% of the payments started were paid, and 4% were refunded.')).toBeInTheDocument();
  expect(tableOf(within(funnel).getByRole('table', { name: 'Join funnel per week' })).columns).toEqual(['Week of', 'Payments started', 'Paid', 'Refunded']);
  expect(await screen.findByRole('table', { name: 'Revenue by promo code' })).toBeInTheDocument();

  const providers = screen.getByRole('figure', { name: 'Providers per week' });
  expect(within(providers).getByRole('alert')).toHaveTextContent('Boom');
  expect(within(providers).queryByRole('img')).not.toBeInTheDocument();
  expect(within(screen.getByRole('region', { name: 'Most searched' })).getByRole('alert')).toHaveTextContent('Boom');
});
