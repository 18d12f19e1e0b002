import { vars } from '@src/theme/contract.css';
import { style } from '@vanilla-extract/css';

export const body = style({ padding: `${vars.space['4']} ${vars.space['6']}` });

export const sectionTitle = style({
  padding: `${vars.space['3']} ${vars.space['6']}`,
  borderTop: `1px solid ${vars.color.border}`,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
});

export const totalsRow = style({ fontWeight: vars.fontWeight.semibold });

/** A platform's name heads its row; it reads like the other cells, left-aligned. */
export const rowHeader = style({ textAlign: 'left', fontWeight: vars.fontWeight.medium });
