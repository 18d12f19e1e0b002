import { vars } from '@src/theme/contract.css';
import { style } from '@vanilla-extract/css';

/** Tabs of a page (Ark UI Tabs: role tablist/tab/tabpanel): a row of labels over the page's sections. */
export const list = style({
  display: 'flex',
  gap: vars.space['1'],
  borderBottom: `1px solid ${vars.color.border}`,
  overflowX: 'auto',
  marginBottom: vars.space['6'],
});

export const trigger = style({
  appearance: 'none',
  background: 'none',
  border: 0,
  borderBottom: '2px solid transparent',
  marginBottom: '-1px',
  padding: `${vars.space['2']} ${vars.space['3']}`,
  font: 'inherit',
  fontWeight: vars.fontWeight.medium,
  color: vars.color.textMuted,
  cursor: 'pointer',
  whiteSpace: 'nowrap',
  selectors: {
    '&:hover': { color: vars.color.text },
    '&[data-selected]': { color: vars.color.primaryText, borderBottomColor: vars.color.primary },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '-2px' },
  },
});

export const panel = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['6'],
  selectors: {
    // The panels not shown carry `hidden`: the display above would otherwise show them.
    '&[hidden]': { display: 'none' },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '4px' },
  },
});
