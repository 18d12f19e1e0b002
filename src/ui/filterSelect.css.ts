import { vars } from '@src/theme/contract.css';
import { style } from '@vanilla-extract/css';

export const root = style({ display: 'inline-flex' });

export const trigger = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
  height: '34px',
  maxWidth: '220px',
  padding: `0 ${vars.space['3']}`,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.md,
  boxShadow: vars.shadow.sm,
  cursor: 'pointer',
  whiteSpace: 'nowrap',
  selectors: {
    '&:hover': { background: vars.color.surfaceHover },
    '&:focus-visible': {
      outline: 'none',
      borderColor: vars.color.primary,
      boxShadow: `0 0 0 3px ${vars.color.primarySoft}`,
    },
  },
});

/** A filter with a value: stands out so the person sees the table is narrowed. */
export const triggerActive = style([
  trigger,
  {
    borderColor: vars.color.primary,
    background: vars.color.primarySoft,
    color: vars.color.text,
    fontWeight: vars.fontWeight.medium,
  },
]);

export const valueText = style({ overflow: 'hidden', textOverflow: 'ellipsis' });

export const indicator = style({ display: 'inline-flex', flex: 'none', color: vars.color.textSubtle });

/** Ark copies the content's z-index to the positioner (`--z-index`): above the table's sticky header. */
export const positioner = style({});

export const content = style({
  zIndex: 40,
  minWidth: '200px',
  maxWidth: 'min(320px, calc(100vw - 24px))',
  maxHeight: 'min(360px, 60vh)',
  overflowY: 'auto',
  padding: vars.space['1'],
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.lg,
  outline: 'none',
  selectors: { '&[hidden]': { display: 'none' } },
});

export const item = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  minHeight: '32px',
  padding: `${vars.space['1']} ${vars.space['3']}`,
  borderRadius: vars.radius.md,
  fontSize: vars.fontSize.md,
  cursor: 'pointer',
  userSelect: 'none',
  selectors: {
    '&[data-highlighted]': { background: vars.color.surfaceHover },
    '&[data-state="checked"]': { fontWeight: vars.fontWeight.medium },
  },
});

export const itemText = style({
  flex: 1,
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const check = style({
  display: 'inline-flex',
  flex: 'none',
  color: vars.color.primaryText,
  selectors: { '&[hidden]': { display: 'none' } },
});
