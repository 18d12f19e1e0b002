import { vars } from '@src/theme/contract.css';
import { button } from '@src/ui/button.css';
import { style } from '@vanilla-extract/css';

export const group = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
  margin: 0,
  padding: 0,
  border: 0,
  minWidth: 0,
});

export const legend = style({
  padding: 0,
  marginBottom: vars.space['3'],
  color: vars.color.textSubtle,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  letterSpacing: '0.04em',
  textTransform: 'uppercase',
});

export const hint = style({ color: vars.color.textSubtle, fontSize: vars.fontSize.sm });

export const signInLink = style([button.primary, { width: '100%' }]);
