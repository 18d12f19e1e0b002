import { vars } from '@src/theme/contract.css';
import { style } from '@vanilla-extract/css';

const mobile = 'screen and (max-width: 640px)';

export const summary = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
  '@media': { 'screen and (max-width: 800px)': { gridTemplateColumns: '1fr' } },
});

export const summarySection = style({
  padding: vars.space['6'],
  selectors: { '& + &': { borderLeft: `1px solid ${vars.color.border}` } },
  '@media': {
    'screen and (max-width: 800px)': {
      selectors: { '& + &': { borderLeft: 0, borderTop: `1px solid ${vars.color.border}` } },
    },
    [mobile]: { padding: vars.space['4'] },
  },
});

export const label = style({
  color: vars.color.textSubtle,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  letterSpacing: '0.04em',
  textTransform: 'uppercase',
});

export const planLine = style({
  display: 'flex',
  alignItems: 'center',
  flexWrap: 'wrap',
  gap: vars.space['2'],
  marginTop: vars.space['2'],
});

export const planName = style({
  fontSize: vars.fontSize.xxl,
  fontWeight: vars.fontWeight.semibold,
  letterSpacing: '-0.01em',
  lineHeight: vars.lineHeight.tight,
});

export const muted = style({ color: vars.color.textMuted });

export const summaryText = style({ marginTop: vars.space['2'], color: vars.color.textMuted });

export const summaryActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['2'],
  marginTop: vars.space['5'],
});

export const trialHeadline = style({
  marginTop: vars.space['2'],
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
});

export const trialExpired = style({ color: vars.color.danger });

/** The trial's progress: a native <progress>, styled (no inline widths, so a strict CSP holds). */
export const progress = style({
  display: 'block',
  width: '100%',
  height: '8px',
  marginTop: vars.space['3'],
  border: 0,
  borderRadius: vars.radius.full,
  overflow: 'hidden',
  appearance: 'none',
  background: vars.color.surfaceHover,
  color: vars.color.primary,
  selectors: {
    '&::-webkit-progress-bar': { background: vars.color.surfaceHover, borderRadius: vars.radius.full },
    '&::-webkit-progress-value': { background: vars.color.primary, borderRadius: vars.radius.full },
    '&::-moz-progress-bar': { background: vars.color.primary, borderRadius: vars.radius.full },
  },
});

export const progressExpired = style({
  selectors: {
    '&::-webkit-progress-value': { background: vars.color.danger },
    '&::-moz-progress-bar': { background: vars.color.danger },
  },
});

export const plans = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
  gap: vars.space['4'],
  alignItems: 'stretch',
  '@media': { 'screen and (max-width: 900px)': { gridTemplateColumns: '1fr' } },
});

export const planCard = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['4'],
  padding: vars.space['6'],
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.md,
  '@media': { [mobile]: { padding: vars.space['5'] } },
});

export const planCardCurrent = style({
  borderColor: vars.color.primary,
  boxShadow: `0 0 0 1px ${vars.color.primary}, ${vars.shadow.md}`,
});

export const planCardHeader = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['2'],
});

export const planCardName = style({ fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.semibold });

export const price = style({ display: 'flex', alignItems: 'baseline', gap: vars.space['1'] });

export const priceAmount = style({
  fontSize: '32px',
  fontWeight: vars.fontWeight.bold,
  letterSpacing: '-0.02em',
  lineHeight: 1,
  fontVariantNumeric: 'tabular-nums',
});

export const priceUnit = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const tagline = style({
  color: vars.color.textMuted,
  minHeight: '42px',
  '@media': { 'screen and (max-width: 900px)': { minHeight: 0 } },
});

export const features = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  margin: 0,
  padding: 0,
  listStyle: 'none',
  flex: 1,
});

export const feature = style({ display: 'flex', alignItems: 'flex-start', gap: vars.space['2'] });

export const featureIcon = style({ flex: 'none', marginTop: '3px', color: vars.color.primaryText });

export const featureMissing = style({ color: vars.color.textSubtle, textDecoration: 'line-through' });

export const featureIconMissing = style({ flex: 'none', marginTop: '3px', color: vars.color.textSubtle });

export const planAction = style({ display: 'flex', flexDirection: 'column', gap: vars.space['2'] });

export const planNote = style({
  color: vars.color.textSubtle,
  fontSize: vars.fontSize.sm,
  textAlign: 'center',
});

export const confirm = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
  padding: vars.space['4'],
  borderRadius: vars.radius.md,
  background: '#fffaeb',
  border: '1px solid #fedf89',
  color: '#93370d',
});

export const confirmTitle = style({ fontWeight: vars.fontWeight.semibold });

export const confirmActions = style({
  display: 'flex',
  justifyContent: 'flex-end',
  flexWrap: 'wrap',
  gap: vars.space['2'],
});

export const skeletonCard = style({ minHeight: '180px' });
