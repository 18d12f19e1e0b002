import { vars } from '@src/theme/contract.css';
import { style, styleVariants } from '@vanilla-extract/css';
import { stepPanel, stepStack } from '../wizard.css';

export const layout = stepStack;

export const card = stepPanel;

export const cardTitle = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
});

export const dates = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 220px))',
  gap: vars.space['4'],
  '@media': { 'screen and (max-width: 640px)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

export const platformHeader = style({
  display: 'flex',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
  gap: vars.space['2'],
});

export const allocated = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  margin: 0,
  color: vars.color.textMuted,
  fontVariantNumeric: 'tabular-nums',
});

const pill = style({
  display: 'inline-flex',
  alignItems: 'center',
  height: '22px',
  padding: `0 ${vars.space['2']}`,
  borderRadius: vars.radius.full,
  border: '1px solid',
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
});

export const remaining = styleVariants({
  even: [pill, { color: '#067647', background: '#ecfdf3', borderColor: '#abefc6' }],
  left: [pill, { color: '#b54708', background: '#fffaeb', borderColor: '#fedf89' }],
  over: [
    pill,
    { color: vars.color.danger, background: vars.color.dangerSoft, borderColor: vars.color.dangerBorder },
  ],
});

export const flights = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const flight = style({
  display: 'flex',
  alignItems: 'flex-end',
  flexWrap: 'wrap',
  gap: vars.space['3'],
  margin: 0,
  padding: vars.space['4'],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
  minWidth: 0,
});

export const flightLegend = style({
  float: 'left',
  width: '100%',
  padding: 0,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
});

export const flightFields = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(150px, 1fr))',
  gap: vars.space['3'],
  flex: '1 1 520px',
  alignItems: 'start',
});

export const pacing = style({ display: 'flex', flexDirection: 'column', gap: vars.space['1'] });

export const pacingLabel = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.text,
});

export const select = style({
  height: '38px',
  padding: `0 ${vars.space['3']}`,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  selectors: {
    '&:focus-visible': {
      outline: 'none',
      borderColor: vars.color.primary,
      boxShadow: `0 0 0 3px ${vars.color.primarySoft}`,
    },
  },
});

export const flightActions = style({ display: 'flex', gap: vars.space['1'], marginLeft: 'auto' });

export const platformActions = style({ display: 'flex', justifyContent: 'flex-start' });

export const error = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.danger });

export const flowchartSection = style([card, { gap: vars.space['3'] }]);
