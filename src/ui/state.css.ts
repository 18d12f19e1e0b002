import { vars } from '@src/theme/contract.css';
import { keyframes, style } from '@vanilla-extract/css';

/** What a list or table shows instead of rows: empty, failed, loading. */
export const stateTitle = style({
  color: vars.color.text,
  fontWeight: vars.fontWeight.semibold,
  fontSize: vars.fontSize.lg,
});

export const stateText = style({ marginTop: vars.space['1'] });

export const stateAction = style({
  display: 'flex',
  justifyContent: 'center',
  gap: vars.space['2'],
  marginTop: vars.space['4'],
});

export const errorTitle = style({ color: vars.color.danger, fontWeight: vars.fontWeight.semibold });

const shimmer = keyframes({ '0%': { opacity: 0.55 }, '50%': { opacity: 1 }, '100%': { opacity: 0.55 } });

/** A grey bar standing for text still loading (its width set by the caller). */
export const skeleton = style({
  display: 'block',
  height: '12px',
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceHover,
  animation: `${shimmer} 1.4s ease-in-out infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});
