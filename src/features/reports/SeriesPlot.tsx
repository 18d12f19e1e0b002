/**
 * The time-series drawn with uPlot. Loaded lazily (React.lazy in ReportChart), so uPlot and its stylesheet
 * are only downloaded with the chart, in a chunk of their own.
 */
import 'uplot/dist/uPlot.min.css';
import { METRIC_LABELS, type ReportMetric } from '@contract/reports';
import { vars } from '@src/theme/contract.css';
import { followWidth, themeColour } from '@src/ui/charts/uplotSupport';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import { formatMetric, formatMetricAxis } from './reportFormat';
import * as styles from './reports.css';

export interface SeriesPoint {
  day: string;
  value: number | null;
}

export default function SeriesPlot({
  points,
  metric,
  currency,
}: {
  points: readonly SeriesPoint[];
  metric: ReportMetric;
  currency: string;
}) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const primary = themeColour(element, vars.color.primary, '#2563eb');
    const text = themeColour(element, vars.color.textMuted, '#4b5563');
    const grid = themeColour(element, vars.color.border, '#e5e7eb');
    const data: uPlot.AlignedData = [
      points.map((point) => Date.parse(`${point.day}T00:00:00Z`) / 1000),
      points.map((point) => point.value),
    ];
    const plot = new uPlot(
      {
        width: Math.max(280, element.clientWidth),
        height: 240,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: true } },
        axes: [
          { stroke: text, grid: { stroke: grid } },
          {
            stroke: text,
            grid: { stroke: grid },
            size: 70,
            values: (_u, splits) => splits.map((value) => formatMetricAxis(metric, value, currency)),
          },
        ],
        series: [
          {},
          {
            label: METRIC_LABELS[metric],
            stroke: primary,
            width: 2,
            fill: `${primary}22`,
            points: { show: points.length <= 45 },
            value: (_u, value) => formatMetric(metric, value, currency),
          },
        ],
      },
      data,
      element,
    );
    const stopFollowing = followWidth(element, plot, 240, 280);
    return () => {
      stopFollowing();
      plot.destroy();
    };
  }, [points, metric, currency]);
  return <div ref={container} className={styles.chartCanvas} aria-hidden="true" />;
}
