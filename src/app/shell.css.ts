import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

export const shell = style({ display: 'flex', flexDirection: 'column', minHeight: '100vh' });

export const navbar = style({
  position: 'sticky',
  top: 0,
  zIndex: 10,
  height: vars.layout.navbarHeight,
  background: vars.color.navbar,
  color: vars.color.onNavbar,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const navbarInner = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['6'],
  height: '100%',
  maxWidth: vars.layout.contentMaxWidth,
  margin: '0 auto',
  padding: `0 ${vars.space['6']}`,
});

export const brand = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
  color: 'inherit',
  textDecoration: 'none',
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
  letterSpacing: '-0.01em',
});

export const brandMark = style({ color: vars.color.primary, flex: 'none' });

export const nav = style({ display: 'flex', alignItems: 'center', gap: vars.space['1'], height: '100%' });

export const navLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  height: '32px',
  padding: `0 ${vars.space['3']}`,
  borderRadius: vars.radius.md,
  color: vars.color.onNavbarMuted,
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'none',
  selectors: {
    '&:hover': { color: vars.color.onNavbar, background: vars.color.surfaceHover },
    '&[aria-current="page"]': { color: vars.color.onNavbar, background: vars.color.primarySoft },
  },
});

export const spacer = style({ flex: 1 });

export const account = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['4'],
  fontSize: vars.fontSize.sm,
});

export const email = style({
  color: vars.color.onNavbarMuted,
  maxWidth: '240px',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  '@media': { 'screen and (max-width: 640px)': { display: 'none' } },
});

export const signOut = style({
  whiteSpace: 'nowrap',
  color: vars.color.onNavbar,
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'none',
  padding: `${vars.space['1']} ${vars.space['2']}`,
  borderRadius: vars.radius.md,
  selectors: { '&:hover': { background: vars.color.surfaceHover } },
});

export const main = style({
  flex: 1,
  width: '100%',
  maxWidth: vars.layout.contentMaxWidth,
  margin: '0 auto',
  padding: `${vars.space['8']} ${vars.space['6']}`,
  '@media': { 'screen and (max-width: 640px)': { padding: `${vars.space['6']} ${vars.space['4']}` } },
});

export const skipLink = style({
  position: 'absolute',
  left: vars.space['4'],
  top: '-100px',
  zIndex: 20,
  padding: `${vars.space['2']} ${vars.space['3']}`,
  background: vars.color.surface,
  color: vars.color.text,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.lg,
  selectors: { '&:focus': { top: vars.space['2'] } },
});
