import { vars } from '@src/theme/contract.css';
import { style } from '@vanilla-extract/css';

/** A link in running text or a card: the primary colour (dark enough on every surface), underlined on hover. */
export const textLink = style({
  color: vars.color.primaryText,
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'none',
  selectors: { '&:hover': { textDecoration: 'underline' } },
});

/** Secondary text: an empty value's dash, a note. */
export const muted = style({ color: vars.color.textSubtle });
