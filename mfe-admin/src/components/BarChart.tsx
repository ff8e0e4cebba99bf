import { useEffect, useId, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { Card, theme } from '@altmed/web-kit';
import { formatShortDate } from '../lib/figureFormat';
import { Scroll, Table } from './DataTable';

/** One set of bars: a number per week, drawn in one colour and named in the legend and the table. */
export interface BarSeries {
  name: string;
  values: readonly number[];
  colour: string;
}

export interface BarChartProps {
  /** The figure's caption and heading (an h2, as every part of an admin page). */
  title: string;
  /** The weeks charted, as ISO dates of their Mondays, oldest first; labelled "Nov 23". */
  weeks: readonly string[];
  /** Bars side by side in each week, in this order. Without any, the chart shows only its title and children. */
  series: readonly BarSeries[];
  /** A value as the table and the summary write it. */
  format: (value: number) => string;
  /** A value on the axis (for example money without cents); `format` when not given. */
  formatTick?: (value: number) => string;
  /** Shown between the title and the chart: a loading spinner, an error, a note on the figures. */
  children?: ReactNode;
}

// The drawing's sizes, in the SVG's units: the viewBox is as wide as the chart is on screen (measured),
// so text keeps its size on a phone and on a wide screen, and only the bars stretch.
const FONT_SIZE = 12;
/** A generous average width of a character at FONT_SIZE, to leave room for labels. */
const CHAR_WIDTH = 7;
const LEGEND_ROW = 22;
const SWATCH = 12;
const PLOT_HEIGHT = 180;
const X_LABELS = 24;
/** The width drawn before the chart is measured (and in tests, which have no layout). */
const DEFAULT_WIDTH = 640;
/** Narrower than this, the drawing scales down instead of squeezing its labels. */
const MIN_WIDTH = 280;

/** Gridline values from 0 past `max`: about `count` steps of 1, 2 or 5 times a power of ten, whole numbers (counts, cents). */
export function niceTicks(max: number, count = 4): number[] {
  const raw = Math.max(max, 1) / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = Math.max(1, Math.round([1, 2, 5, 10].map((multiple) => multiple * magnitude).find((candidate) => candidate >= raw) ?? raw));
  const steps = Math.max(1, Math.ceil(max / step));
  return Array.from({ length: steps + 1 }, (_, index) => index * step);
}

/** What the chart shows, in a sentence or two: the screen reader's name of the drawing. */
export function describeChart(title: string, weeks: readonly string[], series: readonly BarSeries[], format: (value: number) => string): string {
  if (!weeks.length) return `${title}: no weeks to chart.`;
  const span = `${title}: bar chart of ${weeks.length} weeks, ${formatShortDate(weeks[0]!)} to ${formatShortDate(weeks.at(-1)!)}.`;
  const parts = series.map(({ name, values }) => {
    const most = Math.max(0, ...values);
    if (most === 0) return `${name}: ${format(0)} every week`;
    const sum = values.reduce((total, value) => total + value, 0);
    return `${name}: ${format(sum)} in all, most ${format(most)} in the week of ${formatShortDate(weeks[values.indexOf(most)]!)}`;
  });
  return parts.length ? `${span} ${parts.join('; ')}.` : span;
}

/** The width of an element on screen, followed as it changes; null until measured (or where it cannot be). */
function useWidthOf(element: HTMLElement | null): number | null {
  const [width, setWidth] = useState<number | null>(null);
  useEffect(() => {
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const measured = Math.round(entry?.contentRect.width ?? 0);
      if (measured > 0) setWidth(measured);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

const Frame = styled(Card)`
  margin: 0 0 20px;
  min-width: 0;
  figcaption h2 {
    font-size: 20px;
    margin-bottom: 14px;
  }
  ${theme.mobile} {
    padding: ${theme.space(4)};
  }
`;

const Drawing = styled.svg`
  display: block;
  width: 100%;
  height: auto;
  overflow: visible;
  font-family: ${theme.fonts.body};
  font-size: ${FONT_SIZE}px;
`;

const Disclosure = styled.details`
  margin-top: 12px;
  summary {
    width: fit-content;
    cursor: pointer;
    font-size: 14px;
    font-weight: 600;
    color: ${theme.colors.primary};
  }
  table {
    margin-top: 8px;
    font-size: 14px;
  }
  th,
  td {
    padding: 8px 12px;
  }
  /* Series names wrap rather than widen the table past a phone's width. */
  thead th {
    white-space: normal;
  }
`;

/** The legend above the plot, from `left`: its entries in a row, wrapping onto another when `width` runs out. */
function legendLayout(series: readonly BarSeries[], left: number, width: number) {
  const entries: { name: string; colour: string; x: number; y: number }[] = [];
  let x = 0;
  let row = 0;
  for (const each of series) {
    const entryWidth = SWATCH + 6 + each.name.length * CHAR_WIDTH;
    if (x > 0 && x + entryWidth > width) {
      row += 1;
      x = 0;
    }
    entries.push({ name: each.name, colour: each.colour, x: left + x, y: row * LEGEND_ROW });
    x += entryWidth + 20;
  }
  return { entries, rows: row + 1 };
}

/** The bars, gridlines, axis labels and legend, laid out for `width`. */
function Bars({
  label,
  width,
  weeks,
  series,
  format,
  formatTick,
}: {
  label: string;
  width: number;
  weeks: readonly string[];
  series: readonly BarSeries[];
  format: (value: number) => string;
  formatTick: (value: number) => string;
}) {
  const ticks = niceTicks(Math.max(0, ...series.flatMap((each) => each.values)));
  const top = ticks.at(-1)!;
  const tickLabels = ticks.map(formatTick);
  const left = Math.max(...tickLabels.map((text) => text.length)) * CHAR_WIDTH + 10;
  const right = 8;
  const plotWidth = width - left - right;

  const legend = legendLayout(series, left, plotWidth);
  const plotTop = legend.rows * LEGEND_ROW + 8;
  const baseline = plotTop + PLOT_HEIGHT;
  const height = baseline + X_LABELS;
  const y = (value: number) => baseline - (value / top) * PLOT_HEIGHT;

  const group = plotWidth / weeks.length;
  const barsWidth = group * (series.length > 1 ? 0.8 : 0.6);
  const bar = barsWidth / series.length;
  const gap = series.length > 1 ? Math.min(2, bar * 0.15) : 0;
  // Every week's label when there is room, else every second or third, always the current week's.
  const labelEvery = Math.ceil((6 * CHAR_WIDTH + 8) / group);

  return (
    <Drawing role="img" aria-label={label} viewBox={`0 0 ${width} ${height}`} width={width} height={height}>
      {legend.entries.map((entry) => (
        <g key={entry.name} transform={`translate(${entry.x} ${entry.y})`}>
          <rect y={(LEGEND_ROW - SWATCH) / 2} width={SWATCH} height={SWATCH} rx={2} fill={entry.colour} />
          <text x={SWATCH + 6} y={LEGEND_ROW / 2} dy="0.35em" fill={theme.colors.text}>
            {entry.name}
          </text>
        </g>
      ))}
      {ticks.map((tick, index) => (
        <g key={tick}>
          {tick > 0 ? <line x1={left} x2={width - right} y1={y(tick)} y2={y(tick)} stroke={theme.colors.border} strokeDasharray="3 3" /> : null}
          <text x={left - 8} y={y(tick)} dy="0.35em" textAnchor="end" fill={theme.colors.textMuted}>
            {tickLabels[index]}
          </text>
        </g>
      ))}
      {weeks.map((week, index) => {
        const start = left + index * group + (group - barsWidth) / 2;
        const weekLabel = formatShortDate(week);
        return (
          <g key={week}>
            {series.map((each, position) => {
              const value = each.values[index] ?? 0;
              // A week with any at all gets a visible sliver.
              const barHeight = value > 0 ? Math.max(1, baseline - y(value)) : 0;
              return (
                <rect
                  key={each.name}
                  x={start + position * bar + gap / 2}
                  y={baseline - barHeight}
                  width={Math.max(1, bar - gap)}
                  height={barHeight}
                  rx={Math.min(2, bar / 4)}
                  fill={each.colour}
                >
                  <title>{`${each.name}, week of ${weekLabel}: ${format(value)}`}</title>
                </rect>
              );
            })}
            {(weeks.length - 1 - index) % labelEvery === 0 ? (
              <text x={left + (index + 0.5) * group} y={baseline + 16} textAnchor="middle" fill={theme.colors.textMuted}>
                {weekLabel}
              </text>
            ) : null}
          </g>
        );
      })}
      <line x1={left} x2={width - right} y1={baseline} y2={baseline} stroke={theme.colors.textMuted} />
    </Drawing>
  );
}

/**
 * A bar chart of weekly figures, drawn in SVG without a chart library (page weight): one bar per
 * series in each week, side by side, on gridlines with their values, weeks labelled under the
 * baseline, a legend above. A screen reader reads the drawing as one image named by a summary (each
 * series' total and busiest week), and the numbers themselves in the table under "Show as table",
 * which anyone can open.
 */
export function BarChart({ title, weeks, series, format, formatTick = format, children }: BarChartProps) {
  const [measured, setMeasured] = useState<HTMLDivElement | null>(null);
  const width = Math.max(MIN_WIDTH, useWidthOf(measured) ?? DEFAULT_WIDTH);
  const shown = series.length > 0 && weeks.length > 0;
  const titleId = useId();
  return (
    <Frame as="figure" aria-labelledby={titleId}>
      <figcaption>
        <h2 id={titleId}>{title}</h2>
      </figcaption>
      {children}
      {shown ? (
        <>
          <div ref={setMeasured}>
            <Bars label={describeChart(title, weeks, series, format)} width={width} weeks={weeks} series={series} format={format} formatTick={formatTick} />
          </div>
          <Disclosure>
            <summary>Show as table</summary>
            <Scroll>
              <Table aria-label={title}>
                <thead>
                  <tr>
                    <th scope="col">Week of</th>
                    {series.map((each) => (
                      <th key={each.name} scope="col">
                        {each.name}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {weeks.map((week, index) => (
                    <tr key={week}>
                      <th scope="row">{formatShortDate(week)}</th>
                      {series.map((each) => (
                        <td key={each.name}>{format(each.values[index] ?? 0)}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </Table>
            </Scroll>
          </Disclosure>
        </>
      ) : null}
    </Frame>
  );
}
