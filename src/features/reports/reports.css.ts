import { vars } from '@src/theme/contract.css';
import { style, styleVariants } from '@vanilla-extract/css';
import { LINE_COLOURS } from './chartPalette';

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['4'],
  alignItems: 'flex-start',
  padding: vars.space['4'],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
});

export const control = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1'],
  minWidth: '150px',
});
export const controlRow = style({
  display: 'flex',
  gap: vars.space['2'],
  alignItems: 'flex-end',
  flexWrap: 'wrap',
});
export const select = style({ minWidth: '140px' });
export const dateInput = style({ width: '150px' });

export const fieldset = style({ border: 'none', padding: 0, margin: 0, minWidth: 0 });
export const legend = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  padding: 0,
  marginBottom: vars.space['1'],
});

export const metricsMenu = style({ position: 'relative' });
export const metricsSummary = style({
  cursor: 'pointer',
  height: '38px',
  display: 'inline-flex',
  alignItems: 'center',
  padding: `0 ${vars.space['3']}`,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});
export const metricsList = style({
  position: 'absolute',
  zIndex: 5,
  marginTop: vars.space['1'],
  padding: vars.space['3'],
  display: 'grid',
  gap: vars.space['2'],
  minWidth: '220px',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.md,
});
export const check = style({
  display: 'flex',
  gap: vars.space['2'],
  alignItems: 'center',
  whiteSpace: 'nowrap',
});

export const error = style({ color: vars.color.danger, fontSize: vars.fontSize.sm, maxWidth: '280px' });

export const summary = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['4'],
  alignItems: 'center',
  justifyContent: 'space-between',
});
export const muted = style({ color: vars.color.textMuted });

export const chartCard = style({
  padding: vars.space['4'],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  minHeight: '300px',
});
export const chartHeader = style({
  display: 'flex',
  gap: vars.space['3'],
  alignItems: 'flex-end',
  flexWrap: 'wrap',
});
export const chartCanvas = style({ marginTop: vars.space['3'], width: '100%', minHeight: '240px' });

export const keyCell = style({
  whiteSpace: 'nowrap',
  textAlign: 'left',
  fontWeight: vars.fontWeight.medium,
});
export const totalsRow = style({ fontWeight: vars.fontWeight.semibold, background: vars.color.surfaceMuted });
/** Δ %: colour helps, the ▲ ▼ and the sign say it. Both colours keep 4.5:1 on white. */
export const changeGood = style({ color: '#116329', whiteSpace: 'nowrap' });
export const changeBad = style({ color: vars.color.danger, whiteSpace: 'nowrap' });
export const changeNeutral = style({ color: vars.color.textMuted, whiteSpace: 'nowrap' });

export const pager = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['3'],
  alignItems: 'center',
  justifyContent: 'space-between',
  marginTop: vars.space['3'],
});

export const picker = style({ position: 'relative', minWidth: '200px' });
export const options = style({
  position: 'absolute',
  zIndex: 6,
  listStyle: 'none',
  margin: `${vars.space['1']} 0 0`,
  padding: vars.space['1'],
  width: '100%',
  maxHeight: '240px',
  overflowY: 'auto',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.md,
});
export const option = style({
  padding: `${vars.space['1']} ${vars.space['2']}`,
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  selectors: { '&[data-active="true"]': { background: vars.color.primarySoft } },
});
export const chips = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['1'],
  margin: `${vars.space['1']} 0 0`,
  padding: 0,
  listStyle: 'none',
  maxWidth: '280px',
});
export const chip = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['1'],
  padding: `2px ${vars.space['2']}`,
  borderRadius: vars.radius.full,
  background: vars.color.primarySoft,
  color: vars.color.primaryText,
  fontSize: vars.fontSize.sm,
  border: 'none',
  cursor: 'pointer',
});

/** The chart's legend: a swatch and a name per line (the dashed twin says "previous period"). */
export const chartLegend = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space['1']} ${vars.space['4']}`,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});
export const legendItem = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space['2'] });
const swatchBase = style({ display: 'inline-block', width: '18px', height: 0, borderTop: '3px solid' });
/** One colour per line (chartPalette.ts); the previous period's swatch is dashed. */
export const swatch = styleVariants(
  Object.fromEntries(LINE_COLOURS.map((colour, i) => [i, [swatchBase, { borderTopColor: colour }]])),
);
export const swatchDashed = style({ borderTopStyle: 'dashed' });
