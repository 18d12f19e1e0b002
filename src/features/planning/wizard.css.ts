import { vars } from '@src/theme/contract.css';
import { globalStyle, style, styleVariants } from '@vanilla-extract/css';

/** The planning wizard's frame: the step list on the left, the step in the middle, a sticky footer. */

const narrow = 'screen and (max-width: 900px)';

export const shell = style({
  display: 'grid',
  gridTemplateColumns: '248px minmax(0, 1fr)',
  gap: vars.space['6'],
  alignItems: 'start',
  '@media': { [narrow]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

export const stepNav = style({
  position: 'sticky',
  top: `calc(${vars.layout.headerHeight} + ${vars.space['4']})`,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.md,
  padding: vars.space['3'],
  '@media': { [narrow]: { position: 'static' } },
});

export const stepNavTitle = style({
  padding: `${vars.space['1']} ${vars.space['2']} ${vars.space['2']}`,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.textSubtle,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
});

export const stepList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: '2px',
  '@media': { [narrow]: { flexDirection: 'row', overflowX: 'auto', position: 'relative' } },
});

const stepBase = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['3'],
  width: '100%',
  padding: `${vars.space['2']} ${vars.space['2']}`,
  border: 0,
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: vars.color.text,
  font: 'inherit',
  textAlign: 'left',
  whiteSpace: 'nowrap',
});

export const stepItem = styleVariants({
  reachable: [
    stepBase,
    { cursor: 'pointer', selectors: { '&:hover': { background: vars.color.surfaceHover } } },
  ],
  current: [stepBase, { background: vars.color.primarySoft, color: vars.color.primaryText, fontWeight: 600 }],
  unreachable: [stepBase, { color: vars.color.textSubtle, cursor: 'not-allowed' }],
});

const markBase = style({
  flex: 'none',
  display: 'inline-grid',
  placeItems: 'center',
  width: '24px',
  height: '24px',
  borderRadius: '999px',
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  border: `1px solid ${vars.color.borderStrong}`,
  background: vars.color.surface,
  color: vars.color.textMuted,
});

export const stepMark = styleVariants({
  todo: [markBase],
  current: [
    markBase,
    { background: vars.color.primary, borderColor: vars.color.primary, color: vars.color.onPrimary },
  ],
  done: [markBase, { background: '#ecfdf3', borderColor: '#12b76a', color: '#067647' }],
  attention: [markBase, { background: '#fffaeb', borderColor: '#f79009', color: '#b54708' }],
});

export const stepText = style({ display: 'flex', flexDirection: 'column', minWidth: 0 });
export const stepHint = style({ fontSize: vars.fontSize.sm, color: vars.color.textSubtle, fontWeight: 400 });

export const main = style({ display: 'flex', flexDirection: 'column', gap: vars.space['5'], minWidth: 0 });

export const stepHeader = style({ display: 'flex', flexDirection: 'column', gap: vars.space['1'] });
export const stepEyebrow = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.textSubtle,
  fontWeight: 500,
});
export const stepTitle = style({ fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.semibold });

export const footer = style({
  position: 'sticky',
  bottom: 0,
  zIndex: 2,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['3'],
  marginTop: vars.space['2'],
  padding: `${vars.space['3']} ${vars.space['4']}`,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: '0 -4px 16px rgba(16, 24, 40, 0.08)',
});

/**
 * While the wizard's sticky footer is on the page, a field brought into view (focused, typed in, found by
 * search) stops above it, not behind it: the footer is about 64 px tall, plus a margin.
 */
globalStyle(`html:has(.${footer})`, { scrollPaddingBottom: '88px' });

export const footerSpacer = style({ flex: 1 });

const statusBase = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});
export const saveStatus = styleVariants({
  none: [statusBase],
  saved: [statusBase, { color: '#067647' }],
  saving: [statusBase],
  unsaved: [statusBase, { color: '#b54708' }],
  notSaved: [statusBase, { color: vars.color.danger }],
});

export const dot = style({ width: '8px', height: '8px', borderRadius: '999px', background: 'currentColor' });

/** Form sections inside a step card. */
export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space['4'] });
export const sectionTitle = style({ fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.semibold });

export const objectiveCards = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(110px, 1fr))',
  gap: vars.space['3'],
});

export const platformCards = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))',
  gap: vars.space['3'],
});

export const splitTable = style({ width: '100%', borderCollapse: 'collapse' });
export const amountInput = style({ textAlign: 'right', fontVariantNumeric: 'tabular-nums' });

export const splitCell = style({
  padding: `${vars.space['2']} ${vars.space['2']}`,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: 'top',
  textAlign: 'left',
});
export const splitHead = style([
  splitCell,
  { fontSize: vars.fontSize.sm, color: vars.color.textSubtle, fontWeight: vars.fontWeight.medium },
]);

export const leftToAllocate = styleVariants({
  even: { fontWeight: 600, color: '#067647' },
  under: { fontWeight: 600, color: '#b54708' },
  over: { fontWeight: 600, color: vars.color.danger },
});

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['3'],
  justifyContent: 'space-between',
});

export const segmented = style({
  display: 'inline-flex',
  margin: 0,
  padding: 0,
  minWidth: 0,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  overflow: 'hidden',
});
const segmentBase = style({
  padding: `${vars.space['1']} ${vars.space['3']}`,
  border: 0,
  background: vars.color.surface,
  font: 'inherit',
  fontSize: vars.fontSize.sm,
  cursor: 'pointer',
});
export const segment = styleVariants({
  off: [segmentBase],
  on: [segmentBase, { background: vars.color.primarySoft, color: vars.color.primaryText, fontWeight: 600 }],
});

export const summaryGrid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space['4'],
  '@media': { [narrow]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

/** A summary's facts: the label on the left, the value on the right. */
export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(110px, auto) 1fr',
  columnGap: vars.space['4'],
  rowGap: vars.space['2'],
  margin: 0,
});
export const factLabel = style({ color: vars.color.textSubtle, fontSize: vars.fontSize.sm });
export const factValue = style({ margin: 0, minWidth: 0, fontVariantNumeric: 'tabular-nums' });

export const fitBar = style({
  height: '8px',
  borderRadius: '999px',
  background: vars.color.surfaceMuted,
  overflow: 'hidden',
});
export const fitFill = styleVariants({
  ok: { height: '100%', background: vars.color.primary },
  over: { height: '100%', background: vars.color.danger },
});

export const inlineError = style({ color: vars.color.danger, fontSize: vars.fontSize.sm });
export const money = style({ fontVariantNumeric: 'tabular-nums' });

/** The pre-flight's summary beside its "Check again". */
export const preflightBar = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['3'],
  marginBottom: vars.space['3'],
});

/** A step made of panels stacked one under the other (the schedule's platforms, the creative step's). */
export const stepStack = style({ display: 'flex', flexDirection: 'column', gap: vars.space['5'] });

/** One of those panels: a platform's flights, a platform's ads. */
export const stepPanel = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['4'],
  padding: vars.space['6'],
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.sm,
  '@media': { 'screen and (max-width: 640px)': { padding: vars.space['4'] } },
});

/** A platform's warnings about a live campaign's change, under its check (issue 28). */
export const warnings = style({
  margin: `${vars.space['1']} 0 0`,
  paddingLeft: vars.space['5'],
  color: vars.color.textSubtle,
  fontSize: vars.fontSize.sm,
});
