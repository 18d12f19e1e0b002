import { vars } from '@src/theme/contract.css';
import { globalStyle, style } from '@vanilla-extract/css';

const narrow = 'screen and (max-width: 640px)';

export const page = style({ display: 'flex', flexDirection: 'column', gap: vars.space['6'], minWidth: 0 });

export const pickers = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space['3'],
});

export const picker = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1'],
  flex: '1 1 200px',
});

export const arrow = style({
  color: vars.color.textMuted,
  paddingBottom: vars.space['2'],
  '@media': { [narrow]: { display: 'none' } },
});

export const section = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
  padding: vars.space['5'],
  minWidth: 0,
  '@media': { [narrow]: { padding: vars.space['4'] } },
});

export const changes = style({
  margin: 0,
  display: 'grid',
  gridTemplateColumns: 'minmax(8rem, max-content) 1fr',
  columnGap: vars.space['4'],
  rowGap: vars.space['2'],
  '@media': { [narrow]: { gridTemplateColumns: '1fr', rowGap: vars.space['1'] } },
});

export const changeLabel = style({ color: vars.color.textMuted, fontWeight: vars.fontWeight.medium });

export const changeValue = style({
  margin: 0,
  overflowWrap: 'anywhere',
  '@media': { [narrow]: { marginBottom: vars.space['2'] } },
});

export const before = style({ color: vars.color.textMuted, textDecoration: 'line-through' });

export const after = style({ fontWeight: vars.fontWeight.medium });

export const arrowInline = style({ color: vars.color.textMuted, padding: `0 ${vars.space['1']}` });

export const deltaUp = style({
  marginLeft: vars.space['2'],
  color: '#067647',
  fontWeight: vars.fontWeight.semibold,
  whiteSpace: 'nowrap',
});
export const deltaDown = style({
  marginLeft: vars.space['2'],
  color: '#b42318',
  fontWeight: vars.fontWeight.semibold,
  whiteSpace: 'nowrap',
});

export const items = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space['3'],
});

export const itemHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['2'],
  marginBottom: vars.space['1'],
});

export const itemTitle = style({ fontWeight: vars.fontWeight.semibold });

export const removedRow = style({ color: vars.color.textMuted });

export const cellStack = style({ display: 'flex', flexDirection: 'column' });

export const changeRow = style({ display: 'contents' });

/** On a phone, the line items' table stacks: one block per row, each cell after its column's name. */
export const stackedTable = style({});
globalStyle(`${stackedTable} td::before`, { display: 'none' });
const stacked = {
  [`${stackedTable} thead`]: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
  },
  [`${stackedTable}, ${stackedTable} tbody, ${stackedTable} tr`]: { display: 'block', width: '100%' },
  [`${stackedTable} tr`]: { padding: `${vars.space['3']} 0`, borderBottom: `1px solid ${vars.color.border}` },
  [`${stackedTable} td`]: {
    display: 'grid',
    gridTemplateColumns: '6rem 1fr',
    gap: vars.space['2'],
    padding: `${vars.space['1']} 0`,
    border: 0,
    textAlign: 'left',
    whiteSpace: 'normal',
    justifyItems: 'start',
    overflowWrap: 'anywhere',
  },
  [`${stackedTable} td::before`]: {
    display: 'block',
    content: 'attr(data-label)',
    color: vars.color.textMuted,
    fontSize: vars.fontSize.sm,
    fontWeight: vars.fontWeight.medium,
  },
} as const;
for (const [selector, rule] of Object.entries(stacked))
  globalStyle(selector, { '@media': { [narrow]: rule } });
