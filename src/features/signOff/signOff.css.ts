import { vars } from '@src/theme/contract.css';
import { style } from '@vanilla-extract/css';

/** The sign-off page: one column that reads on a phone, two side by side on a wide screen. */
export const layout = style({
  display: 'grid',
  gap: vars.space['5'],
  gridTemplateColumns: 'minmax(0, 1fr)',
  // On a phone the approver's decision comes first; on a wide screen it sits beside the plan.
  gridTemplateAreas: '"decision" "main" "side"',
  alignItems: 'start',
  '@media': {
    'screen and (min-width: 1024px)': {
      gridTemplateColumns: 'minmax(0, 2fr) minmax(280px, 1fr)',
      gridTemplateAreas: '"main decision" "main side"',
      gridTemplateRows: 'auto 1fr',
    },
  },
});

export const mainArea = style({ gridArea: 'main' });
export const decisionArea = style({ gridArea: 'decision', minWidth: 0 });
export const sideArea = style({ gridArea: 'side' });

export const column = style({ display: 'flex', flexDirection: 'column', gap: vars.space['5'], minWidth: 0 });

export const section = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
  padding: vars.space['5'],
});

export const sectionTitle = style({
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
  margin: 0,
});

export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, margin: 0 });

export const flowchart = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space['3'],
});

export const flight = style({ display: 'grid', gap: vars.space['1'] });

export const flightHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: vars.space['2'],
  fontSize: vars.fontSize.sm,
});

export const track = style({
  position: 'relative',
  height: '10px',
  borderRadius: vars.radius.full,
  background: vars.color.surfaceMuted,
});

export const bar = style({
  position: 'absolute',
  top: 0,
  bottom: 0,
  borderRadius: vars.radius.full,
  background: vars.color.primary,
  minWidth: '4px',
});

export const totals = style({ display: 'grid', gap: vars.space['2'], margin: 0 });

export const totalRow = style({ display: 'flex', justifyContent: 'space-between', gap: vars.space['3'] });

export const ads = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space['3'],
  gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
});

export const ad = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space['3'],
  display: 'grid',
  gap: vars.space['2'],
});

export const thumbs = style({ display: 'flex', gap: vars.space['2'], flexWrap: 'wrap' });

export const thumb = style({
  width: '72px',
  height: '72px',
  objectFit: 'cover',
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceMuted,
});

export const decision = style({ display: 'grid', gap: vars.space['3'] });

export const buttons = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'] });

export const textarea = style({
  width: '100%',
  minHeight: '96px',
  padding: vars.space['2'],
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  font: 'inherit',
  resize: 'vertical',
});

export const label = style({ fontWeight: vars.fontWeight.medium, fontSize: vars.fontSize.sm });

export const error = style({ color: vars.color.danger, fontSize: vars.fontSize.sm, margin: 0 });

export const comment = style({
  margin: 0,
  padding: vars.space['3'],
  borderLeft: `3px solid ${vars.color.borderStrong}`,
  background: vars.color.surfaceMuted,
  whiteSpace: 'pre-wrap',
});

/** "What changed since revision N (approved)": its heading and link, then the comparison's sections. */
export const sinceApproved = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
  minWidth: 0,
});

export const sinceHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: vars.space['2'],
});
