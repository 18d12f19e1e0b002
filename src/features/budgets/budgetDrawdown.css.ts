import { vars } from '@src/theme/contract.css';
import { style, styleVariants } from '@vanilla-extract/css';

export const summary = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
  padding: `${vars.space['4']} ${vars.space['6']}`,
});

export const figures = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: vars.space['2'],
});

export const committed = style({ fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.semibold });

/** Remaining money reads plainly; money over the budget reads as a problem (colour and weight, and the words). */
export const remaining = styleVariants({
  left: { color: vars.color.textMuted },
  over: { color: vars.color.danger, fontWeight: vars.fontWeight.semibold },
});

export const track = style({
  position: 'relative',
  height: '10px',
  borderRadius: vars.radius.full,
  background: vars.color.surfaceMuted,
  border: `1px solid ${vars.color.border}`,
  overflow: 'hidden',
});

export const fill = styleVariants({
  left: { height: '100%', background: vars.color.primary },
  over: { height: '100%', background: vars.color.danger },
});

export const sectionTitle = style({
  padding: `${vars.space['3']} ${vars.space['6']}`,
  borderTop: `1px solid ${vars.color.border}`,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
});

export const none = style({
  padding: `0 ${vars.space['6']} ${vars.space['4']}`,
  color: vars.color.textMuted,
});

export const marker = style({ marginLeft: vars.space['2'] });
