import { vars } from '@src/theme/contract.css';
import { style } from '@vanilla-extract/css';

export const list = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))',
  gap: vars.space['4'],
  listStyle: 'none',
  margin: 0,
  padding: 0,
});

export const platformCard = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
  height: '100%',
  padding: vars.space['5'],
});

export const head = style({ display: 'flex', alignItems: 'center', gap: vars.space['3'] });

/** The platform's mark: its initial on a tint (no third-party logo files). */
export const logo = style({
  flex: 'none',
  display: 'grid',
  placeItems: 'center',
  width: '40px',
  height: '40px',
  borderRadius: vars.radius.md,
  background: vars.color.primarySoft,
  color: vars.color.primaryText,
  fontWeight: vars.fontWeight.semibold,
  fontSize: vars.fontSize.lg,
});

export const name = style({
  flex: 1,
  minWidth: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
});

export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  columnGap: vars.space['3'],
  rowGap: vars.space['1'],
  margin: 0,
  fontSize: vars.fontSize.sm,
});

export const term = style({ color: vars.color.textMuted });
export const detail = style({ margin: 0, minWidth: 0, overflowWrap: 'anywhere' });

export const problem = style({ color: vars.color.danger, fontSize: vars.fontSize.sm, margin: 0 });

export const actions = style({
  display: 'flex',
  // Three buttons with long platform names ("Sync Microsoft Advertising now") do not fit one line.
  flexWrap: 'wrap',
  gap: vars.space['2'],
  marginTop: 'auto',
  paddingTop: vars.space['2'],
});

/** A notice about this platform, under its buttons; scrolled to with room above the sticky header. */
export const notice = style({ scrollMarginTop: '120px', scrollMarginBottom: vars.space['4'] });

/** The campaigns a platform runs, in its Disconnect confirmation: links to their pages. */
export const campaignList = style({
  margin: 0,
  paddingLeft: vars.space['5'],
  display: 'grid',
  gap: vars.space['1'],
  maxHeight: '12rem',
  overflowY: 'auto',
});
