import { vars } from '@src/theme/contract.css';
import { style } from '@vanilla-extract/css';

export const notice = style({
  display: 'flex',
  alignItems: 'flex-start',
  flexWrap: 'wrap',
  gap: `${vars.space['3']} ${vars.space['4']}`,
  padding: vars.space['4'],
  border: '1px solid #fedf89',
  borderRadius: vars.radius.lg,
  background: '#fffaeb',
  color: '#7a2e0e',
});

export const icon = style({ flex: 'none', marginTop: '2px', color: '#b54708' });

export const body = style({ flex: '1 1 240px', minWidth: 0 });

export const title = style({ fontWeight: vars.fontWeight.semibold, color: '#7a2e0e' });

export const text = style({ marginTop: vars.space['1'], color: '#93370d' });

export const action = style({ flex: 'none', alignSelf: 'center' });
