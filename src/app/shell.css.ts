import { vars } from '@src/theme/contract.css';
import { style, styleVariants } from '@vanilla-extract/css';

const narrow = 'screen and (max-width: 640px)';

export const shell = style({ display: 'flex', flexDirection: 'column', minHeight: '100vh' });

export const header = style({
  position: 'sticky',
  top: 0,
  zIndex: 20,
  background: vars.color.navbar,
  color: vars.color.onNavbar,
  borderBottom: `1px solid ${vars.color.navbarBorder}`,
});

export const bar = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  height: vars.layout.navbarHeight,
  maxWidth: vars.layout.contentMaxWidth,
  margin: '0 auto',
  padding: `0 ${vars.space['6']}`,
  '@media': { [narrow]: { padding: `0 ${vars.space['3']}`, gap: vars.space['1'] } },
});

export const brand = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
  minWidth: 0,
  marginRight: vars.space['2'],
  color: 'inherit',
  textDecoration: 'none',
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
  letterSpacing: '-0.01em',
  whiteSpace: 'nowrap',
});

export const brandName = style({
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  maxWidth: '200px',
  '@media': { [narrow]: { display: 'none' } },
});

export const brandMark = style({ color: vars.color.primary, flex: 'none' });

export const brandIcon = style({
  flex: 'none',
  width: '28px',
  height: '28px',
  borderRadius: vars.radius.md,
  objectFit: 'cover',
});

export const slash = style({
  flex: 'none',
  color: vars.color.onNavbarMuted,
  opacity: 0.6,
  '@media': { [narrow]: { display: 'none' } },
});

export const spacer = style({
  flex: 1,
  minWidth: vars.space['2'],
  // On a phone the switchers take the free space; nothing is left to push the user menu right.
  '@media': { [narrow]: { flex: 'none', minWidth: 0 } },
});

// ------------------------------------------------------------------------- menus (switchers, user)

export const menuTrigger = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
  minWidth: 0,
  maxWidth: '220px',
  height: '34px',
  padding: `0 ${vars.space['2']}`,
  border: 0,
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: vars.color.onNavbar,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.medium,
  cursor: 'pointer',
  selectors: {
    '&:hover, &[data-state="open"]': { background: vars.color.navbarHover },
  },
  '@media': { [narrow]: { padding: `0 ${vars.space['1']}`, gap: '2px' } },
});

/**
 * The organization and account switchers share what the brand and the user menu leave: on a phone each gets
 * half of it (a 390 px screen shows 12 to 15 characters of each name; longer names end in an ellipsis, and
 * the trigger's title and accessible name carry the full name).
 */
export const switcherTrigger = style({
  '@media': { [narrow]: { flex: '1 1 0', maxWidth: 'none', height: '44px' } },
});

export const triggerText = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  minWidth: 0,
  lineHeight: 1.15,
});

export const triggerLabel = style({
  color: vars.color.onNavbarMuted,
  fontSize: '11px',
  fontWeight: vars.fontWeight.medium,
});

export const triggerValue = style({
  maxWidth: '100%',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const triggerPlaceholder = style([triggerValue, { color: vars.color.onNavbarMuted }]);

export const chevron = style({ flex: 'none', color: vars.color.onNavbarMuted });

/** The user menu's chevron: on a phone the avatar alone says it opens (the bell needs the room). */
export const userChevron = style([chevron, { '@media': { [narrow]: { display: 'none' } } }]);

export const menuContent = style({
  zIndex: 40,
  minWidth: '240px',
  maxWidth: 'min(320px, calc(100vw - 24px))',
  maxHeight: 'min(420px, 70vh)',
  overflowY: 'auto',
  padding: vars.space['1'],
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.lg,
  outline: 'none',
  selectors: { '&[hidden]': { display: 'none' } },
});

export const menuGroupLabel = style({
  padding: `${vars.space['2']} ${vars.space['3']} ${vars.space['1']}`,
  color: vars.color.textSubtle,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  letterSpacing: '0.04em',
  textTransform: 'uppercase',
});

export const menuItem = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  width: '100%',
  minHeight: '34px',
  padding: `${vars.space['1']} ${vars.space['3']}`,
  borderRadius: vars.radius.md,
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  textDecoration: 'none',
  cursor: 'pointer',
  userSelect: 'none',
  selectors: {
    '&[data-highlighted]': { background: vars.color.surfaceHover },
    '&[data-disabled]': { color: vars.color.textSubtle, cursor: 'default' },
  },
});

export const menuItemText = style({
  flex: 1,
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const menuCheck = style({ flex: 'none', color: vars.color.primaryText });

export const menuNote = style({
  padding: `${vars.space['2']} ${vars.space['3']}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const menuSeparator = style({
  height: '1px',
  margin: `${vars.space['1']} 0`,
  border: 0,
  background: vars.color.border,
});

export const userHeader = style({
  display: 'flex',
  flexDirection: 'column',
  padding: `${vars.space['2']} ${vars.space['3']}`,
  minWidth: 0,
});

export const userName = style({ fontWeight: vars.fontWeight.semibold, overflowWrap: 'anywhere' });
export const userEmail = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
});

/** The user's initials, drawn from `data-initials` (a picture of the user, not label text). */
export const avatar = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flex: 'none',
  width: '28px',
  height: '28px',
  borderRadius: vars.radius.full,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  letterSpacing: '0.02em',
  '::before': { content: 'attr(data-initials)' },
});

export const userTriggerName = style([
  triggerValue,
  { maxWidth: '160px', '@media': { 'screen and (max-width: 900px)': { display: 'none' } } },
]);

// ---------------------------------------------------------------------------------------- tabs

export const tabs = style({
  maxWidth: vars.layout.contentMaxWidth,
  margin: '0 auto',
  padding: `0 ${vars.space['4']}`,
  '@media': { [narrow]: { padding: `0 ${vars.space['3']}` } },
});

/** The phone's "Menu" button (the sections' list opens under it); hidden where the tabs fit. */
export const menuButton = style({
  display: 'none',
  alignItems: 'center',
  gap: vars.space['2'],
  minHeight: '44px',
  padding: `0 ${vars.space['2']}`,
  border: 0,
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: vars.color.onNavbar,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.medium,
  cursor: 'pointer',
  selectors: { '&:hover, &[aria-expanded="true"]': { background: vars.color.navbarHover } },
  '@media': { [narrow]: { display: 'inline-flex' } },
});

/** The current section beside "Menu", so the phone still says where one is. */
export const menuCurrent = style({ color: vars.color.onNavbarMuted });

export const tabList = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['1'],
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@media': {
    [narrow]: {
      display: 'none',
      flexDirection: 'column',
      gap: 0,
      // A long list on a short screen scrolls inside the header rather than past the screen's end.
      maxHeight: 'calc(100vh - 120px)',
      overflowY: 'auto',
      paddingBottom: vars.space['2'],
      selectors: { '&[data-open]': { display: 'flex' } },
    },
  },
});

export const tab = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  height: '40px',
  padding: `0 ${vars.space['3']}`,
  color: vars.color.onNavbarMuted,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  selectors: {
    '&:hover': { color: vars.color.onNavbar },
    '&::after': {
      content: '""',
      position: 'absolute',
      left: vars.space['2'],
      right: vars.space['2'],
      bottom: '-1px',
      height: '2px',
      borderRadius: '2px 2px 0 0',
      background: 'transparent',
    },
    '&[aria-current="page"]': { color: vars.color.onNavbar },
    '&[aria-current="page"]::after': { background: vars.color.primary },
  },
  '@media': {
    [narrow]: {
      display: 'flex',
      height: '44px',
      selectors: {
        '&::after': {
          left: 0,
          right: 'auto',
          top: vars.space['2'],
          bottom: vars.space['2'],
          width: '3px',
          height: 'auto',
        },
      },
    },
  },
});

// -------------------------------------------------------------------------------- trial banner

const bannerBase = style({
  borderBottom: '1px solid',
  fontSize: vars.fontSize.md,
});

export const banner = styleVariants({
  info: [bannerBase, { background: '#eff8ff', borderColor: '#b2ddff', color: '#194185' }],
  error: [
    bannerBase,
    { background: vars.color.dangerSoft, borderColor: vars.color.dangerBorder, color: vars.color.danger },
  ],
});

export const bannerInner = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
  gap: `${vars.space['2']} ${vars.space['4']}`,
  maxWidth: vars.layout.contentMaxWidth,
  margin: '0 auto',
  padding: `${vars.space['2']} ${vars.space['6']}`,
  '@media': { [narrow]: { padding: `${vars.space['2']} ${vars.space['4']}` } },
});

export const bannerText = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  fontWeight: vars.fontWeight.medium,
});

export const bannerAction = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '30px',
  padding: `0 ${vars.space['3']}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  border: '1px solid currentColor',
  color: 'inherit',
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  selectors: { '&:hover': { background: vars.color.surfaceHover } },
});

// ------------------------------------------------------------------------------ main + overlay

export const body = style({ position: 'relative', flex: 1, display: 'flex', flexDirection: 'column' });

export const main = style({
  flex: 1,
  width: '100%',
  maxWidth: vars.layout.contentMaxWidth,
  margin: '0 auto',
  padding: `${vars.space['8']} ${vars.space['6']}`,
  '@media': { [narrow]: { padding: `${vars.space['6']} ${vars.space['4']}` } },
});

/** The page behind the trial-expired overlay: blurred, not clickable, hidden from assistive tech (inert). */
export const blurred = style({
  filter: 'blur(6px)',
  pointerEvents: 'none',
  userSelect: 'none',
  '@media': { '(prefers-reduced-transparency: reduce)': { filter: 'blur(12px)' } },
});

export const overlay = style({
  position: 'absolute',
  inset: 0,
  zIndex: 10,
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'center',
  padding: `${vars.space['12']} ${vars.space['4']}`,
  background: 'rgba(246, 247, 249, 0.55)',
});

export const overlayCard = style({
  position: 'sticky',
  top: `calc(${vars.layout.navbarHeight} + 88px)`,
  width: '100%',
  maxWidth: '440px',
  padding: vars.space['8'],
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.lg,
  textAlign: 'center',
  '@media': { [narrow]: { padding: vars.space['6'] } },
});

export const overlayIcon = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '44px',
  height: '44px',
  marginBottom: vars.space['4'],
  borderRadius: vars.radius.full,
  background: vars.color.dangerSoft,
  color: vars.color.danger,
});

export const overlayTitle = style({
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.tight,
});

export const overlayText = style({ marginTop: vars.space['2'], color: vars.color.textMuted });

export const overlayActions = style({
  marginTop: vars.space['6'],
  display: 'flex',
  justifyContent: 'center',
});

export const skipLink = style({
  position: 'absolute',
  left: vars.space['4'],
  top: '-100px',
  zIndex: 50,
  padding: `${vars.space['2']} ${vars.space['3']}`,
  background: vars.color.surface,
  color: vars.color.text,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.lg,
  selectors: { '&:focus': { top: vars.space['2'] } },
});

/** Minimal header for pages outside the app (signed out on an exempt page). */
export const signInLink = style({
  color: vars.color.onNavbar,
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'none',
  padding: `${vars.space['1']} ${vars.space['2']}`,
  borderRadius: vars.radius.md,
  selectors: { '&:hover': { background: vars.color.navbarHover } },
});
