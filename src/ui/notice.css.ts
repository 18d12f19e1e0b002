import { vars } from '@src/theme/contract.css';
import { style, styleVariants } from '@vanilla-extract/css';

const mobile = 'screen and (max-width: 640px)';

/** A message in the page: information, success, a warning or an error, with optional actions. */
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
