import { vars } from '@src/theme/contract.css';
import { style, styleVariants } from '@vanilla-extract/css';

const GREEN = '#067647';
const AMBER = '#b54708';
const RED_SOFT = '#fda29b';
const GREEN_SOFT = '#75e0a7';

export { visuallyHidden } from '@src/ui/a11y.css';

/** The form on the left, the estimates in a sticky column on the right (below on narrow screens). */
export const layout = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) 300px',
  gap: vars.space['6'],
  alignItems: 'start',
  '@media': { 'screen and (max-width: 960px)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

export const main = style({ display: 'flex', flexDirection: 'column', gap: vars.space['6'], minWidth: 0 });

export const side = style({
  position: 'sticky',
  top: `calc(${vars.layout.headerHeight} + ${vars.space['4']})`,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['4'],
  '@media': { 'screen and (max-width: 960px)': { position: 'static' } },
});

export const section = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['5'],
  padding: vars.space['6'],
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.sm,
});

export const sectionTitle = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
});

export const sectionText = style({
  margin: `-${vars.space['3']} 0 0`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const fieldset = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  margin: 0,
  padding: 0,
  border: 0,
  minWidth: 0,
});

export const legend = style({
  padding: 0,
  marginBottom: vars.space['1'],
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.text,
});

export const ageRow = style({ display: 'flex', alignItems: 'center', gap: vars.space['2'] });

export const inlineLabel = style({ display: 'inline-flex' });

export const dash = style({ color: vars.color.textMuted });

export const select = style({
  height: '38px',
  minWidth: '88px',
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
    '&[aria-invalid="true"]': { borderColor: vars.color.danger },
  },
});

/** All / Female / Male as one segmented control (radio buttons underneath). */
export const segmented = style({
  display: 'inline-flex',
  alignSelf: 'flex-start',
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  overflow: 'hidden',
});

export const segment = style({
  position: 'relative',
  selectors: { '& + &': { borderLeft: `1px solid ${vars.color.borderStrong}` } },
});

export const segmentInput = style({
  position: 'absolute',
  opacity: 0,
  inset: 0,
  margin: 0,
  cursor: 'pointer',
});

export const segmentLabel = style({
  display: 'block',
  padding: `${vars.space['2']} ${vars.space['4']}`,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.text,
  background: vars.color.surface,
  selectors: {
    [`${segmentInput}:checked + &`]: { background: vars.color.primarySoft, color: vars.color.primaryText },
    [`${segmentInput}:focus-visible + &`]: { boxShadow: `inset 0 0 0 2px ${vars.color.focusRing}` },
    [`${segmentInput}:disabled + &`]: { color: vars.color.textMuted },
  },
});

export const platformBlock = style({
  paddingTop: vars.space['4'],
  borderTop: `1px solid ${vars.color.border}`,
  selectors: { '&:first-of-type': { paddingTop: 0, borderTop: 0 } },
});

export const error = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.danger });

// ---------------------------------------------------------------- estimate cards

export const estimateCard = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  padding: vars.space['5'],
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.sm,
});

export const estimateTitle = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
});

export const gauge = style({
  position: 'relative',
  display: 'grid',
  gridTemplateColumns: '1fr 1.4fr 1fr',
  gap: '3px',
  height: '8px',
  marginTop: vars.space['2'],
});

const segmentBase = style({ borderRadius: vars.radius.full });
export const gaugeNarrow = style([segmentBase, { background: RED_SOFT }]);
export const gaugeFits = style([segmentBase, { background: GREEN_SOFT }]);
export const gaugeBroad = style([segmentBase, { background: RED_SOFT }]);

const needleBase = style({
  position: 'absolute',
  top: '-5px',
  width: '4px',
  height: '18px',
  marginLeft: '-2px',
  borderRadius: vars.radius.full,
  background: vars.color.text,
  boxShadow: `0 0 0 2px ${vars.color.surface}`,
  transition: 'left 300ms ease',
});
export const needle = styleVariants({
  too_narrow: [needleBase, { left: '14%' }],
  fits: [needleBase, { left: '50%' }],
  too_broad: [needleBase, { left: '86%' }],
});

export const gaugeLabels = style({
  display: 'flex',
  justifyContent: 'space-between',
  fontSize: vars.fontSize.xs,
  color: vars.color.textSubtle,
});

export const estimateLabel = style({
  margin: `${vars.space['2']} 0 0`,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const estimateRange = style({
  margin: 0,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
});

const guidanceBase = style({ margin: 0, fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.semibold });
export const guidance = styleVariants({
  too_narrow: [guidanceBase, { color: AMBER }],
  fits: [guidanceBase, { color: GREEN }],
  too_broad: [guidanceBase, { color: AMBER }],
});

export const estimateMessage = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });
