import { vars } from '@src/theme/contract.css';
import { style } from '@vanilla-extract/css';

export const exportGroup = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['2'],
});
export const exportLabel = style({
  margin: 0,
  fontSize: 'inherit',
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.textMuted,
});
export const fileInput = style({ display: 'block', marginTop: vars.space['2'] });
export const status = style({ color: vars.color.textMuted });
export const list = style({ margin: 0, paddingLeft: vars.space['4'], display: 'grid', gap: vars.space['1'] });
export const problem = style({ color: vars.color.danger });
export const section = style({ display: 'grid', gap: vars.space['2'] });
export const sectionTitle = style({ fontWeight: vars.fontWeight.semibold });
export const reason = style({ color: vars.color.textMuted });
export const warning = style({ fontWeight: vars.fontWeight.medium });
export const hash = style({
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  overflowWrap: 'anywhere',
});
