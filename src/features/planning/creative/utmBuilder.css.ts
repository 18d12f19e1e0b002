import { vars } from '@src/theme/contract.css';
import { style } from '@vanilla-extract/css';

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
  margin: 0,
  padding: 0,
  border: 0,
  minWidth: 0,
});

export const toggle = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.text,
  cursor: 'pointer',
  selectors: { '&[data-disabled]': { cursor: 'not-allowed', color: vars.color.textMuted } },
});

export const checkbox = style({ width: '16px', height: '16px', margin: 0, accentColor: vars.color.primary });

export const grid = style({
  display: 'grid',
  // Two columns when there is room (source beside medium, campaign beside content), else one.
  gridTemplateColumns: 'repeat(auto-fit, minmax(max(200px, 40%), 1fr))',
  gap: vars.space['3'],
});

export const param = style({
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.regular,
  color: vars.color.textSubtle,
});

export const urlRow = style({ display: 'flex', gap: vars.space['2'], alignItems: 'flex-start' });

/** The whole URL, wrapped anywhere: the planner reads every parameter before copying it. */
export const url = style({
  flex: 1,
  minWidth: 0,
  height: 'auto',
  padding: `${vars.space['2']} ${vars.space['3']}`,
  resize: 'none',
  wordBreak: 'break-all',
  lineHeight: vars.lineHeight.normal,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  selectors: { '&[readonly]': { background: vars.color.surfaceMuted } },
});

export const copied = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.primaryText,
  minHeight: '1.2em',
});
