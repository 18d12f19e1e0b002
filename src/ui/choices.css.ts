import { vars } from '@src/theme/contract.css';
import { style } from '@vanilla-extract/css';

export const fieldset = style({
  border: 0,
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  minWidth: 0,
});

export const legend = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  marginBottom: vars.space['1'],
  padding: 0,
});

export const choice = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  columnGap: vars.space['2'],
  alignItems: 'start',
  cursor: 'pointer',
});

export const choiceText = style({ display: 'flex', flexDirection: 'column' });

export const choiceHint = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
