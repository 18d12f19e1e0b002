import { vars } from '@src/theme/contract.css';
import { textLink } from '@src/ui/text.css';
import { style } from '@vanilla-extract/css';

const narrow = 'screen and (max-width: 640px)';

export const dashboardGrid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
  gap: vars.space['5'],
  '@media': {
    'screen and (max-width: 1000px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [narrow]: { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
});

export const full = style({ gridColumn: '1 / -1' });

export const wide = style({
  gridColumn: 'span 2',
  '@media': { [narrow]: { gridColumn: 'auto' } },
});

export const bigNumber = style({
  fontSize: '32px',
  fontWeight: vars.fontWeight.semibold,
  lineHeight: 1.1,
  letterSpacing: '-0.02em',
  fontVariantNumeric: 'tabular-nums',
  color: vars.color.text,
});

export const statusList = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))',
  gap: vars.space['3'],
  margin: `${vars.space['4']} 0 0`,
  padding: 0,
  listStyle: 'none',
});

export const statusItem = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '2px',
  padding: `${vars.space['2']} ${vars.space['3']}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
  border: `1px solid ${vars.color.border}`,
});

export const statusCount = style({
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
  fontVariantNumeric: 'tabular-nums',
});

export const totals = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const empty = style({ color: vars.color.textMuted });

export const cardFooterLink = style([textLink, { fontSize: vars.fontSize.sm }]);
