import { vars } from '@src/theme/contract.css';
import { style } from '@vanilla-extract/css';

/** A pin in Pinterest's home feed: a rounded picture, its title under it, the advertiser. */
export const pin = style({
  width: '100%',
  maxWidth: '236px',
  color: '#111111',
  fontFamily: vars.font.body,
  fontSize: '13px',
  lineHeight: 1.35,
});

export const picture = style({ borderRadius: '16px' });

export const dots = style({
  display: 'flex',
  justifyContent: 'center',
  gap: '4px',
  marginTop: vars.space['2'],
});

export const dot = style({
  width: '6px',
  height: '6px',
  borderRadius: vars.radius.full,
  background: '#cdcdcd',
  selectors: { '&[data-current]': { background: '#111111' } },
});

export const title = style({
  margin: `${vars.space['2']} ${vars.space['1']} 0`,
  fontSize: '14px',
  fontWeight: vars.fontWeight.semibold,
  overflowWrap: 'anywhere',
});

export const by = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  margin: `${vars.space['1']} ${vars.space['1']} 0`,
  minWidth: 0,
});

export const avatar = style({ width: '28px', height: '28px', fontSize: '12px' });

export const byTexts = style({ display: 'flex', flexDirection: 'column', minWidth: 0, lineHeight: 1.25 });

export const promoted = style({ color: '#5f5f5f', fontSize: '12px' });

export const brand = style({
  fontWeight: vars.fontWeight.semibold,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});
