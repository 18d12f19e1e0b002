import { vars } from '@src/theme/contract.css';
import { style } from '@vanilla-extract/css';

export const section = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['4'],
  padding: vars.space['5'],
  '@media': { 'screen and (max-width: 640px)': { padding: vars.space['4'] } },
});

export const heading = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['3'],
});

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid' });

export const item = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  padding: `${vars.space['4']} 0`,
  borderTop: `1px solid ${vars.color.border}`,
  selectors: { '&:first-child': { borderTop: 0, paddingTop: 0 } },
});

export const itemHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['2'],
});

export const number = style({ fontWeight: vars.fontWeight.semibold, fontSize: vars.fontSize.md });

export const meta = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, margin: 0 });

export const links = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['4'],
  fontSize: vars.fontSize.sm,
});

export const comment = style({
  margin: 0,
  padding: `${vars.space['3']} ${vars.space['4']}`,
  borderLeft: '3px solid #f79009',
  background: '#fffaeb',
  borderRadius: vars.radius.sm,
  color: vars.color.text,
  whiteSpace: 'pre-wrap',
});

export const commentLabel = style({ fontWeight: vars.fontWeight.semibold, display: 'block' });

export const decision = style({ margin: 0, fontSize: vars.fontSize.sm });

export const signOffLine = style({
  display: 'block',
  marginTop: vars.space['1'],
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const choices = style({
  border: 0,
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space['2'],
  minWidth: 0,
});

export const legend = style({
  fontWeight: vars.fontWeight.medium,
  fontSize: vars.fontSize.sm,
  padding: 0,
  marginBottom: vars.space['1'],
});

export const choice = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  columnGap: vars.space['2'],
  alignItems: 'start',
  cursor: 'pointer',
});

export const choiceHint = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  display: 'block',
});
