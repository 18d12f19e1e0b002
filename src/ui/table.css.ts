import { vars } from '@src/theme/contract.css';
import { globalStyle, keyframes, style, styleVariants } from '@vanilla-extract/css';
import { chips as chipList, chipsNowrap } from './badge.css';

/** Below this width a list's rows become cards (ResourceTable): a phone, or a narrow window. */
export const CARDS_MEDIA = 'screen and (max-width: 720px)';

/**
 * The list pages' table (ResourceTable): toolbar, sortable header, rows, states, pager.
 * The page header, card, badges, chips and states are the view kit's own, re-exported for the list views.
 */
export { chip, moreChip, statusBadge } from './badge.css';
export { card } from './card.css';
export { count, header, subtitle, title } from './page.css';
export { errorTitle, skeleton, stateAction, stateText, stateTitle } from './state.css';
export { muted } from './text.css';

/** Platform chips in a cell stay on one line. */
export const chips = chipsNowrap;
/** Chips that may take a second line (a column that wraps so the table fits its card). */
export const chipsWrap = chipList;

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['3'],
  padding: `${vars.space['3']} ${vars.space['4']}`,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const search = style({ position: 'relative', flex: '1 1 220px', maxWidth: '320px' });

export const searchIcon = style({
  position: 'absolute',
  left: vars.space['3'],
  top: '50%',
  transform: 'translateY(-50%)',
  color: vars.color.textSubtle,
  pointerEvents: 'none',
});

export const searchInput = style({
  width: '100%',
  height: '34px',
  padding: `0 ${vars.space['3']} 0 34px`,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  fontSize: vars.fontSize.md,
  boxShadow: vars.shadow.sm,
  selectors: {
    '&::placeholder': { color: vars.color.textSubtle },
    '&:focus, &:focus-visible': {
      outline: 'none',
      borderColor: vars.color.primary,
      boxShadow: `0 0 0 3px ${vars.color.primarySoft}`,
    },
  },
});

const progressSlide = keyframes({
  '0%': { transform: 'translateX(-100%)' },
  '100%': { transform: 'translateX(250%)' },
});

export const progress = style({
  position: 'absolute',
  top: 0,
  left: 0,
  right: 0,
  height: '2px',
  overflow: 'hidden',
  zIndex: 3,
  '::after': {
    content: '""',
    position: 'absolute',
    inset: 0,
    width: '40%',
    background: vars.color.primary,
    animation: `${progressSlide} 1s ease-in-out infinite`,
  },
  '@media': { '(prefers-reduced-motion: reduce)': { '::after': { animation: 'none', width: '100%' } } },
});

// A table wider than its card scrolls sideways (the card clips): its last columns stay reachable. The header
// then sticks within this box rather than the page — reachable actions matter more.
// Positioned, so that what is placed absolutely inside (hidden labels) scrolls with it, not widen the page.
export const tableWrap = style({ overflowX: 'auto', position: 'relative' });

export const table = style({
  width: '100%',
  borderCollapse: 'separate',
  borderSpacing: 0,
  fontSize: vars.fontSize.md,
});

export const th = style({
  position: 'sticky',
  top: 0,
  zIndex: 2,
  padding: `0 ${vars.space['3']}`,
  height: '40px',
  background: vars.color.surfaceMuted,
  borderBottom: `1px solid ${vars.color.border}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  letterSpacing: '0.04em',
  textTransform: 'uppercase',
  textAlign: 'left',
  whiteSpace: 'nowrap',
  '@media': { 'screen and (max-width: 900px)': { position: 'static' } },
});

export const numeric = style({ textAlign: 'right' });

export const sortButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['1'],
  margin: `0 calc(${vars.space['2']} * -1)`,
  padding: `${vars.space['1']} ${vars.space['2']}`,
  border: 0,
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: 'inherit',
  font: 'inherit',
  letterSpacing: 'inherit',
  textTransform: 'inherit',
  cursor: 'pointer',
  selectors: {
    '&:hover': { color: vars.color.text, background: vars.color.surfaceHover },
  },
});

export const sortIcon = style({ flex: 'none', opacity: 0.35 });
export const sortIconActive = style({ flex: 'none', opacity: 1, color: vars.color.text });

export const sortedHeader = style({ color: vars.color.text });

export const td = style({
  selectors: { 'tr:last-child > &': { borderBottom: 0 } },
  padding: `${vars.space['3']}`,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: 'middle',
  color: vars.color.textMuted,
  whiteSpace: 'nowrap',
});

/**
 * The row actions column stays pinned to the right edge while a wide table scrolls sideways, so Launch,
 * Duplicate and Delete are always reachable.
 */
export const stickyEnd = style({
  position: 'sticky',
  right: 0,
  background: vars.color.surface,
  boxShadow: `inset 1px 0 0 ${vars.color.border}`,
  selectors: { 'thead &': { zIndex: 3, background: vars.color.surfaceMuted } },
});

/**
 * A cell whose text may take a second line (a name, a customer, a date range), so that the table fits its card
 * at 1 440 px and nothing scrolls under the pinned Actions column.
 */
export const wrap = style({ whiteSpace: 'normal', minWidth: '6.5em' });

/** A piece of a wrapping cell that stays on one line ("Oct 31, 2026 –"). */
export const nowrap = style({ whiteSpace: 'nowrap' });

export const row = style({
  transition: 'background-color 80ms ease',
  selectors: {
    '&:hover': { background: vars.color.surfaceMuted },
  },
});

export const body = style({ transition: 'opacity 120ms ease' });
export const bodyStale = style({ opacity: 0.55 });

export const name = style({
  display: 'block',
  minWidth: '140px',
  color: vars.color.text,
  fontWeight: vars.fontWeight.medium,
  whiteSpace: 'normal',
});

/** A record's name as a link to its page. */
export const nameLink = style({
  textDecoration: 'none',
  selectors: { '&:hover': { color: vars.color.primaryText, textDecoration: 'underline' } },
});

export const money = style({
  textAlign: 'right',
  fontVariantNumeric: 'tabular-nums',
  color: vars.color.text,
});

export const stateCell = style({
  padding: `${vars.space['12']} ${vars.space['4']}`,
  textAlign: 'center',
  color: vars.color.textMuted,
  whiteSpace: 'normal',
});

export const skeletonWidth = styleVariants({
  short: { width: '64px' },
  medium: { width: '120px' },
  long: { width: '180px' },
});

export const footer = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
  gap: vars.space['3'],
  padding: `${vars.space['3']} ${vars.space['4']}`,
  borderTop: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
});

export const range = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  fontVariantNumeric: 'tabular-nums',
});

export const pager = style({ display: 'flex', alignItems: 'center', gap: vars.space['1'] });

export const pagerList = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['1'],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const pageButton = style({
  minWidth: '32px',
  height: '32px',
  padding: `0 ${vars.space['2']}`,
  border: '1px solid transparent',
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  fontVariantNumeric: 'tabular-nums',
  cursor: 'pointer',
  selectors: {
    '&:hover:not(:disabled)': { background: vars.color.surfaceHover, color: vars.color.text },
    '&[aria-current="page"]': {
      background: vars.color.primarySoft,
      borderColor: vars.color.primary,
      color: vars.color.text,
      fontWeight: vars.fontWeight.semibold,
    },
    '&:disabled': { opacity: 0.45, cursor: 'not-allowed' },
  },
});

export const stepButton = style([
  pageButton,
  {
    display: 'inline-flex',
    alignItems: 'center',
    gap: vars.space['1'],
    border: `1px solid ${vars.color.border}`,
    padding: `0 ${vars.space['3']}`,
  },
]);

export const gap = style({ color: vars.color.textSubtle, padding: `0 ${vars.space['1']}` });

/** A row's action links (Rename, Delete…): apart enough to tell them apart and to tap the right one. */
export const rowActions = style({
  display: 'flex',
  flexWrap: 'nowrap',
  gap: vars.space['3'],
  whiteSpace: 'nowrap',
});

/** Row actions that take a second line rather than widen the table past its card. */
export const rowActionsWrap = style({
  display: 'flex',
  flexWrap: 'wrap',
  // Two of "Launch Duplicate Delete" on a line at most: rows stay two lines high, not three.
  minWidth: '148px',
  gap: `${vars.space['1']} ${vars.space['3']}`,
  whiteSpace: 'nowrap',
});

// ------------------------------------------------------------------------------------------------ cards
// Below CARDS_MEDIA the same table shows each row as a card: the name as its title, the status badge beside
// it, every other cell under it with its column's name (`data-label`), the actions at the bottom. The header
// row keeps only the sort buttons, as a bar above the cards. Same DOM, same roles: only the layout changes.

/** The table element of a list that turns into cards on a phone. */
export const cards = style({
  '@media': { [CARDS_MEDIA]: { display: 'block' } },
});

/** How a cell shows in a card: the title, a badge beside it, a labelled field, the actions, or not at all. */
export const cardCell = styleVariants({
  title: {
    '@media': {
      [CARDS_MEDIA]: {
        gridColumn: '1',
        gridRow: '1',
        fontSize: vars.fontSize.lg,
        color: vars.color.text,
      },
    },
  },
  badge: { '@media': { [CARDS_MEDIA]: { gridColumn: '2', gridRow: '1', justifySelf: 'end' } } },
  field: { '@media': { [CARDS_MEDIA]: { gridColumn: '1 / -1' } } },
  actions: {
    '@media': {
      [CARDS_MEDIA]: {
        gridColumn: '1 / -1',
        paddingTop: `${vars.space['2']} !important`,
        position: 'static',
        boxShadow: 'none',
        background: 'transparent',
      },
    },
  },
  hidden: { '@media': { [CARDS_MEDIA]: { display: 'none !important' } } },
});

globalStyle(`${cards} > thead, ${cards} > tbody`, { '@media': { [CARDS_MEDIA]: { display: 'block' } } });
globalStyle(`${cards} > thead > tr`, {
  '@media': {
    [CARDS_MEDIA]: {
      display: 'flex',
      flexWrap: 'wrap',
      alignItems: 'center',
      gap: `${vars.space['1']} ${vars.space['3']}`,
      padding: `${vars.space['2']} ${vars.space['4']}`,
      background: vars.color.surfaceMuted,
      borderBottom: `1px solid ${vars.color.border}`,
    },
  },
});
globalStyle(`${cards} > thead > tr > th`, {
  '@media': {
    [CARDS_MEDIA]: {
      position: 'static',
      height: 'auto',
      padding: `${vars.space['1']} ${vars.space['2']}`,
      border: 0,
      background: 'transparent',
      boxShadow: 'none',
    },
  },
});
// A column without a sort button has nothing to do in the bar: its name is on every card.
globalStyle(`${cards} > thead > tr > th:not(:has(button))`, {
  '@media': { [CARDS_MEDIA]: { display: 'none' } },
});
globalStyle(`${cards} > tbody > tr`, {
  '@media': {
    [CARDS_MEDIA]: {
      display: 'grid',
      gridTemplateColumns: 'minmax(0, 1fr) auto',
      alignItems: 'start',
      gap: `${vars.space['1']} ${vars.space['3']}`,
      padding: `${vars.space['3']} ${vars.space['4']}`,
      borderBottom: `1px solid ${vars.color.border}`,
    },
  },
});
globalStyle(`${cards} > tbody > tr:last-child`, { '@media': { [CARDS_MEDIA]: { borderBottom: 0 } } });
globalStyle(`${cards} > tbody > tr > td`, {
  '@media': {
    [CARDS_MEDIA]: {
      display: 'block',
      minWidth: 0,
      padding: 0,
      border: 0,
      whiteSpace: 'normal',
      textAlign: 'left',
    },
  },
});
// A placeholder or a state ("No campaigns yet") spans the whole card.
globalStyle(`${cards} > tbody > tr > td[colspan]`, {
  '@media': { [CARDS_MEDIA]: { gridColumn: '1 / -1', padding: `${vars.space['8']} 0` } },
});
globalStyle(`${cards} > tbody > tr > td[data-label]`, {
  '@media': { [CARDS_MEDIA]: { display: 'flex', alignItems: 'baseline', gap: vars.space['3'] } },
});
globalStyle(`${cards} > tbody > tr > td[data-label]::before`, {
  '@media': {
    [CARDS_MEDIA]: {
      content: 'attr(data-label)',
      flex: 'none',
      width: '6.5em',
      color: vars.color.textSubtle,
      fontSize: vars.fontSize.sm,
    },
  },
});
globalStyle(`${cards} ${name}`, { '@media': { [CARDS_MEDIA]: { minWidth: 0 } } });

/** A short note under a row's name (why a draft cannot launch yet): muted, wrapping. */
export const rowNote = style({
  display: 'block',
  // As wide as the name's column lets it, wrapping: it never widens the table past its card.
  maxWidth: '360px',
  marginTop: vars.space['1'],
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  whiteSpace: 'normal',
});
