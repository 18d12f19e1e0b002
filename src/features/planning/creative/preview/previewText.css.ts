import { vars } from '@src/theme/contract.css';
import { style, styleVariants } from '@vanilla-extract/css';

/** What a platform writes after a cut text, fainter than the text: on a white post and over a story alike. */
export const more = style({ opacity: 0.62, fontWeight: vars.fontWeight.medium, whiteSpace: 'nowrap' });

const bar = style({
  display: 'block',
  height: '0.7em',
  margin: '0.3em 0',
  borderRadius: vars.radius.full,
  background: 'currentColor',
  opacity: 0.16,
});

/** An unwritten text: a grey bar as long as such a text usually is. */
export const placeholder = styleVariants({
  short: [bar, { width: '40%' }],
  medium: [bar, { width: '65%' }],
  long: [bar, { width: '92%' }],
});

export const avatar = style({
  flex: 'none',
  display: 'grid',
  placeItems: 'center',
  width: '36px',
  height: '36px',
  borderRadius: vars.radius.full,
  background: 'linear-gradient(135deg, #5b6cf9, #a855f7)',
  color: '#ffffff',
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.bold,
  lineHeight: 1,
  overflow: 'hidden',
});
