import { vars } from '@src/theme/contract.css';
import { style, styleVariants } from '@vanilla-extract/css';

export const figure = style({ margin: 0, display: 'flex', flexDirection: 'column', gap: vars.space['2'] });

/** The canvas box keeps its height while uPlot loads, so the page does not jump. */
export const plot = style({ width: '100%', minHeight: '280px', color: vars.color.text });

export const legend = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['4'],
  margin: 0,
  padding: 0,
  listStyle: 'none',
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

const swatchBase = style({
  display: 'inline-block',
  width: '18px',
  height: 0,
  marginRight: vars.space['1'],
  verticalAlign: 'middle',
  borderTop: '3px solid',
});

/** The legend's line samples, in the chart's colours (the brand colour is the white-label one). */
export const swatch = styleVariants({
  spent: [swatchBase, { borderColor: vars.color.primary }],
  ideal: [swatchBase, { borderColor: vars.color.textSubtle, borderTopWidth: '2px' }],
  forecast: [swatchBase, { borderColor: vars.color.primary, borderTopStyle: 'dashed' }],
  today: [
    swatchBase,
    { borderColor: vars.color.danger, width: 0, height: '12px', borderTop: 0, borderLeft: '2px solid' },
  ],
});

const badgeBase = style({
  display: 'inline-flex',
  alignItems: 'center',
  height: '22px',
  padding: `0 ${vars.space['2']}`,
  borderRadius: vars.radius.full,
  border: '1px solid',
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  whiteSpace: 'nowrap',
});

/** Text on tint at 4.5:1 or more (the same tones as ui/badge.css.ts); the word says the status. */
export const pacingBadge = styleVariants({
  not_started: [badgeBase, { color: '#475467', background: '#f2f4f7', borderColor: '#e4e7ec' }],
  too_early: [badgeBase, { color: '#344054', background: '#f9fafb', borderColor: '#d0d5dd' }],
  on_track: [badgeBase, { color: '#067647', background: '#ecfdf3', borderColor: '#abefc6' }],
  underpacing: [badgeBase, { color: '#b54708', background: '#fffaeb', borderColor: '#fedf89' }],
  overpacing: [badgeBase, { color: '#b42318', background: '#fef3f2', borderColor: '#fecdca' }],
  ended: [badgeBase, { color: '#344054', background: '#f9fafb', borderColor: '#d0d5dd' }],
});
