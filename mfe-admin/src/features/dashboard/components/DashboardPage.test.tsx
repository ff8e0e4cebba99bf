import { screen, within } from '@testing-library/react';
import { createSessionStore } from '@altmed/web-kit';
import { setupTestServer } from '@altmed/web-kit/src/testing/httpFetch';
import { adminUser, renderAdmin } from '../../../test/renderAdmin';
import { figureRoutes, memberFigures, paymentFigures } from '../../../test/figures';

const server = setupTestServer();
beforeEach(() => localStorage.clear());

function openDashboard() {
  const store = createSessionStore(localStorage);
  store.login('admin-token', adminUser);
  return renderAdmin('/admin/dashboard', store);
}

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
/** A chart's table: its column headings, and the cells of each week's row by the week's label. */
function chartTable(title: string) {
  const table = within(screen.getByRole('figure', { name: title })).getByRole('table', { name: title });
  const rows = within(table).getAllByRole('row').slice(1);
  return {
    columns: within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent),
    weeks: rows.map((row) => within(row).getByRole('rowheader').textContent),
    week: (label: string) => cells(rows.find((row) => within(row).getByRole('rowheader').textContent === label)!),
  };
}

it("shows this week's figures, each a link to the page where it is worked on", async () => {
  server.setRoutes(figureRoutes());
  openDashboard();
  expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();

  expect(await screen.findByRole('link', { name: 'Active members 1,234' })).toHaveAttribute('href', '/admin/users');
  expect(screen.getByRole('link', { name: 'New members this week 21 Signed up in the last 7 days' })).toHaveAttribute('href', '/admin/users');
  expect(await screen.findByRole('link', { name: 'Revenue this month $1,678.32 Last month: $1,438.56' })).toHaveAttribute('href', '/admin/orders');
  expect(screen.getByRole('link', { name: 'Refunded this month $119.88 Last month: $0.00' })).toHaveAttribute('href', '/admin/orders');
  expect(await screen.findByRole('link', { name: 'Providers waiting for review 4' })).toHaveAttribute('href', '/admin/providers');
  expect(screen.getByRole('link', { name: 'Reviews waiting for moderation 9' })).toHaveAttribute('href', '/admin/reviews');

  // One call per service, each with the admin's token.
  expect(server.requests.map((request) => request.url).sort()).toEqual(['/api/admins/figures', '/api/members/figures', '/api/payments/figures']);
  expect(server.requests.every((request) => request.authorization === 'Bearer admin-token')).toBe(true);
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

it('charts sign-ups with paid and refunded memberships, and revenue with the refunded amounts, over the 12 weeks, each with a table of its numbers', async () => {
  server.setRoutes(figureRoutes());
  openDashboard();

  const activity = await screen.findByRole('figure', { name: 'Sign-ups and paid memberships per week' });
  expect(await within(activity).findByRole('img')).toHaveAttribute(
    'aria-label',
    'Sign-ups and paid memberships per week: bar chart of 12 weeks, Sep 7 to Nov 23. Sign-ups: 128 in all, most 18 in the week of Nov 16; Paid memberships: 36 in all, most 6 in the week of Nov 16; Refunded: 2 in all, most 1 in the week of Sep 28.',
  );
  const activityTable = chartTable('Sign-ups and paid memberships per week');
  expect(activityTable.columns).toEqual(['Week of', 'Sign-ups', 'Paid memberships', 'Refunded']);
  expect(activityTable.weeks).toEqual(['Sep 7', 'Sep 14', 'Sep 21', 'Sep 28', 'Oct 5', 'Oct 12', 'Oct 19', 'Oct 26', 'Nov 2', 'Nov 9', 'Nov 16', 'Nov 23']);
  expect(activityTable.week('Sep 7')).toEqual(['5', '1', '0']);
  expect(activityTable.week('Nov 16')).toEqual(['18', '6', '1']);
  expect(activityTable.week('Nov 23')).toEqual(['7', '1', '0']);

  const revenue = screen.getByRole('figure', { name: 'Revenue per week' });
  expect(within(revenue).getByRole('img')).toHaveAttribute(
    'aria-label',
    expect.stringContaining('Revenue: $4,075.92 in all, most $659.34 in the week of Nov 16; Refunded: $239.76 in all, most $119.88 in the week of Sep 28'),
  );
  const revenueTable = chartTable('Revenue per week');
  expect(revenueTable.columns).toEqual(['Week of', 'Revenue', 'Refunded']);
  expect(revenueTable.week('Sep 7')).toEqual(['$119.88', '$0.00']);
  expect(revenueTable.week('Nov 16')).toEqual(['$659.34', '$119.88']);
  // The axis writes whole dollars.
  expect([...revenue.querySelectorAll('text')].map((text) => text.textContent)).toEqual(expect.arrayContaining(['$0', '$200', '$400', '$600', '$800']));
});

it("shows a failing service's error in the place of its figures and charts, and the other services' figures", async () => {
  server.setRoutes(figureRoutes({}, { payments: { status: 503, message: 'The payment list is loading; try again in a moment.' } }));
  openDashboard();

  expect(await screen.findByRole('link', { name: 'Active members 1,234' })).toBeInTheDocument();
  expect(await screen.findByRole('link', { name: 'Providers waiting for review 4' })).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: /Revenue this month/ })).not.toBeInTheDocument();
  expect(screen.queryByRole('link', { name: /Refunded this month/ })).not.toBeInTheDocument();

  // In the figures' row, over the chart that draws what came, and in the place of the revenue chart.
  const alerts = await screen.findAllByRole('alert');
  expect(alerts.map((alert) => alert.textContent)).toEqual([
    'The payment list is loading; try again in a moment.',
    'The payment list is loading; try again in a moment.',
    'The payment list is loading; try again in a moment.',
  ]);
  const activity = screen.getByRole('figure', { name: 'Sign-ups and paid memberships per week' });
  expect(within(activity).getByRole('alert')).toBeInTheDocument();
  expect(chartTable('Sign-ups and paid memberships per week').columns).toEqual(['Week of', 'Sign-ups']);
  const revenue = screen.getByRole('figure', { name: 'Revenue per week' });
  expect(within(revenue).getByRole('alert')).toBeInTheDocument();
  expect(within(revenue).queryByRole('img')).not.toBeInTheDocument();
});

it("charts a week only one service lists yet (just after Monday 00:00 UTC), the other's bar empty", async () => {
  const nextMonday = '2026-11-30';
  const members = memberFigures();
  const payments = paymentFigures();
  server.setRoutes(
    figureRoutes({
      members: { ...members, weeks: [...members.weeks.slice(1), { weekStart: nextMonday, signUps: 2 }] },
      payments,
    }),
  );
  openDashboard();
  await screen.findByRole('link', { name: 'Active members 1,234' });
  await screen.findByRole('table', { name: 'Sign-ups and paid memberships per week' });
  const activity = chartTable('Sign-ups and paid memberships per week');
  expect(activity.weeks).toEqual(['Sep 14', 'Sep 21', 'Sep 28', 'Oct 5', 'Oct 12', 'Oct 19', 'Oct 26', 'Nov 2', 'Nov 9', 'Nov 16', 'Nov 23', 'Nov 30']);
  expect(activity.week('Nov 23')).toEqual(['7', '1', '0']);
  expect(activity.week('Nov 30')).toEqual(['2', '0', '0']);
});
