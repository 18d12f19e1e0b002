import { vars } from '@src/theme/contract.css';
import { style } from '@vanilla-extract/css';

/** The region Ark positions (fixed, bottom right); toasts stack inside it. */
export const group = style({ zIndex: 60 });

/**
 * One toast. Ark sets its position as CSS variables on the element (through the CSSOM, so the strict CSP
 * holds): --x/--y for the slide, --scale, --opacity, --height and --z-index for the stack.
 */
export const root = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space['3'],
  width: 'min(360px, calc(100vw - 2rem))',
  padding: `${vars.space['3']} ${vars.space['3']} ${vars.space['3']} ${vars.space['4']}`,
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.lg,
  translate: 'var(--x) var(--y)',
  scale: 'var(--scale)',
  zIndex: 'var(--z-index)',
  height: 'var(--height)',
  opacity: 'var(--opacity)',
  willChange: 'translate, opacity, scale',
  transitionProperty: 'translate, scale, opacity, height',
  transitionDuration: '300ms',
  transitionTimingFunction: 'cubic-bezier(0.21, 1.02, 0.73, 1)',
  selectors: {
    '&[data-state="closed"]': {
      transitionDuration: '200ms',
      transitionTimingFunction: 'cubic-bezier(0.06, 0.71, 0.55, 1)',
    },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
  '@media': {
    '(prefers-reduced-motion: reduce)': { transitionDuration: '0ms' },
  },
});

export const icon = style({ flex: 'none', marginTop: '1px', color: '#079455' });

export const text = style({ flex: 1, minWidth: 0 });

export const title = style({ fontWeight: vars.fontWeight.semibold, fontSize: vars.fontSize.md });

export const description = style({
  marginTop: vars.space['1'],
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const close = style({
  flex: 'none',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '24px',
  height: '24px',
  border: 'none',
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.textSubtle,
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.surfaceHover, color: vars.color.text },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '1px' },
  },
});

/** A toast's one action ("Open the copy"). */
export const action = style({
  flex: 'none',
  alignSelf: 'center',
  padding: `${vars.space['1']} ${vars.space['2']}`,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  fontWeight: vars.fontWeight.semibold,
  cursor: 'pointer',
});
