import { vars } from '@src/theme/contract.css';
import { createVar, style } from '@vanilla-extract/css';

/** Set through CSSOM by the component: the number of week columns, and each bar's start and width. */
export const weekCount = createVar();
export const barStart = createVar();
export const barWidth = createVar();

const WEEK = '64px';
const FIRST_COLUMN = '168px';
const TOTAL_COLUMN = '112px';
const gridLine = vars.color.border;

export const scroller = style({
  // The containing block of the bars and the hidden week labels (absolutely placed): without it they would
  // widen the page (932 px on a phone) instead of scrolling inside the flowchart.
  position: 'relative',
  overflowX: 'auto',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' } },
});

export const table = style({
  vars: { [weekCount]: '1' },
  borderCollapse: 'separate',
  borderSpacing: 0,
  tableLayout: 'fixed',
  width: `calc(${FIRST_COLUMN} + ${TOTAL_COLUMN} + ${weekCount} * ${WEEK})`,
  minWidth: '100%',
  fontSize: vars.fontSize.sm,
  fontVariantNumeric: 'tabular-nums',
});

export const caption = style({
  captionSide: 'top',
  textAlign: 'left',
  padding: `${vars.space['3']} ${vars.space['4']}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  borderBottom: `1px solid ${vars.color.border}`,
});

const sticky = style({
  position: 'sticky',
  left: 0,
  zIndex: 2,
  background: vars.color.surface,
  boxShadow: `1px 0 0 ${gridLine}`,
});

export const corner = style([
  sticky,
  {
    width: FIRST_COLUMN,
    padding: `${vars.space['2']} ${vars.space['4']}`,
    textAlign: 'left',
    verticalAlign: 'bottom',
    fontWeight: vars.fontWeight.semibold,
    background: vars.color.surfaceMuted,
    borderBottom: `1px solid ${vars.color.borderStrong}`,
  },
]);

export const month = style({
  padding: `${vars.space['2']} ${vars.space['2']}`,
  textAlign: 'left',
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
  background: vars.color.surfaceMuted,
  borderLeft: `1px solid ${vars.color.borderStrong}`,
  borderBottom: `1px solid ${gridLine}`,
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
});

export const week = style({
  width: WEEK,
  padding: `${vars.space['1']} ${vars.space['2']}`,
  textAlign: 'left',
  fontWeight: vars.fontWeight.medium,
  color: vars.color.textMuted,
  background: vars.color.surfaceMuted,
  borderLeft: `1px solid ${gridLine}`,
  borderBottom: `1px solid ${vars.color.borderStrong}`,
});

export const totalHead = style({
  width: TOTAL_COLUMN,
  padding: `${vars.space['2']} ${vars.space['4']}`,
  textAlign: 'right',
  verticalAlign: 'bottom',
  fontWeight: vars.fontWeight.semibold,
  background: vars.color.surfaceMuted,
  borderLeft: `1px solid ${vars.color.borderStrong}`,
  borderBottom: `1px solid ${vars.color.borderStrong}`,
});

export const platformFirstRow = style({});

export const rowHead = style([
  sticky,
  {
    padding: `${vars.space['2']} ${vars.space['4']}`,
    textAlign: 'left',
    fontWeight: vars.fontWeight.regular,
    borderBottom: `1px solid ${gridLine}`,
    selectors: { [`${platformFirstRow} > &`]: { borderTop: `1px solid ${vars.color.borderStrong}` } },
  },
]);

export const platformName = style({
  display: 'block',
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
});

export const flightName = style({
  display: 'block',
  fontSize: vars.fontSize.xs,
  color: vars.color.textSubtle,
});

/** One cell across every week: the weeks' lines drawn as a repeating background, the bar placed on top. */
export const timeline = style({
  position: 'relative',
  height: '48px',
  padding: 0,
  borderBottom: `1px solid ${gridLine}`,
  backgroundImage: `linear-gradient(to right, ${gridLine} 1px, transparent 1px)`,
  backgroundSize: `calc(100% / ${weekCount}) 100%`,
  selectors: { [`${platformFirstRow} > &`]: { borderTop: `1px solid ${vars.color.borderStrong}` } },
});

export const bar = style({
  vars: { [barStart]: '0%', [barWidth]: '0%' },
  position: 'absolute',
  top: '10px',
  bottom: '10px',
  left: barStart,
  width: barWidth,
  minWidth: '6px',
  display: 'flex',
  alignItems: 'center',
  padding: `0 ${vars.space['2']}`,
  borderRadius: vars.radius.sm,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  boxShadow: vars.shadow.sm,
  overflow: 'hidden',
});

/** Front-loaded: strongest at the start, fading to the end. */
export const barFrontLoaded = style([
  bar,
  {
    backgroundImage: `linear-gradient(to right, transparent 0%, rgba(255, 255, 255, 0.35) 100%)`,
  },
]);

export const barAmount = style({
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
});

export const outside = style({
  position: 'absolute',
  inset: 0,
  display: 'flex',
  alignItems: 'center',
  padding: `0 ${vars.space['3']}`,
  color: vars.color.textSubtle,
  fontStyle: 'italic',
});

export const total = style({
  padding: `${vars.space['2']} ${vars.space['4']}`,
  textAlign: 'right',
  verticalAlign: 'middle',
  fontWeight: vars.fontWeight.semibold,
  borderLeft: `1px solid ${vars.color.borderStrong}`,
  borderTop: `1px solid ${vars.color.borderStrong}`,
  borderBottom: `1px solid ${gridLine}`,
});

export const weekTotal = style({
  padding: `${vars.space['2']} ${vars.space['1']}`,
  textAlign: 'center',
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  borderLeft: `1px solid ${gridLine}`,
  borderTop: `1px solid ${vars.color.borderStrong}`,
  background: vars.color.surfaceMuted,
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
});

export const grandTotal = style({
  padding: `${vars.space['2']} ${vars.space['4']}`,
  textAlign: 'right',
  fontWeight: vars.fontWeight.bold,
  borderLeft: `1px solid ${vars.color.borderStrong}`,
  borderTop: `1px solid ${vars.color.borderStrong}`,
  background: vars.color.surfaceMuted,
});

export const empty = style({
  padding: vars.space['6'],
  textAlign: 'center',
  color: vars.color.textMuted,
  border: `1px dashed ${vars.color.borderStrong}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surfaceMuted,
});
