/**
 * The time-series drawn with uPlot. Loaded lazily (React.lazy in ReportChart), so uPlot and its stylesheet
 * are only downloaded with the chart, in a chunk of their own.
 */
import 'uplot/dist/uPlot.min.css';
import type { ReportMetric } from '@contract/reports';
import type { ReportChartModel } from '@machines/report';
import { vars } from '@src/theme/contract.css';
import { followWidth, themeColour } from '@src/ui/charts/uplotSupport';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import { colourIndexes, lineColour, lineName } from './chartPalette';
import { formatMetric, formatMetricAxis } from './reportFormat';
import * as styles from './reports.css';

/** The y-axis starts at zero (a figure's size reads against it), up to a round value above the largest. */
function fromZero(_u: uPlot, _min: number | null, max: number | null): uPlot.Range.MinMax {
  const top = max !== null && max > 0 ? max : 1;
  return [0, uPlot.rangeNum(0, top, 0.1, true)[1]];
}

export default function SeriesPlot({
  chart,
  metric,
  currency,
}: {
  chart: ReportChartModel;
  metric: ReportMetric;
  currency: string;
}) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const text = themeColour(element, vars.color.textMuted, '#4b5563');
    const grid = themeColour(element, vars.color.border, '#e5e7eb');
    const data: uPlot.AlignedData = [
      chart.buckets.map((day) => Date.parse(`${day}T00:00:00Z`) / 1000),
      ...chart.lines.map((line) => line.values),
    ];
    const single = chart.lines.length === 1;
    const colours = colourIndexes(chart);
    const plot = new uPlot(
      {
        width: Math.max(280, element.clientWidth),
        height: 240,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: true }, y: { range: fromZero } },
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
          ...chart.lines.map((line, i): uPlot.Series => {
            const colour = lineColour(colours[i]!);
            const previous = line.period === 'previous';
            return {
              label: lineName(line),
              stroke: previous ? `${colour}b3` : colour,
              width: previous ? 1.5 : 2,
              dash: previous ? [6, 4] : undefined,
              // One total line is filled, as before; several lines stay lines, so none hides another.
              fill: single ? `${colour}22` : undefined,
              points: { show: chart.buckets.length <= 45 && !previous },
              value: (_u, value) => formatMetric(metric, value, currency),
            };
          }),
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
  }, [chart, metric, currency]);
  return <div ref={container} className={styles.chartCanvas} aria-hidden="true" />;
}
