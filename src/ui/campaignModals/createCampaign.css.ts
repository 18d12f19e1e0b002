import { vars } from '@src/theme/contract.css';
import { globalStyle, style } from '@vanilla-extract/css';

export const cards = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))',
  gap: vars.space['3'],
  margin: 0,
  padding: 0,
  border: 0,
});

export const card = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space['2'],
  padding: vars.space['3'],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  cursor: 'pointer',
  fontWeight: vars.fontWeight.medium,
  selectors: { '&:hover': { background: vars.color.surfaceHover } },
});

export const cardSelected = style({
  borderColor: vars.color.primary,
  background: vars.color.primarySoft,
  boxShadow: `0 0 0 1px ${vars.color.primary}`,
  selectors: { '&:hover': { background: vars.color.primarySoft } },
});

/** The radio stays in the accessibility tree and keyboard order; the card is its visible face. */
export const radio = style({ position: 'absolute', opacity: 0, inset: 0, margin: 0, cursor: 'pointer' });

globalStyle(`${card}:has(${radio}:focus-visible)`, {
  outline: `2px solid ${vars.color.focusRing}`,
  outlineOffset: '2px',
});

export const icon = style({ width: '24px', height: '24px', color: vars.color.primaryText });
