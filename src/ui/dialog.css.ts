import { vars } from '@src/theme/contract.css';
import { keyframes, style } from '@vanilla-extract/css';

const mobile = 'screen and (max-width: 640px)';

/** A modal dialog (Ark Dialog parts): centred, a bottom sheet on a phone. */
const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
const rise = keyframes({
  from: { opacity: 0, transform: 'translateY(8px) scale(0.98)' },
  to: { opacity: 1, transform: 'none' },
});

export const backdrop = style({
  position: 'fixed',
  inset: 0,
  zIndex: 40,
  background: vars.color.overlay,
  animation: `${fadeIn} 120ms ease-out`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});

export const positioner = style({
  position: 'fixed',
  inset: 0,
  zIndex: 41,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: vars.space['4'],
  '@media': { [mobile]: { alignItems: 'flex-end', padding: 0 } },
});

export const dialog = style({
  width: '100%',
  maxWidth: '440px',
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.lg,
  animation: `${rise} 160ms ease-out`,
  '@media': {
    [mobile]: { maxWidth: 'none', borderBottomLeftRadius: 0, borderBottomRightRadius: 0 },
    '(prefers-reduced-motion: reduce)': { animation: 'none' },
  },
});

export const dialogBody = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['4'],
  padding: vars.space['6'],
  '@media': { [mobile]: { padding: vars.space['5'] } },
});

export const dialogTitle = style({ fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.semibold });

export const dialogText = style({ marginTop: `calc(${vars.space['3']} * -1)`, color: vars.color.textMuted });

export const dialogFooter = style({
  display: 'flex',
  justifyContent: 'flex-end',
  flexWrap: 'wrap-reverse',
  gap: vars.space['2'],
  marginTop: vars.space['2'],
  // On a phone the actions stack full width, the main one on top (closest to the content).
  '@media': { [mobile]: { flexDirection: 'column-reverse', alignItems: 'stretch' } },
});

export const successMark = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '40px',
  height: '40px',
  borderRadius: vars.radius.full,
  background: '#ecfdf3',
  color: '#067647',
});
