import { vars } from '@src/theme/contract.css';
import { style, styleVariants } from '@vanilla-extract/css';
import { stepPanel, stepStack } from '../wizard.css';

export const layout = stepStack;

export const platform = stepPanel;

export const title = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.semibold });

export const ads = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['4'],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

/** The form, and the preview beside it on wide screens (under it on narrow ones). */
export const ad = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) minmax(280px, 360px)',
  gap: vars.space['5'],
  padding: vars.space['4'],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  '@media': { 'screen and (max-width: 900px)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space['4'], minWidth: 0 });

export const preview = style({
  alignSelf: 'start',
  '@media': { 'screen and (min-width: 901px)': { position: 'sticky', top: vars.space['4'] } },
});

export const adHeader = style({
  display: 'flex',
  alignItems: 'flex-end',
  flexWrap: 'wrap',
  gap: vars.space['3'],
});

export const grow = style({ flex: '1 1 220px', minWidth: 0 });

export const select = style({
  height: '40px',
  padding: `0 ${vars.space['3']}`,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
});

export const textarea = style({ minHeight: '96px', paddingTop: vars.space['2'], resize: 'vertical' });

export const entries = style({ display: 'flex', flexDirection: 'column', gap: vars.space['2'] });

export const entryRow = style({ display: 'flex', alignItems: 'flex-start', gap: vars.space['2'] });

export const counter = styleVariants({
  ok: { margin: 0, fontSize: vars.fontSize.sm, color: '#067647', fontVariantNumeric: 'tabular-nums' },
  truncated: { margin: 0, fontSize: vars.fontSize.sm, color: '#b54708', fontVariantNumeric: 'tabular-nums' },
  over: {
    margin: 0,
    fontSize: vars.fontSize.sm,
    color: vars.color.danger,
    fontVariantNumeric: 'tabular-nums',
  },
});

export const warning = style({ margin: 0, fontSize: vars.fontSize.sm, color: '#b54708' });

export const error = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.danger });

export const assets = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['4'],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const asset = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  width: '220px',
});

export const thumbnail = style({
  width: '100%',
  aspectRatio: '1 / 1',
  objectFit: 'cover',
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
});

export const row = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space['2'] });

export const progress = style({ width: '100%', maxWidth: '320px' });

export const muted = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const library = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))',
  gap: vars.space['3'],
  maxHeight: '60vh',
  overflowY: 'auto',
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const libraryItem = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1'],
  width: '100%',
  padding: vars.space['2'],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  textAlign: 'left',
  cursor: 'pointer',
  font: 'inherit',
  selectors: { '&:hover': { background: vars.color.surfaceHover } },
});

/** A small preview per ad on the review. */
export const reviewAd = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  width: '300px',
});

/** A group of fields (an ad's pictures, a field of several entries) without the browser's frame. */
export const group = style({ border: 0, margin: 0, padding: 0, minWidth: 0 });
