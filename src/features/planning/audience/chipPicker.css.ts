import { vars } from '@src/theme/contract.css';
import { style } from '@vanilla-extract/css';

export const root = style({ display: 'flex', flexDirection: 'column', gap: vars.space['1'] });

export const label = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.text,
});

/** Chips and the input share one bordered box, like an ad manager's targeting field. */
export const control = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['1'],
  minHeight: '38px',
  padding: `${vars.space['1']} ${vars.space['2']}`,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  boxShadow: vars.shadow.sm,
  selectors: {
    '&:focus-within': { borderColor: vars.color.primary, boxShadow: `0 0 0 3px ${vars.color.primarySoft}` },
    '&[data-invalid]': { borderColor: vars.color.danger },
    '&[data-disabled]': { background: vars.color.surfaceMuted },
  },
});

export const chips = style({ display: 'contents', listStyle: 'none', margin: 0, padding: 0 });

export const chip = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['1'],
  height: '26px',
  padding: `0 ${vars.space['1']} 0 ${vars.space['2']}`,
  borderRadius: vars.radius.full,
  background: vars.color.primarySoft,
  color: vars.color.primaryText,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  whiteSpace: 'nowrap',
});

export const chipRemove = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: '18px',
  height: '18px',
  border: 0,
  borderRadius: vars.radius.full,
  background: 'transparent',
  color: 'inherit',
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.surface },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '1px' },
  },
});

export const input = style({
  flex: '1 1 140px',
  minWidth: '120px',
  height: '28px',
  border: 0,
  outline: 'none',
  background: 'transparent',
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  selectors: { '&::placeholder': { color: vars.color.textSubtle } },
});

export const positioner = style({ zIndex: 50 });

export const content = style({
  maxHeight: '280px',
  overflowY: 'auto',
  padding: vars.space['1'],
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.lg,
  selectors: { '&[data-state="closed"]': { display: 'none' } },
});

export const item = style({
  display: 'flex',
  flexDirection: 'column',
  padding: `${vars.space['2']} ${vars.space['3']}`,
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  selectors: { '&[data-highlighted]': { background: vars.color.surfaceHover } },
});

export const itemText = style({ fontSize: vars.fontSize.sm, color: vars.color.text });

export const itemHint = style({ fontSize: vars.fontSize.xs, color: vars.color.textSubtle });

export const empty = style({
  padding: `${vars.space['2']} ${vars.space['3']}`,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const error = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.danger });

export const hint = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textSubtle });
