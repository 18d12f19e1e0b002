import { cssVarName } from '@src/theme/whiteLabel';
import type uPlot from 'uplot';

/**
 * A theme variable's value where the chart is (`vars.color.primary` is `var(--…)`): a canvas cannot read
 * custom properties, and a white-label organisation sets its colours on the shell element, so they are
 * read from the chart's own box at drawing time.
 */
export function themeColour(element: Element, variable: string, fallback: string): string {
  return getComputedStyle(element).getPropertyValue(cssVarName(variable)).trim() || fallback;
}

/** Keeps the plot as wide as its box (never under `minWidth`); returns what stops it. */
export function followWidth(element: HTMLElement, plot: uPlot, height: number, minWidth: number): () => void {
  if (typeof ResizeObserver === 'undefined') return () => {};
  const resize = new ResizeObserver(() =>
    plot.setSize({ width: Math.max(element.clientWidth, minWidth), height }),
  );
  resize.observe(element);
  return () => resize.disconnect();
}
