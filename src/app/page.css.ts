import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

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

export const loading = style({
  flex: 1,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: '100vh',
  color: vars.color.textSubtle,
});
