import { vars } from '@src/theme/contract.css';
import { globalStyle, style } from '@vanilla-extract/css';

/** The charts explorer (issue 30): a page of its own, open outside the app shell. */
export const page = style({
  maxWidth: '1600px',
  margin: '0 auto',
  padding: `${vars.space['6']} ${vars.space['4']}`,
  color: vars.color.text,
});

export const topBar = style({
  display: 'flex',
  gap: vars.space['4'],
  alignItems: 'center',
  marginBottom: vars.space['4'],
  fontSize: vars.fontSize.sm,
});

export const search = style({
  width: '100%',
  maxWidth: '420px',
  padding: `${vars.space['2']} ${vars.space['3']}`,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  fontSize: vars.fontSize.md,
  background: vars.color.surface,
  color: vars.color.text,
});

export const note = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  margin: `${vars.space['2']} 0`,
});

export const areaTitle = style({
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
  margin: `${vars.space['6']} 0 ${vars.space['2']}`,
});

export const table = style({
  width: '100%',
  borderCollapse: 'collapse',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  fontSize: vars.fontSize.sm,
});

globalStyle(`${table} th, ${table} td`, {
  textAlign: 'left',
  verticalAlign: 'top',
  padding: `${vars.space['2']} ${vars.space['3']}`,
  borderBottom: `1px solid ${vars.color.border}`,
});
globalStyle(`${table} th`, { color: vars.color.textMuted, fontWeight: vars.fontWeight.semibold });

export const numeric = style({ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' });
export const muted = style({ color: vars.color.textMuted });
export const gap = style({ color: vars.color.danger, fontWeight: vars.fontWeight.semibold });

export const layout = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 2fr) minmax(280px, 1fr)',
  gap: vars.space['4'],
  alignItems: 'start',
  '@media': { 'screen and (max-width: 900px)': { gridTemplateColumns: '1fr' } },
});

export const panel = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space['3'],
  overflow: 'auto',
});

export const diagramTools = style({
  display: 'flex',
  justifyContent: 'flex-end',
  marginBottom: vars.space['2'],
});

/** The diagram, at its size or fitted to the panel's width: never taller than the window, it scrolls. */
export const diagramView = style({ maxHeight: '80vh', overflow: 'auto' });
globalStyle(`${diagramView} > svg`, { display: 'block' });

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['2'],
  margin: `${vars.space['3']} 0`,
});

export const list = style({ listStyle: 'none', padding: 0, margin: 0 });
globalStyle(`${list} > li`, {
  padding: `${vars.space['1']} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const linkButton = style({
  background: 'none',
  border: 'none',
  padding: 0,
  color: vars.color.primaryText,
  cursor: 'pointer',
  textAlign: 'left',
  font: 'inherit',
  textDecoration: 'underline',
});

export const selected = style({ background: vars.color.primarySoft });

export const step = style({
  margin: `${vars.space['2']} 0`,
  paddingLeft: vars.space['3'],
  borderLeft: `3px solid ${vars.color.border}`,
});
export const stepTaking = style({ borderLeftColor: vars.color.primary });
export const code = style({
  fontFamily: 'ui-monospace, monospace',
  fontSize: vars.fontSize.xs,
  overflowWrap: 'anywhere',
});
export const pre = style({
  fontFamily: 'ui-monospace, monospace',
  fontSize: vars.fontSize.xs,
  whiteSpace: 'pre-wrap',
  background: vars.color.surfaceMuted,
  padding: vars.space['2'],
  borderRadius: vars.radius.sm,
  maxHeight: '240px',
  overflow: 'auto',
});
