import { vars } from '@src/theme/contract.css';
import { style, styleVariants } from '@vanilla-extract/css';

const base = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space['2'],
  minHeight: '36px',
  padding: `0 ${vars.space['4']}`,
  borderRadius: vars.radius.md,
  border: '1px solid transparent',
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: 1,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  transition: 'background-color 120ms ease, border-color 120ms ease, box-shadow 120ms ease',
  selectors: {
    '&:disabled, &[aria-disabled="true"]': { cursor: 'not-allowed', opacity: 0.6 },
  },
});

export const button = styleVariants({
  primary: [
    base,
    {
      background: vars.color.primary,
      color: vars.color.onPrimary,
      boxShadow: vars.shadow.sm,
      selectors: { '&:hover:not(:disabled)': { background: vars.color.primaryHover } },
    },
  ],
  secondary: [
    base,
    {
      background: vars.color.surface,
      color: vars.color.text,
      borderColor: vars.color.borderStrong,
      boxShadow: vars.shadow.sm,
      selectors: { '&:hover:not(:disabled)': { background: vars.color.surfaceHover } },
    },
  ],
  ghost: [
    base,
    {
      background: 'transparent',
      color: vars.color.textMuted,
      selectors: {
        '&:hover:not(:disabled)': { background: vars.color.surfaceHover, color: vars.color.text },
      },
    },
  ],
});

export const fullWidth = style({ width: '100%' });

/** Router links that look like buttons (to another page, not an action here). */
export const linkButton = {
  primary: button.primary,
  secondary: button.secondary,
  small: style([
    button.secondary,
    { minHeight: '32px', padding: `0 ${vars.space['3']}`, fontSize: vars.fontSize.sm },
  ]),
};
