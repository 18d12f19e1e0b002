import { vars } from '@src/theme/contract.css';
import { style, styleVariants } from '@vanilla-extract/css';

const base = style({
  display: 'flex',
  gap: vars.space['2'],
  alignItems: 'flex-start',
  padding: `${vars.space['3']} ${vars.space['4']}`,
  borderRadius: vars.radius.md,
  border: '1px solid',
  fontSize: vars.fontSize.md,
});

export const alert = styleVariants({
  error: [
    base,
    { background: vars.color.dangerSoft, borderColor: vars.color.dangerBorder, color: vars.color.danger },
  ],
});

export const icon = style({ flex: 'none', marginTop: '2px' });
export const body = style({ flex: 1, minWidth: 0 });

/**
 * The live region stays in the DOM when empty (so it is announced when filled) but must not add a gap in a
 * flex column: the negative margin cancels the column gap that follows it.
 */
export const region = style({
  selectors: { '&:empty': { marginBottom: `calc(${vars.space['4']} * -1)` } },
});
