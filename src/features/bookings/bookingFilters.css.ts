import { vars } from '@src/theme/contract.css';
import { style } from '@vanilla-extract/css';

/** The filter menus and the date range beside the name search; they wrap under it on narrow screens. */
export const filters = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'flex-end',
  gap: vars.space['2'],
  minWidth: 0,
  margin: 0,
  padding: 0,
  border: 0,
});

/** "From [date] to [date]": one labelled group, kept on one line. */
export const range = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['1'],
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const dateInput = style({
  height: '34px',
  padding: `0 ${vars.space['2']}`,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  boxShadow: vars.shadow.sm,
  selectors: {
    '&:focus, &:focus-visible': {
      outline: 'none',
      borderColor: vars.color.primary,
      boxShadow: `0 0 0 3px ${vars.color.primarySoft}`,
    },
  },
});

export const clear = style({
  height: '34px',
  padding: `0 ${vars.space['2']}`,
  border: 'none',
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: vars.color.primaryText,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.medium,
  cursor: 'pointer',
  selectors: {
    '&:hover': { textDecoration: 'underline' },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '1px' },
  },
});
