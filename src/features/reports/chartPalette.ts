import type { ReportChartModel } from '@machines/report';

/**
 * The chart's line colours, in the order of its lines (largest first): told apart from each other and from
 * the grid, each with 3:1 contrast or more on white. The previous period's line is its twin, dashed.
 */
export const LINE_COLOURS = [
  '#0f766e',
  '#2563eb',
  '#c2410c',
  '#7c3aed',
  '#be185d',
  '#4d7c0f',
  '#475569',
  '#a16207',
] as const;

export const lineColour = (index: number): string => LINE_COLOURS[index % LINE_COLOURS.length]!;

type Line = ReportChartModel['lines'][number];

/** A line's colour index: a line and its previous-period twin share one, in the order of the lines. */
export function colourIndexes(chart: ReportChartModel): number[] {
  const keys = [...new Set(chart.lines.map((line) => line.key))];
  return chart.lines.map((line) => keys.indexOf(line.key) % LINE_COLOURS.length);
}

/** A line's name in the legend and the table: "Meta", or "Meta, previous period" for its dashed twin. */
export const lineName = (line: Line) =>
  line.period === 'previous' ? `${line.label}, previous period` : line.label;
