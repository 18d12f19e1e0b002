import { formatMoney, formatMoneyCompact } from '@src/lib/format';
import { visuallyHidden } from '@src/ui/a11y.css';
import { Fragment, useCallback, useId } from 'react';
import * as styles from './flowchart.css';
import { type FlowchartGrid, flowchartGrid, placeBar, weeklySpend } from './flowchartLayout';

export interface FlowchartProps {
  startDate: string;
  endDate: string;
  currency: string;
  rows: {
    platform: string;
    displayName: string;
    flights: { startDate: string; endDate: string; amountMinor: number; pacing: string }[];
  }[];
}

const locale = () => (typeof navigator !== 'undefined' && navigator.language) || 'en-US';
const asDate = (day: string) => new Date(`${day}T00:00:00Z`);
const dayOfMonth = (day: string) => String(asDate(day).getUTCDate());
const longDay = (day: string) =>
  new Intl.DateTimeFormat(locale(), { dateStyle: 'medium', timeZone: 'UTC' }).format(asDate(day));
const monthLabel = (month: string) =>
  new Intl.DateTimeFormat(locale(), { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    asDate(`${month}-01`),
  );
const shortRange = (start: string, end: string) =>
  new Intl.DateTimeFormat(locale(), { month: 'short', day: 'numeric', timeZone: 'UTC' }).formatRange(
    asDate(start),
    asDate(end),
  );

/** `var(--x)` → `--x`, for CSSOM's setProperty (a strict CSP refuses `style` attributes, not CSSOM). */
const propertyName = (cssVar: string) => cssVar.replace(/^var\((--[^,)]+).*$/, '$1');

/** Sets the bar's place and length as CSS variables, through CSSOM. */
function useBarPlacement(offsetDays: number, lengthDays: number, totalDays: number) {
  return useCallback(
    (element: HTMLElement | null) => {
      if (!element) return;
      element.style.setProperty(propertyName(styles.barStart), `${(offsetDays / totalDays) * 100}%`);
      element.style.setProperty(propertyName(styles.barWidth), `${(lengthDays / totalDays) * 100}%`);
    },
    [offsetDays, lengthDays, totalDays],
  );
}

function useWeekCount(weeks: number) {
  return useCallback(
    (element: HTMLElement | null) =>
      element?.style.setProperty(propertyName(styles.weekCount), String(weeks)),
    [weeks],
  );
}

const INVALID_TEXT = {
  'no-dates': 'Choose the campaign’s start and end dates to see the flowchart.',
  reversed: 'The campaign ends before it starts: fix its dates to see the flowchart.',
  'too-long': 'This campaign is too long to draw week by week (more than five years).',
} as const;

/**
 * The media planner's flowchart: a row per platform and flight, a column per ISO week (Monday first,
 * labelled with the Monday's day under its month), each flight a bar across the days it runs with its
 * amount, totals per platform, per week and overall. A table (caption, headers) for screen readers; it
 * scrolls sideways with the first column kept in view.
 */
export function Flowchart({ startDate, endDate, currency, rows }: FlowchartProps) {
  const result = flowchartGrid(startDate, endDate);
  const total = rows.reduce((sum, row) => sum + row.flights.reduce((s, f) => s + f.amountMinor, 0), 0);
  const flightCount = rows.reduce((n, row) => n + row.flights.length, 0);
  if (result.kind === 'invalid')
    return (
      <div className={styles.empty} role="note">
        {INVALID_TEXT[result.reason]}
      </div>
    );
  const { grid } = result;
  return <FlowchartTable grid={grid} {...{ startDate, endDate, currency, rows, total, flightCount }} />;
}

function FlowchartTable({
  grid,
  startDate,
  endDate,
  currency,
  rows,
  total,
  flightCount,
}: FlowchartProps & { grid: FlowchartGrid; total: number; flightCount: number }) {
  const weekRef = useWeekCount(grid.weeks.length);
  const perWeek = weeklySpend(
    rows.flatMap((row) => row.flights),
    grid,
  );
  const money = (minor: number) => formatMoney(minor, currency);
  const captionId = useId();
  return (
    // A long campaign scrolls sideways: the region takes the focus so the keyboard can scroll it too. It is
    // named by the caption: the steps put it in a card already called "Flowchart", and two landmarks of
    // one name cannot be told apart.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1).
    <section className={styles.scroller} aria-labelledby={captionId} tabIndex={0}>
      <table className={styles.table} ref={weekRef}>
        <caption id={captionId} className={styles.caption}>
          Flowchart: {flightCount} {flightCount === 1 ? 'flight' : 'flights'} on {rows.length}{' '}
          {rows.length === 1 ? 'platform' : 'platforms'}, {longDay(startDate)} to {longDay(endDate)},{' '}
          {money(total)} in total.
        </caption>
        <thead>
          <tr>
            <th scope="col" rowSpan={2} className={styles.corner}>
              Platform
            </th>
            {grid.months.map((m) => (
              <th key={m.month} scope="colgroup" colSpan={m.span} className={styles.month}>
                {monthLabel(m.month)}
              </th>
            ))}
            <th scope="col" rowSpan={2} className={styles.totalHead}>
              Total
            </th>
          </tr>
          <tr>
            {grid.weeks.map((monday) => (
              <th key={monday} scope="col" className={styles.week} data-week={monday}>
                <span aria-hidden="true">{dayOfMonth(monday)}</span>
                <span className={visuallyHidden}>Week of {longDay(monday)}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const rowTotal = row.flights.reduce((s, f) => s + f.amountMinor, 0);
            const span = Math.max(1, row.flights.length);
            return (
              <Fragment key={row.platform}>
                {row.flights.length === 0 ? (
                  <tr className={styles.platformFirstRow}>
                    <th scope="row" className={styles.rowHead}>
                      <span className={styles.platformName}>{row.displayName}</span>
                      <span className={styles.flightName}>No flights</span>
                    </th>
                    <td colSpan={grid.weeks.length} className={styles.timeline} />
                    <td className={styles.total}>{money(0)}</td>
                  </tr>
                ) : (
                  row.flights.map((flight, index) => (
                    <tr
                      // biome-ignore lint/suspicious/noArrayIndexKey: flights have no id before their first save; the order is theirs.
                      key={index}
                      className={index === 0 ? styles.platformFirstRow : undefined}
                    >
                      <th scope="row" className={styles.rowHead}>
                        <span className={index === 0 ? styles.platformName : visuallyHidden}>
                          {row.displayName}
                        </span>
                        <span className={styles.flightName}>Flight {index + 1}</span>
                      </th>
                      <td colSpan={grid.weeks.length} className={styles.timeline}>
                        <Bar flight={flight} grid={grid} money={money} />
                      </td>
                      {index === 0 ? (
                        <td rowSpan={span} className={styles.total}>
                          {money(rowTotal)}
                        </td>
                      ) : null}
                    </tr>
                  ))
                )}
              </Fragment>
            );
          })}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className={styles.rowHead}>
              <span className={styles.platformName}>Per week</span>
              <span className={styles.flightName}>if spent evenly</span>
            </th>
            {perWeek.map((amount, i) => (
              <td
                key={grid.weeks[i]}
                className={styles.weekTotal}
                title={amount > 0 ? money(amount) : undefined}
              >
                {amount > 0 ? formatMoneyCompact(amount, currency) : '–'}
              </td>
            ))}
            <td className={styles.grandTotal}>{money(total)}</td>
          </tr>
        </tfoot>
      </table>
    </section>
  );
}

function Bar({
  flight,
  grid,
  money,
}: {
  flight: FlowchartProps['rows'][number]['flights'][number];
  grid: FlowchartGrid;
  money: (minor: number) => string;
}) {
  const placement = placeBar(flight, grid);
  const ref = useBarPlacement(placement?.offsetDays ?? 0, placement?.lengthDays ?? 0, grid.totalDays);
  if (!placement) return <span className={styles.outside}>Not within the campaign’s dates</span>;
  const label = `${shortRange(flight.startDate, flight.endDate)}: ${money(flight.amountMinor)}${
    flight.pacing === 'front_loaded' ? ', front-loaded' : ''
  }${placement.clipped ? ' (partly outside the campaign)' : ''}`;
  return (
    <div
      ref={ref}
      className={flight.pacing === 'front_loaded' ? styles.barFrontLoaded : styles.bar}
      data-weeks={placement.weeks.join(' ')}
      title={label}
    >
      <span className={styles.barAmount}>{money(flight.amountMinor)}</span>
      <span className={visuallyHidden}>{label}</span>
    </div>
  );
}
