import { vars } from '@src/theme/contract.css';
import { createVar, style, styleVariants } from '@vanilla-extract/css';

/** The placement's aspect ratio (`1.91 / 1`), set through CSSOM: a strict CSP refuses `style` attributes. */
export const aspectRatio = createVar();

export const frame = style({
  position: 'relative',
  display: 'block',
  width: '100%',
  aspectRatio: aspectRatio,
  overflow: 'hidden',
  background: '#e4e6eb',
  vars: { [aspectRatio]: '1 / 1' },
});

export const image = style({
  display: 'block',
  width: '100%',
  height: '100%',
  objectFit: 'cover',
});

/** No asset chosen yet: a neutral block the size of the picture, as the platform's loading state looks. */
export const missing = style({
  position: 'absolute',
  inset: 0,
  display: 'grid',
  placeItems: 'center',
  color: '#8a8d91',
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  background: 'repeating-linear-gradient(135deg, #e4e6eb 0 12px, #dadde1 12px 24px)',
});

export const play = style({
  position: 'absolute',
  top: '50%',
  left: '50%',
  width: '56px',
  height: '56px',
  transform: 'translate(-50%, -50%)',
  display: 'grid',
  placeItems: 'center',
  borderRadius: vars.radius.full,
  background: 'rgba(0, 0, 0, 0.55)',
  color: '#ffffff',
  boxShadow: '0 2px 12px rgba(0, 0, 0, 0.3)',
});

const durationBase = style({
  position: 'absolute',
  right: vars.space['2'],
  padding: `2px ${vars.space['2']}`,
  borderRadius: vars.radius.sm,
  background: 'rgba(0, 0, 0, 0.7)',
  color: '#ffffff',
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  fontVariantNumeric: 'tabular-nums',
});

/** In a feed the length sits in the picture's corner; full screen, below the advertiser's bar, clear of the texts. */
export const duration = styleVariants({
  bottom: [durationBase, { bottom: vars.space['2'] }],
  top: [durationBase, { top: '60px' }],
});
