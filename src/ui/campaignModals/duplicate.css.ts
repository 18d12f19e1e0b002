import { vars } from '@src/theme/contract.css';
import { style } from '@vanilla-extract/css';

/** The duplicate's dates: how they move (a choice), then its field. */
export const dates = style({ display: 'flex', flexDirection: 'column', gap: vars.space['2'] });

/** "Shift dates by": the number and its unit side by side, the hint under both. */
export const shift = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  alignItems: 'end',
  columnGap: vars.space['2'],
});

export const shiftAmount = style({ minWidth: 0 });

export const shiftUnit = style({
  display: 'flex',
  alignItems: 'flex-end',
  alignSelf: 'start',
  paddingTop: '22px',
});

export const unitSelect = style({
  height: '40px',
  padding: `0 ${vars.space['2']}`,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
});

export const shiftHint = style({ gridColumn: '1 / -1', marginTop: vars.space['1'] });

/** The copy's new dates and the budget they draw on. */
export const preview = style({
  margin: 0,
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
  fontSize: vars.fontSize.sm,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1'],
});

export const previewDates = style({ fontWeight: vars.fontWeight.medium });
