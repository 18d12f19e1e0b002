import { vars } from '@src/theme/contract.css';
import { style } from '@vanilla-extract/css';

export const body = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['4'],
  padding: `${vars.space['4']} ${vars.space['6']}`,
});

/** Amount, booked, spent, remaining: four figures side by side, wrapping on a phone. */
export const figures = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))',
  gap: vars.space['4'],
  margin: 0,
});

export const figure = style({ display: 'flex', flexDirection: 'column', gap: vars.space['1'] });
export const figureLabel = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });
export const figureValue = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
  fontVariantNumeric: 'tabular-nums',
});

export const status = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['2'],
  color: vars.color.textMuted,
});

export const toggle = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  fontSize: vars.fontSize.sm,
});
