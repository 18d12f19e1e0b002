import { vars } from '@src/theme/contract.css';
import { style } from '@vanilla-extract/css';

/** "From [date] to [date]": one labelled group, kept on one line (the bookings and activity filters). */
export const range = style({
  display: 'inline-flex',
  // On a phone the two dates share the card's width instead of pushing past its edge.
  maxWidth: '100%',
  alignItems: 'center',
  gap: vars.space['1'],
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const dateInput = style({
  flex: '1 1 auto',
  minWidth: 0,
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
