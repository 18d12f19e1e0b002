import { vars } from '@src/theme/contract.css';
import { style } from '@vanilla-extract/css';

const narrow = 'screen and (max-width: 640px)';

/** The white panel every page is made of. */
export const card = style({
  position: 'relative',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.md,
  // clip (not hidden) rounds the corners without making a scroll container, so a table header can stick.
  overflow: 'clip',
});

export const cardHeader = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['3'],
  padding: `${vars.space['4']} ${vars.space['6']}`,
  borderBottom: `1px solid ${vars.color.border}`,
  '@media': { [narrow]: { padding: `${vars.space['3']} ${vars.space['4']}` } },
});

export const cardTitle = style({ fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.semibold });

export const cardText = style({ marginTop: vars.space['1'], color: vars.color.textMuted });

export const cardBody = style({
  padding: vars.space['6'],
  '@media': { [narrow]: { padding: vars.space['4'] } },
});

export const cardFooter = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'flex-end',
  flexWrap: 'wrap',
  gap: vars.space['2'],
  padding: `${vars.space['3']} ${vars.space['6']}`,
  borderTop: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceMuted,
  '@media': { [narrow]: { padding: `${vars.space['3']} ${vars.space['4']}` } },
});

export const footerNote = style({
  marginRight: 'auto',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});
