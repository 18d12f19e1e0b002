import { vars } from '@src/theme/contract.css';
import { style } from '@vanilla-extract/css';

/** A post in a social feed (Facebook, Instagram, LinkedIn) or a display ad: the platforms' own greys. */
export const card = style({
  width: '100%',
  maxWidth: '400px',
  overflow: 'hidden',
  border: '1px solid #dadde1',
  borderRadius: vars.radius.lg,
  background: '#ffffff',
  color: '#050505',
  fontFamily: vars.font.body,
  fontSize: '14px',
  lineHeight: 1.35,
  boxShadow: '0 1px 2px rgba(0, 0, 0, 0.1)',
});

export const header = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  padding: `${vars.space['3']} ${vars.space['3']} ${vars.space['2']}`,
});

export const who = style({ display: 'flex', flexDirection: 'column', minWidth: 0 });

export const brand = style({
  fontWeight: vars.fontWeight.semibold,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const sponsored = style({ color: '#65676b', fontSize: '12px' });

export const body = style({
  margin: 0,
  padding: `0 ${vars.space['3']} ${vars.space['3']}`,
  whiteSpace: 'pre-line',
  overflowWrap: 'anywhere',
});

export const carousel = style({
  display: 'flex',
  gap: vars.space['2'],
  margin: 0,
  padding: `0 ${vars.space['3']} ${vars.space['3']}`,
  listStyle: 'none',
  overflowX: 'auto',
  scrollSnapType: 'x mandatory',
  overscrollBehaviorX: 'contain',
});

export const carouselCard = style({
  flex: '0 0 72%',
  overflow: 'hidden',
  border: '1px solid #dadde1',
  borderRadius: vars.radius.md,
  scrollSnapAlign: 'start',
});

export const linkBar = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['3'],
  padding: `${vars.space['2']} ${vars.space['3']}`,
  background: '#f0f2f5',
});

export const linkTexts = style({ flex: 1, minWidth: 0 });

export const host = style({
  margin: 0,
  color: '#65676b',
  fontSize: '12px',
  textTransform: 'uppercase',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const headline = style({
  margin: 0,
  fontSize: '15px',
  fontWeight: vars.fontWeight.semibold,
  overflowWrap: 'anywhere',
});

export const description = style({ margin: 0, color: '#65676b', fontSize: '13px', overflowWrap: 'anywhere' });

export const cta = style({
  flex: 'none',
  padding: `${vars.space['2']} ${vars.space['3']}`,
  borderRadius: '6px',
  background: '#e4e6eb',
  color: '#050505',
  fontSize: '14px',
  fontWeight: vars.fontWeight.semibold,
  whiteSpace: 'nowrap',
});

export const ctaMissing = style([cta, { width: '88px', height: '34px', opacity: 0.6 }]);
