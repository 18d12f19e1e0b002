import { vars } from '@src/theme/contract.css';
import { style } from '@vanilla-extract/css';

export const section = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
  padding: vars.space['5'],
});

export const sectionTitle = style({ fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.semibold });

export const reason = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, margin: 0 });

export const activity = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space['2'],
});

export const activityItem = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: vars.space['2'],
  padding: `${vars.space['2']} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const activityMeta = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space['4'] });

export const fieldset = style({
  border: 0,
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  minWidth: 0,
});

export const legend = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  marginBottom: vars.space['1'],
  padding: 0,
});

export const choice = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  columnGap: vars.space['2'],
  alignItems: 'start',
  cursor: 'pointer',
});

export const choiceText = style({ display: 'flex', flexDirection: 'column' });

export const choiceHint = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const dialogScroll = style({ maxHeight: 'min(80vh, 720px)', overflowY: 'auto' });
