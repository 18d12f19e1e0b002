import { vars } from '@src/theme/contract.css';
import { style } from '@vanilla-extract/css';
import { cardBody as roomyCardBody, cardHeader as roomyCardHeader } from './card.css';

const narrow = 'screen and (max-width: 640px)';

/**
 * A record's page (a campaign, a booking, a budget, the dashboard): cards a little more compact than the
 * settings pages', label/value fields in a grid, and short lists of related records.
 */
export const cardHeader = style([roomyCardHeader, { padding: `${vars.space['4']} ${vars.space['5']}` }]);

export const cardBody = style([
  roomyCardBody,
  { padding: vars.space['5'], '@media': { [narrow]: { padding: vars.space['4'] } } },
]);

export const fields = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
  gap: `${vars.space['5']} ${vars.space['6']}`,
  margin: 0,
});

export const field = style({ minWidth: 0 });

export const fieldLabel = style({
  color: vars.color.textSubtle,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  letterSpacing: '0.04em',
  textTransform: 'uppercase',
});

export const fieldValue = style({
  margin: `${vars.space['1']} 0 0`,
  color: vars.color.text,
  overflowWrap: 'anywhere',
  fontVariantNumeric: 'tabular-nums',
});

export const list = style({ margin: 0, padding: 0, listStyle: 'none' });

export const listItem = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
  gap: `${vars.space['1']} ${vars.space['3']}`,
  padding: `${vars.space['3']} 0`,
  borderTop: `1px solid ${vars.color.border}`,
  selectors: { '&:first-child': { borderTop: 0, paddingTop: 0 } },
});

export const listMain = style({ display: 'flex', flexDirection: 'column', minWidth: 0, flex: '1 1 200px' });

export const listMeta = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
