import type { PacingPoint } from '@contract/pacing';
import { formatMoney } from '@src/lib/format';
import { useEffect, useRef } from 'react';
import { visuallyHidden } from '../a11y.css';
import * as table from '../table.css';
import * as css from './charts.css';
import { drawPacingChart } from './drawPacingChart';

export interface PacingChartProps {
  /** Names the chart and its table ("Pacing of Summer 2026"). */
  label: string;
  series: readonly PacingPoint[];
  currency: string;
  today: string;
  forecastShown: boolean;
}

/**
 * The cumulative pacing chart: spent to date, the even-spend line, the dashed forecast and today. uPlot
 * is loaded only when a chart is drawn; the canvas is hidden from screen readers, which read the table.
 */
export function PacingChart({ label, series, currency, today, forecastShown }: PacingChartProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let dispose = () => {};
    let cancelled = false;
    drawPacingChart(element, { series, currency, today, forecastShown })
      .then((destroy) => {
        if (cancelled) destroy();
        else dispose = destroy;
      })
      // Without a canvas (an old browser, a test's DOM) the table below still says everything.
      .catch(() => {});
    return () => {
      cancelled = true;
      dispose();
    };
  }, [series, currency, today, forecastShown]);

  const money = (value: number | null) => (value === null ? '—' : formatMoney(value, currency));
  return (
    <figure className={css.figure} aria-label={label}>
      <div ref={box} className={css.plot} aria-hidden="true" data-testid="pacing-plot" />
      <ul className={css.legend} aria-hidden="true">
        <li>
          <span className={css.swatch.spent} />
          Spent
        </li>
        <li>
          <span className={css.swatch.ideal} />
          Planned (booked)
        </li>
        {forecastShown ? (
          <li>
            <span className={css.swatch.forecast} />
            Forecast
          </li>
        ) : null}
        <li>
          <span className={css.swatch.today} />
          Today
        </li>
      </ul>
      <table className={visuallyHidden}>
        <caption>{`${label}: cumulative spend by day, in ${currency}`}</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Spent</th>
            <th scope="col">Planned</th>
            {forecastShown ? <th scope="col">Forecast</th> : null}
          </tr>
        </thead>
        <tbody>
          {series.map((point) => (
            <tr key={point.date}>
              <th scope="row">{point.date === today ? `${point.date} (today)` : point.date}</th>
              <td className={table.money}>{money(point.spentCumulativeMinor)}</td>
              <td className={table.money}>{money(point.idealCumulativeMinor)}</td>
              {forecastShown ? <td className={table.money}>{money(point.forecastCumulativeMinor)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
