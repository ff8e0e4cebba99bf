import { render, screen, within } from '@testing-library/react';
import { BarChart, describeChart, niceTicks, type BarSeries } from './BarChart';

const weeks = ['2026-11-02', '2026-11-09', '2026-11-16', '2026-11-23'];
const series: BarSeries[] = [
  { name: 'Sign-ups', values: [3, 0, 12, 7], colour: '#1f5f5b' },
  { name: 'Paid', values: [1, 0, 4, 2], colour: '#a3521f' },
];
const count = (value: number) => value.toLocaleString('en-US');
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('niceTicks', () => {
  it('steps by 1, 2 or 5 times a power of ten, from 0 to the first tick at or past the highest value', () => {
    expect(niceTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks(10)).toEqual([0, 5, 10]);
    expect(niceTicks(12)).toEqual([0, 5, 10, 15]);
    expect(niceTicks(123_456)).toEqual([0, 50_000, 100_000, 150_000]);
  });

  it('keeps whole steps for small and empty charts', () => {
    expect(niceTicks(0)).toEqual([0, 1]);
    expect(niceTicks(1)).toEqual([0, 1]);
    expect(niceTicks(3)).toEqual([0, 1, 2, 3]);
  });
});

describe('describeChart', () => {
  it("names the weeks and each series' total and busiest week", () => {
    expect(describeChart('Sign-ups per week', weeks, series, count)).toBe(
      'Sign-ups per week: bar chart of 4 weeks, Nov 2 to Nov 23. Sign-ups: 22 in all, most 12 in the week of Nov 16; Paid: 7 in all, most 4 in the week of Nov 16.',
    );
  });

  it('says when a series is nothing every week', () => {
    expect(describeChart('Blocked', weeks, [{ name: 'Blocked', values: [0, 0, 0, 0], colour: 'red' }], count)).toBe(
      'Blocked: bar chart of 4 weeks, Nov 2 to Nov 23. Blocked: 0 every week.',
    );
  });
});

describe('BarChart', () => {
  it('is a figure captioned by its title, an SVG image named by its summary, with bars, gridlines, week labels and a legend', () => {
    const { container } = render(<BarChart title="Sign-ups per week" weeks={weeks} series={series} format={count} />);
    const figure = screen.getByRole('figure', { name: 'Sign-ups per week' });
    expect(within(figure).getByRole('heading', { level: 2, name: 'Sign-ups per week' })).toBeInTheDocument();
    const image = within(figure).getByRole('img');
    expect(image.tagName.toLowerCase()).toBe('svg');
    expect(image).toHaveAttribute('aria-label', describeChart('Sign-ups per week', weeks, series, count));
    expect(image.getAttribute('viewBox')).toMatch(/^0 0 \d+ \d+$/);

    // A bar per series and week, week by week, in the series' colours (an empty week's have no height), besides the legend's swatches.
    const bars = [...container.querySelectorAll('rect')].filter((rect) => rect.querySelector('title'));
    expect(bars).toHaveLength(8);
    expect(bars.filter((rect) => Number(rect.getAttribute('height')) > 0)).toHaveLength(6);
    expect(bars[4]?.querySelector('title')?.textContent).toBe('Sign-ups, week of Nov 16: 12');
    expect(bars[5]?.getAttribute('fill')).toBe('#a3521f');
    const texts = [...container.querySelectorAll('text')].map((text) => text.textContent);
    expect(texts).toEqual(expect.arrayContaining(['Sign-ups', 'Paid', '0', '5', '10', '15', 'Nov 2', 'Nov 9', 'Nov 16', 'Nov 23']));
  });

  it('has the same numbers in a table, one row per week, one column per series, under "Show as table"', () => {
    render(<BarChart title="Sign-ups per week" weeks={weeks} series={series} format={count} />);
    expect(screen.getByText('Show as table').tagName.toLowerCase()).toBe('summary');
    const table = screen.getByRole('table', { name: 'Sign-ups per week' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Week of', 'Sign-ups', 'Paid']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['Nov 2', 'Nov 9', 'Nov 16', 'Nov 23']);
    expect(rows.map(cells)).toEqual([
      ['3', '1'],
      ['0', '0'],
      ['12', '4'],
      ['7', '2'],
    ]);
  });

  it('writes the axis with its own formatter and the table with the value formatter', () => {
    const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
    const brief = (cents: number) => `$${cents / 100}`;
    const { container } = render(
      <BarChart title="Revenue" weeks={weeks} series={[{ name: 'Revenue', values: [0, 5994, 11988, 0], colour: '#000' }]} format={money} formatTick={brief} />,
    );
    expect([...container.querySelectorAll('text')].map((text) => text.textContent)).toEqual(expect.arrayContaining(['$0', '$50', '$100', '$150']));
    expect(cells(within(screen.getByRole('table', { name: 'Revenue' })).getAllByRole('row')[3]!)).toEqual(['$119.88']);
  });

  it('without series shows its title and what it is given instead of the drawing', () => {
    render(
      <BarChart title="Revenue per week" weeks={weeks} series={[]} format={count}>
        <p>Failed to fetch the payment figures</p>
      </BarChart>,
    );
    expect(screen.getByRole('figure', { name: 'Revenue per week' })).toHaveTextContent('Failed to fetch the payment figures');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
