import { createVar, keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

const mobile = 'screen and (max-width: 640px)';

// ------------------------------------------------------------------ page header

export const header = style({
  display: 'flex',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
  gap: vars.space['4'],
  marginBottom: vars.space['6'],
});

export const headerText = style({ minWidth: 0, flex: '1 1 320px' });

export const eyebrow = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['1'],
  marginBottom: vars.space['1'],
  color: vars.color.textSubtle,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
});

export const eyebrowLink = style({
  color: 'inherit',
  textDecoration: 'none',
  selectors: { '&:hover': { color: vars.color.text, textDecoration: 'underline' } },
});

export const title = style({
  fontSize: vars.fontSize.xxl,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.tight,
  letterSpacing: '-0.01em',
});

export const subtitle = style({ marginTop: vars.space['1'], color: vars.color.textMuted, maxWidth: '640px' });

export const headerActions = style({ display: 'flex', gap: vars.space['2'], flexWrap: 'wrap' });

// ------------------------------------------------------------------ cards

export const card = style({
  position: 'relative',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.md,
  overflow: 'clip',
});

export const cardBody = style({
  padding: vars.space['6'],
  '@media': { [mobile]: { padding: vars.space['4'] } },
});

export const cardHeader = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['3'],
  padding: `${vars.space['4']} ${vars.space['6']}`,
  borderBottom: `1px solid ${vars.color.border}`,
  '@media': { [mobile]: { padding: `${vars.space['3']} ${vars.space['4']}` } },
});

export const cardTitle = style({ fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.semibold });

export const cardText = style({ marginTop: vars.space['1'], color: vars.color.textMuted });

export const cardFooter = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'flex-end',
  flexWrap: 'wrap',
  gap: vars.space['2'],
  padding: `${vars.space['3']} ${vars.space['6']}`,
  borderTop: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceMuted,
  '@media': { [mobile]: { padding: `${vars.space['3']} ${vars.space['4']}` } },
});

export const footerNote = style({
  marginRight: 'auto',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space['6'] });

// ------------------------------------------------------------------ record lists (organizations, accounts)

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

export const skeleton = style({
  display: 'block',
  height: '12px',
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceHover,
  animation: `${shimmer} 1.4s ease-in-out infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
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

// ------------------------------------------------------------------ badges

const badgeBase = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '6px',
  height: '22px',
  padding: `0 ${vars.space['2']}`,
  borderRadius: vars.radius.full,
  border: '1px solid',
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  whiteSpace: 'nowrap',
});

export const badge = styleVariants({
  current: [badgeBase, { color: '#067647', background: '#ecfdf3', borderColor: '#abefc6' }],
  neutral: [badgeBase, { color: '#344054', background: '#f9fafb', borderColor: '#d0d5dd' }],
  trial: [badgeBase, { color: '#175cd3', background: '#eff8ff', borderColor: '#b2ddff' }],
  expired: [badgeBase, { color: '#b42318', background: '#fef3f2', borderColor: '#fecdca' }],
  brand: [badgeBase, { color: '#5925dc', background: '#f4f3ff', borderColor: '#d9d6fe' }],
});

// ------------------------------------------------------------------ notices

const noticeBase = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space['3'],
  padding: `${vars.space['3']} ${vars.space['4']}`,
  borderRadius: vars.radius.md,
  border: '1px solid',
  fontSize: vars.fontSize.md,
  '@media': { [mobile]: { flexWrap: 'wrap' } },
});

export const notice = styleVariants({
  info: [noticeBase, { background: '#eff8ff', borderColor: '#b2ddff', color: '#1849a9' }],
  success: [noticeBase, { background: '#ecfdf3', borderColor: '#abefc6', color: '#05603a' }],
  error: [
    noticeBase,
    { background: vars.color.dangerSoft, borderColor: vars.color.dangerBorder, color: vars.color.danger },
  ],
  warning: [noticeBase, { background: '#fffaeb', borderColor: '#fedf89', color: '#93370d' }],
});

export const noticeIcon = style({ flex: 'none', marginTop: '2px' });
export const noticeBody = style({
  flex: 1,
  minWidth: 0,
  '@media': { [mobile]: { flexBasis: 'calc(100% - 48px)' } },
});
export const noticeTitle = style({ fontWeight: vars.fontWeight.semibold });
export const noticeText = style({ marginTop: '2px' });
export const noticeActions = style({
  flex: 'none',
  display: 'flex',
  gap: vars.space['2'],
  alignSelf: 'center',
  '@media': { [mobile]: { order: 3, flexBasis: '100%', paddingLeft: '28px' } },
});

export const noticeDismiss = style({
  flex: 'none',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '28px',
  height: '28px',
  margin: `-${vars.space['1']} -${vars.space['2']} -${vars.space['1']} 0`,
  border: 0,
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: 'inherit',
  cursor: 'pointer',
  selectors: { '&:hover': { background: 'rgba(0, 0, 0, 0.06)' } },
});

// ------------------------------------------------------------------ links that look like buttons

const linkButtonBase = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space['2'],
  minHeight: '36px',
  padding: `0 ${vars.space['4']}`,
  borderRadius: vars.radius.md,
  border: '1px solid transparent',
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: 1,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  transition: 'background-color 120ms ease',
});

export const linkButton = styleVariants({
  primary: [
    linkButtonBase,
    {
      background: vars.color.primary,
      color: vars.color.onPrimary,
      boxShadow: vars.shadow.sm,
      selectors: { '&:hover': { background: vars.color.primaryHover } },
    },
  ],
  secondary: [
    linkButtonBase,
    {
      background: vars.color.surface,
      color: vars.color.text,
      borderColor: vars.color.borderStrong,
      boxShadow: vars.shadow.sm,
      selectors: { '&:hover': { background: vars.color.surfaceHover } },
    },
  ],
  small: [
    linkButtonBase,
    {
      minHeight: '32px',
      padding: `0 ${vars.space['3']}`,
      fontSize: vars.fontSize.sm,
      background: vars.color.surface,
      color: vars.color.text,
      borderColor: vars.color.borderStrong,
      boxShadow: vars.shadow.sm,
      selectors: { '&:hover': { background: vars.color.surfaceHover } },
    },
  ],
});

export const textLink = style({
  color: vars.color.primaryText,
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'none',
  selectors: { '&:hover': { textDecoration: 'underline' } },
});

// ------------------------------------------------------------------ dialog

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
const rise = keyframes({
  from: { opacity: 0, transform: 'translateY(8px) scale(0.98)' },
  to: { opacity: 1, transform: 'none' },
});

export const backdrop = style({
  position: 'fixed',
  inset: 0,
  zIndex: 40,
  background: vars.color.overlay,
  animation: `${fadeIn} 120ms ease-out`,
});

export const positioner = style({
  position: 'fixed',
  inset: 0,
  zIndex: 41,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: vars.space['4'],
  '@media': { [mobile]: { alignItems: 'flex-end', padding: 0 } },
});

export const dialog = style({
  width: '100%',
  maxWidth: '440px',
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.lg,
  animation: `${rise} 160ms ease-out`,
  '@media': {
    [mobile]: { maxWidth: 'none', borderBottomLeftRadius: 0, borderBottomRightRadius: 0 },
    '(prefers-reduced-motion: reduce)': { animation: 'none' },
  },
});

export const dialogBody = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['4'],
  padding: vars.space['6'],
  '@media': { [mobile]: { padding: vars.space['5'] } },
});

export const dialogTitle = style({ fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.semibold });

export const dialogText = style({ marginTop: `calc(${vars.space['3']} * -1)`, color: vars.color.textMuted });

export const dialogFooter = style({
  display: 'flex',
  justifyContent: 'flex-end',
  flexWrap: 'wrap-reverse',
  gap: vars.space['2'],
  marginTop: vars.space['2'],
  // On a phone the actions stack full width, the main one on top (closest to the content).
  '@media': { [mobile]: { flexDirection: 'column-reverse', alignItems: 'stretch' } },
});

export const successMark = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '40px',
  height: '40px',
  borderRadius: vars.radius.full,
  background: '#ecfdf3',
  color: '#067647',
});

// ------------------------------------------------------------------ live theme preview (white-label)

/** Set from script with CSSOM (`style.setProperty`), which a strict CSP allows. */
export const previewNavbarVar = createVar();
export const previewOnNavbarVar = createVar();
export const previewPrimaryVar = createVar();
export const previewOnPrimaryVar = createVar();
