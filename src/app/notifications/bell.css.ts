import { vars } from '@src/theme/contract.css';
import { style } from '@vanilla-extract/css';

export const trigger = style({
  position: 'relative',
  flex: 'none',
  justifyContent: 'center',
  width: '34px',
  padding: 0,
  '@media': { 'screen and (max-width: 640px)': { width: '24px' } },
});

export const badge = style({
  position: 'absolute',
  top: '1px',
  right: '0',
  minWidth: '16px',
  height: '16px',
  padding: '0 4px',
  borderRadius: vars.radius.full,
  background: vars.color.danger,
  color: '#fff',
  fontSize: '10px',
  fontWeight: vars.fontWeight.bold,
  lineHeight: '16px',
  textAlign: 'center',
});

export const panel = style({ width: 'min(360px, calc(100vw - 24px))', maxWidth: 'none', padding: 0 });

export const head = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  padding: `${vars.space['3']} ${vars.space['3']} ${vars.space['2']}`,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const title = style({ fontWeight: vars.fontWeight.semibold, fontSize: vars.fontSize.md, margin: 0 });

export const textButton = style({
  border: 0,
  background: 'transparent',
  color: vars.color.primaryText,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  cursor: 'pointer',
  textDecoration: 'none',
  selectors: { '&:disabled': { color: vars.color.textSubtle, cursor: 'default' } },
});

export const note = style({
  margin: 0,
  padding: vars.space['3'],
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const list = style({ listStyle: 'none', margin: 0, padding: 0 });

export const item = style({
  display: 'grid',
  gap: '2px',
  width: '100%',
  padding: `${vars.space['2']} ${vars.space['3']}`,
  border: 0,
  borderBottom: `1px solid ${vars.color.border}`,
  background: 'transparent',
  color: vars.color.text,
  textAlign: 'left',
  font: 'inherit',
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.surfaceHover },
    '&[data-unread]': { background: vars.color.primarySoft },
  },
});

export const itemTitle = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  fontWeight: vars.fontWeight.semibold,
  fontSize: vars.fontSize.sm,
});

export const dot = style({
  flex: 'none',
  width: '8px',
  height: '8px',
  borderRadius: vars.radius.full,
  background: vars.color.primary,
});

export const itemBody = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  whiteSpace: 'pre-line',
});

export const itemTime = style({ color: vars.color.textSubtle, fontSize: vars.fontSize.xs });

export const foot = style({ padding: `${vars.space['2']} ${vars.space['3']}`, textAlign: 'right' });
