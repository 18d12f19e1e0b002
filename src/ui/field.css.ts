import { vars } from '@src/theme/contract.css';
import { style } from '@vanilla-extract/css';

export const root = style({ display: 'flex', flexDirection: 'column', gap: vars.space['1'] });

export const label = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.text,
});

export const optional = style({ color: vars.color.textSubtle, fontWeight: vars.fontWeight.regular });

export const input = style({
  height: '38px',
  width: '100%',
  padding: `0 ${vars.space['3']}`,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  boxShadow: vars.shadow.sm,
  transition: 'border-color 120ms ease, box-shadow 120ms ease',
  selectors: {
    '&::placeholder': { color: vars.color.textSubtle },
    '&:focus': {
      outline: 'none',
      borderColor: vars.color.primary,
      boxShadow: `0 0 0 3px ${vars.color.primarySoft}`,
    },
    '&:focus-visible': {
      outline: 'none',
      borderColor: vars.color.primary,
      boxShadow: `0 0 0 3px ${vars.color.primarySoft}`,
    },
    '&[aria-invalid="true"]': { borderColor: vars.color.danger },
    '&[aria-invalid="true"]:focus': { boxShadow: `0 0 0 3px ${vars.color.dangerSoft}` },
    '&:disabled': { background: vars.color.surfaceMuted, color: vars.color.textMuted },
  },
});

export const error = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space['1'],
  fontSize: vars.fontSize.sm,
  color: vars.color.danger,
});

export const hint = style({ fontSize: vars.fontSize.sm, color: vars.color.textSubtle });
