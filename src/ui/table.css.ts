import { vars } from '@src/theme/contract.css';
import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { chipsNowrap } from './badge.css';

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

export const toolbar = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['3'],
  padding: `${vars.space['3']} ${vars.space['4']}`,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const search = style({ position: 'relative', width: '100%', maxWidth: '320px' });

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
export const tableWrap = style({ overflowX: 'auto' });

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
  padding: `0 ${vars.space['4']}`,
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
  padding: `${vars.space['3']} ${vars.space['4']}`,
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
  // Wide enough for "Launch Duplicate Delete" on one line, whatever width the auto layout left it.
  minWidth: '216px',
  background: vars.color.surface,
  boxShadow: `inset 1px 0 0 ${vars.color.border}`,
  selectors: { [`thead &`]: { zIndex: 3, background: vars.color.surfaceMuted } },
});

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
  minWidth: '200px',
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

/** A short note under a row's name (why a draft cannot launch yet): muted, wrapping. */
export const rowNote = style({
  display: 'block',
  minWidth: '200px',
  maxWidth: '360px',
  marginTop: vars.space['1'],
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  whiteSpace: 'normal',
});
