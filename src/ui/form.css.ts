import { vars } from '@src/theme/contract.css';
import { style } from '@vanilla-extract/css';

const narrow = 'screen and (max-width: 640px)';

/**
 * Forms of a page (a budget, the campaign wizard): a two-column grid of fields (one column on a phone),
 * groups of options as cards, and the actions under a rule. Single fields are TextField (field.css.ts).
 */
export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space['5'] });

export const formGrid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: `${vars.space['4']} ${vars.space['5']}`,
  '@media': { [narrow]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

export const fullRow = style({ gridColumn: '1 / -1' });

export const formActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.space['2'],
  paddingTop: vars.space['4'],
  borderTop: `1px solid ${vars.color.border}`,
});

export const fieldset = style({ margin: 0, padding: 0, border: 0, minWidth: 0 });

export const legend = style({
  marginBottom: vars.space['2'],
  padding: 0,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.text,
});

export const hint = style({ color: vars.color.textSubtle, fontSize: vars.fontSize.sm });

export const fieldError = style({
  marginTop: vars.space['1'],
  color: vars.color.danger,
  fontSize: vars.fontSize.sm,
});

export const select = style({
  height: '38px',
  width: '100%',
  padding: `0 ${vars.space['3']}`,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.md,
});

export const optionGrid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
  gap: vars.space['2'],
});

export const option = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  minHeight: '40px',
  padding: `${vars.space['2']} ${vars.space['3']}`,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  cursor: 'pointer',
  fontSize: vars.fontSize.md,
  selectors: {
    '&:has(input:checked)': { borderColor: vars.color.primary, background: vars.color.primarySoft },
    '&:has(input:focus-visible)': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});

export const optionInput = style({ accentColor: vars.color.primary, margin: 0 });
