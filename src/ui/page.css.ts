import { vars } from '@src/theme/contract.css';
import { style } from '@vanilla-extract/css';

/**
 * A page's header: crumbs or an eyebrow above the title, a subtitle, actions on the right (wrapping below on
 * narrow screens). One for every page of the app: record pages, list pages and settings pages.
 */
export const header = style({
  display: 'flex',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
  gap: vars.space['4'],
  marginBottom: vars.space['6'],
});

export const headerText = style({ minWidth: 0, flex: '1 1 320px' });

/** The h1; a status badge or a count may follow it on the same line. */
export const title = style({
  display: 'flex',
  alignItems: 'center',
  flexWrap: 'wrap',
  gap: vars.space['3'],
  fontSize: vars.fontSize.xxl,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.tight,
  letterSpacing: '-0.01em',
  overflowWrap: 'anywhere',
});

/** The number of records beside a list's title. */
export const count = style({
  display: 'inline-flex',
  alignItems: 'center',
  height: '22px',
  padding: `0 ${vars.space['2']}`,
  borderRadius: vars.radius.full,
  background: vars.color.surfaceHover,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  fontVariantNumeric: 'tabular-nums',
});

export const subtitle = style({ marginTop: vars.space['1'], color: vars.color.textMuted, maxWidth: '640px' });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'] });

/** Record pages: the way back, as an ordered list of links ("Budgets / Acme Q1 budget"). */
export const breadcrumb = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['1'],
  margin: `0 0 ${vars.space['2']}`,
  padding: 0,
  listStyle: 'none',
  color: vars.color.textSubtle,
  fontSize: vars.fontSize.sm,
});

export const crumb = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space['1'] });

export const crumbLink = style({
  color: 'inherit',
  textDecoration: 'none',
  selectors: { '&:hover': { color: vars.color.text, textDecoration: 'underline' } },
});

export const crumbSeparator = style({ color: vars.color.border });

/** Settings pages: the section above the title ("Account settings /"). */
export const eyebrow = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['1'],
  marginBottom: vars.space['1'],
  color: vars.color.textSubtle,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
});

/** Cards and sections one under the other. */
export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space['6'] });
