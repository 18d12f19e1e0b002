import { vars } from '@src/theme/contract.css';
import { style } from '@vanilla-extract/css';

export const root = style({ display: 'flex', flexDirection: 'column', gap: vars.space['3'], minWidth: 0 });

export const tabs = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['1'],
  padding: vars.space['1'],
  alignSelf: 'flex-start',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
});

export const tab = style({
  minHeight: '30px',
  padding: `0 ${vars.space['3']}`,
  border: 0,
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  cursor: 'pointer',
  selectors: {
    '&:hover': { color: vars.color.text, background: vars.color.surfaceHover },
    '&[aria-selected="true"]': {
      background: vars.color.surface,
      color: vars.color.text,
      boxShadow: vars.shadow.sm,
    },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '1px' },
  },
});

/** The mock sits on a neutral stage, as the platform's page around it would. */
export const stage = style({
  display: 'flex',
  justifyContent: 'center',
  padding: vars.space['5'],
  borderRadius: vars.radius.lg,
  background: vars.color.background,
  border: `1px solid ${vars.color.border}`,
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' } },
});

/** The mock keeps its own width (a post, a phone, a pin) and centres in whatever holds it. */
export const figure = style({
  display: 'flex',
  justifyContent: 'center',
  width: '100%',
  margin: 0,
});

export const empty = style({ margin: 0, color: vars.color.textSubtle, fontSize: vars.fontSize.sm });
