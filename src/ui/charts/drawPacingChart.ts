import type { PacingPoint } from '@contract/pacing';
import { formatMoneyCompact } from '@src/lib/format';
import { vars } from '@src/theme/contract.css';
import { followWidth, themeColour } from './uplotSupport';

interface Drawing {
  series: readonly PacingPoint[];
  currency: string;
  today: string;
  forecastShown: boolean;
}

const seconds = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

/** Draws the chart into `element` with uPlot (its own chunk, loaded here); resolves to its disposer. */
export async function drawPacingChart(element: HTMLElement, drawing: Drawing): Promise<() => void> {
  const [{ default: UPlot }] = await Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]);
  const { series, currency, today, forecastShown } = drawing;
  const primary = themeColour(element, vars.color.primary, '#2563eb');
  const muted = themeColour(element, vars.color.textSubtle, '#667085');
  const text = themeColour(element, vars.color.textMuted, '#475467');
  const grid = themeColour(element, vars.color.border, '#e4e7ec');
  const marker = themeColour(element, vars.color.danger, '#b42318');
  const axis = { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
  const todayX = seconds(today);

  const chart = new UPlot(
    {
      width: Math.max(element.clientWidth, 320),
      height: 280,
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
      scales: { x: { time: true } },
      axes: [
        axis,
        { ...axis, size: 70, values: (_u, ticks) => ticks.map((tick) => formatMoneyCompact(tick, currency)) },
      ],
      series: [
        {},
        { label: 'Spent', stroke: primary, width: 2.5, spanGaps: false },
        { label: 'Planned', stroke: muted, width: 1.5 },
        { label: 'Forecast', stroke: primary, width: 2, dash: [6, 5], show: forecastShown },
      ],
      hooks: {
        draw: [
          (u) => {
            const x = u.valToPos(todayX, 'x', true);
            if (x < u.bbox.left || x > u.bbox.left + u.bbox.width) return;
            const { ctx } = u;
            ctx.save();
            ctx.strokeStyle = marker;
            // The forecast's dash would otherwise carry over to the marker.
            ctx.setLineDash([]);
            ctx.lineWidth = 2 * devicePixelRatio;
            ctx.beginPath();
            ctx.moveTo(x, u.bbox.top);
            ctx.lineTo(x, u.bbox.top + u.bbox.height);
            ctx.stroke();
            ctx.restore();
          },
        ],
      },
    },
    [
      series.map((p) => seconds(p.date)),
      series.map((p) => p.spentCumulativeMinor),
      series.map((p) => p.idealCumulativeMinor),
      series.map((p) => p.forecastCumulativeMinor),
    ],
    element,
  );
  const stopFollowing = followWidth(element, chart, 280, 320);
  return () => {
    stopFollowing();
    chart.destroy();
  };
}
