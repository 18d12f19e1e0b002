import { vars } from '@src/theme/contract.css';
import { style, styleVariants } from '@vanilla-extract/css';
import { skeleton } from './state.css';

const mobile = 'screen and (max-width: 640px)';

/** A card's list of records (organizations, accounts, sign-in methods): avatar, name, details, an action. */
export const list = style({ margin: 0, padding: 0, listStyle: 'none' });

export const listItem = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['4'],
  padding: `${vars.space['4']} ${vars.space['6']}`,
  borderBottom: `1px solid ${vars.color.border}`,
  transition: 'background-color 80ms ease',
  selectors: {
    '&:last-child': { borderBottom: 0 },
    '&:hover': { background: vars.color.surfaceMuted },
  },
  '@media': { [mobile]: { padding: `${vars.space['3']} ${vars.space['4']}`, gap: vars.space['3'] } },
});

export const listItemCurrent = style({ background: vars.color.surfaceMuted });

export const avatar = style({
  flex: 'none',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '40px',
  height: '40px',
  borderRadius: vars.radius.md,
  background: vars.color.primarySoft,
  color: vars.color.primaryText,
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.lg,
  textTransform: 'uppercase',
  '@media': { [mobile]: { width: '36px', height: '36px' } },
});

export const itemText = style({ flex: 1, minWidth: 0 });

export const itemName = style({
  display: 'flex',
  alignItems: 'center',
  flexWrap: 'wrap',
  gap: vars.space['2'],
  color: vars.color.text,
  fontWeight: vars.fontWeight.semibold,
  overflowWrap: 'anywhere',
});

export const itemMeta = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: `0 ${vars.space['2']}`,
  marginTop: '2px',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const metaItem = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space['2'] });

export const metaDot = style({
  color: vars.color.textSubtle,
  selectors: { '&::before': { content: '"·"' } },
});

export const itemAction = style({ flex: 'none' });

export const listState = style({
  padding: `${vars.space['12']} ${vars.space['6']}`,
  textAlign: 'center',
  color: vars.color.textMuted,
});

export const skeletonWidth = styleVariants({
  short: { width: '96px', marginTop: vars.space['2'] },
  long: { width: '220px', maxWidth: '100%' },
});

export const skeletonAvatar = style([skeleton, { width: '40px', height: '40px', flex: 'none' }]);

export const pager = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['3'],
  padding: `${vars.space['3']} ${vars.space['6']}`,
  borderTop: `1px solid ${vars.color.border}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  '@media': { [mobile]: { padding: `${vars.space['3']} ${vars.space['4']}` } },
});

export const pagerButtons = style({ display: 'flex', gap: vars.space['2'] });
