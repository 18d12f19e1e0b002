import { vars } from '@src/theme/contract.css';
import { keyframes, style } from '@vanilla-extract/css';

/** Centred single-card pages: sign-in, sign-up, errors. */
export const centered = style({
  flex: 1,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space['6'],
  minHeight: '100vh',
  padding: `${vars.space['10']} ${vars.space['4']}`,
});

export const brand = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
  color: vars.color.text,
  textDecoration: 'none',
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  letterSpacing: '-0.01em',
});

export const brandMark = style({ color: vars.color.primary });

export const card = style({
  width: '100%',
  maxWidth: '400px',
  padding: vars.space['8'],
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.md,
  '@media': { 'screen and (max-width: 480px)': { padding: vars.space['6'] } },
});

export const title = style({
  fontSize: vars.fontSize.xxl,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.tight,
  letterSpacing: '-0.01em',
});

export const subtitle = style({ marginTop: vars.space['2'], color: vars.color.textMuted });

export const form = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['4'],
  marginTop: vars.space['6'],
});

export const row = style({
  display: 'grid',
  gridTemplateColumns: '1fr 1fr',
  gap: vars.space['3'],
  '@media': { 'screen and (max-width: 400px)': { gridTemplateColumns: '1fr' } },
});

export const footer = style({
  marginTop: vars.space['6'],
  textAlign: 'center',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.md,
});

export const link = style({
  color: vars.color.primaryText,
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'none',
  selectors: { '&:hover': { textDecoration: 'underline' } },
});

export const errorCode = style({
  color: vars.color.primaryText,
  fontWeight: vars.fontWeight.semibold,
  fontSize: vars.fontSize.sm,
  letterSpacing: '0.04em',
  textTransform: 'uppercase',
});

export const actions = style({ marginTop: vars.space['6'] });

/** Buttons side by side under a card's text, wrapping on narrow screens. */
export const actionRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['3'],
  marginTop: vars.space['6'],
});

/** A centred card inside the app shell, below the navbar. */
export const inlineCentered = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  padding: `${vars.space['12']} 0`,
});

export const loading = style({
  flex: 1,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space['2'],
  minHeight: '100vh',
  color: vars.color.textSubtle,
});

/** A loading indicator inside the shell (below the navbar). */
export const inlineLoading = style([loading, { minHeight: '240px' }]);

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const spinner = style({
  width: '16px',
  height: '16px',
  borderRadius: '50%',
  border: `2px solid ${vars.color.border}`,
  borderTopColor: vars.color.primary,
  animation: `${spin} 0.8s linear infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});
