import { vars } from '@src/theme/contract.css';
import { style } from '@vanilla-extract/css';

/** The filter menus, the date range and the export link; they wrap on narrow screens. */
export const filters = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'flex-end',
  gap: vars.space['2'],
  minWidth: 0,
  margin: 0,
  marginLeft: 'auto',
  padding: 0,
  border: 0,
});

const linkButton = {
  height: '34px',
  display: 'inline-flex',
  alignItems: 'center',
  padding: `0 ${vars.space['2']}`,
  border: 'none',
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: vars.color.primaryText,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.medium,
  cursor: 'pointer',
  textDecoration: 'none',
  selectors: {
    '&:hover': { textDecoration: 'underline' },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '1px' },
  },
} as const;

export const clear = style(linkButton);
export const exportLink = style(linkButton);

/** The campaign a change belongs to, under its entity on the account-wide page. */
export const context = style({ display: 'block', fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const change = style({
  display: 'inline-flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  gap: vars.space['1'],
  // A long value (an import's provenance, a list of countries) wraps instead of widening the table.
  whiteSpace: 'normal',
  maxWidth: '32rem',
  overflowWrap: 'anywhere',
});
export const before = style({ color: vars.color.textMuted, textDecoration: 'line-through' });
export const after = style({ textDecoration: 'none' });
export const arrow = style({ color: vars.color.textSubtle });

export { dateInput, range } from '../dateRange.css';
