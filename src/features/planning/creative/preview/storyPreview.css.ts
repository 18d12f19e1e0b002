import { vars } from '@src/theme/contract.css';
import { style } from '@vanilla-extract/css';

/** A full-screen vertical placement (Instagram Stories, TikTok, Snapchat): a phone-sized frame. */
export const phone = style({
  position: 'relative',
  width: '100%',
  maxWidth: '270px',
  overflow: 'hidden',
  borderRadius: '18px',
  background: '#000000',
  color: '#ffffff',
  fontFamily: vars.font.body,
  fontSize: '13px',
  lineHeight: 1.35,
  boxShadow: vars.shadow.md,
});

/** Shades under the overlays so white text reads on any picture. */
const overlay = style({
  position: 'absolute',
  left: 0,
  right: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  padding: vars.space['3'],
  textShadow: '0 1px 2px rgba(0, 0, 0, 0.45)',
});

export const top = style([
  overlay,
  { top: 0, background: 'linear-gradient(rgba(0, 0, 0, 0.45), transparent)' },
]);

export const bottom = style([
  overlay,
  {
    bottom: 0,
    paddingTop: vars.space['10'],
    background: 'linear-gradient(transparent, rgba(0, 0, 0, 0.7))',
  },
]);

/** Instagram's story progress bar. */
export const progress = style({
  height: '2px',
  borderRadius: vars.radius.full,
  background: 'rgba(255, 255, 255, 0.45)',
});

export const who = style({ display: 'flex', alignItems: 'center', gap: vars.space['2'], minWidth: 0 });

export const avatar = style({ width: '30px', height: '30px', fontSize: vars.fontSize.sm });

export const brand = style({
  fontWeight: vars.fontWeight.semibold,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const sponsored = style({ opacity: 0.85, fontSize: '12px' });

export const text = style({ margin: 0, whiteSpace: 'pre-line', overflowWrap: 'anywhere' });

export const headline = style({
  margin: 0,
  fontSize: '15px',
  fontWeight: vars.fontWeight.bold,
  overflowWrap: 'anywhere',
});

export const pill = style({
  alignSelf: 'center',
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['1'],
  minWidth: '120px',
  justifyContent: 'center',
  padding: `${vars.space['2']} ${vars.space['4']}`,
  borderRadius: vars.radius.full,
  background: '#ffffff',
  color: '#050505',
  fontWeight: vars.fontWeight.semibold,
  textShadow: 'none',
});

export const pillMissing = style([pill, { height: '34px', opacity: 0.5 }]);

/** Snapchat's "swipe up" cue above its call to action. */
export const swipe = style({
  marginTop: vars.space['2'],
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: '2px',
  fontSize: '11px',
  fontWeight: vars.fontWeight.semibold,
  letterSpacing: '0.04em',
  textTransform: 'uppercase',
});
