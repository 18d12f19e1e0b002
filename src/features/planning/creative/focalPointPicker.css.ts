import { vars } from '@src/theme/contract.css';
import { createVar, style } from '@vanilla-extract/css';

/** The marker's place in percent, set through CSSOM: a strict CSP refuses `style` attributes. */
export const focalX = createVar();
export const focalY = createVar();
/** The picture's shown width and its ratio, from the asset's size: the box is right before the thumbnail loads. */
export const pictureWidth = createVar();
export const pictureRatio = createVar();

export const root = style({ display: 'flex', flexDirection: 'column', gap: vars.space['2'], minWidth: 0 });

export const label = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.text,
});

export const picture = style({
  position: 'relative',
  alignSelf: 'flex-start',
  width: pictureWidth,
  maxWidth: '100%',
  aspectRatio: pictureRatio,
  borderRadius: vars.radius.md,
  overflow: 'hidden',
  background: vars.color.surfaceMuted,
  border: `1px solid ${vars.color.border}`,
  cursor: 'crosshair',
  touchAction: 'none',
  userSelect: 'none',
  outline: 'none',
  vars: { [focalX]: '50%', [focalY]: '50%', [pictureWidth]: '320px', [pictureRatio]: '3 / 2' },
  selectors: {
    '&:focus-visible': { boxShadow: `0 0 0 3px ${vars.color.focusRing}` },
    '&[aria-disabled="true"]': { cursor: 'not-allowed', opacity: 0.6 },
  },
});

export const image = style({
  display: 'block',
  width: '100%',
  height: '100%',
  // The picture's own drag would steal the pointer from the marker.
  pointerEvents: 'none',
});

/** A ring that reads on light and dark pictures alike, with lines to the edges to show the crop's centre. */
export const marker = style({
  position: 'absolute',
  left: focalX,
  top: focalY,
  width: '28px',
  height: '28px',
  transform: 'translate(-50%, -50%)',
  borderRadius: vars.radius.full,
  border: '2px solid #ffffff',
  boxShadow: '0 0 0 2px rgba(0, 0, 0, 0.55), inset 0 0 0 2px rgba(0, 0, 0, 0.35)',
  background: 'rgba(255, 255, 255, 0.15)',
  pointerEvents: 'none',
  selectors: {
    '&::after': {
      content: '""',
      position: 'absolute',
      left: '50%',
      top: '50%',
      width: '4px',
      height: '4px',
      transform: 'translate(-50%, -50%)',
      borderRadius: vars.radius.full,
      background: '#ffffff',
    },
  },
});

export const ranges = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr auto',
  alignItems: 'center',
  columnGap: vars.space['2'],
  rowGap: vars.space['1'],
  maxWidth: '360px',
  margin: 0,
  padding: 0,
  border: 0,
  minWidth: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const range = style({ width: '100%', accentColor: vars.color.primary });

export const value = style({ fontVariantNumeric: 'tabular-nums', minWidth: '3.5em', textAlign: 'right' });
