import { vars } from '@src/theme/contract.css';
import { style } from '@vanilla-extract/css';

/** A text ad on a results page, in the search engines' own type and colours. */
export const result = style({
  width: '100%',
  maxWidth: '600px',
  padding: vars.space['4'],
  border: '1px solid #dadce0',
  borderRadius: vars.radius.lg,
  background: '#ffffff',
  color: '#202124',
  fontFamily: 'arial, sans-serif',
  fontSize: '14px',
  lineHeight: 1.58,
});

export const sponsored = style({ margin: 0, fontSize: '14px', fontWeight: vars.fontWeight.bold });

export const site = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['3'],
  marginTop: vars.space['2'],
  minWidth: 0,
});

export const favicon = style({
  width: '28px',
  height: '28px',
  fontSize: '13px',
  background: '#f1f3f4',
  color: '#4d5156',
  border: '1px solid #dadce0',
});

export const siteTexts = style({ display: 'flex', flexDirection: 'column', minWidth: 0, lineHeight: 1.3 });

export const siteName = style({ fontSize: '14px' });

export const url = style({
  color: '#4d5156',
  fontSize: '12px',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const headline = style({
  margin: `${vars.space['2']} 0 ${vars.space['1']}`,
  color: '#1a0dab',
  fontSize: '20px',
  fontWeight: vars.fontWeight.regular,
  lineHeight: 1.3,
  overflowWrap: 'anywhere',
});

export const description = style({ margin: 0, color: '#4d5156', overflowWrap: 'anywhere' });
