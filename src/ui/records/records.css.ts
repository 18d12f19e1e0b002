import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

const narrow = 'screen and (max-width: 640px)';

export const breadcrumb = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['1'],
  margin: `0 0 ${vars.space['2']}`,
  padding: 0,
  listStyle: 'none',
  color: vars.color.textSubtle,
  fontSize: vars.fontSize.sm,
});

export const crumb = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space['1'] });

export const crumbLink = style({
  color: 'inherit',
  textDecoration: 'none',
  selectors: { '&:hover': { color: vars.color.text, textDecoration: 'underline' } },
});

export const crumbSeparator = style({ color: vars.color.border });

export const header = style({
  display: 'flex',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
  gap: vars.space['4'],
  marginBottom: vars.space['6'],
});

export const headerText = style({ minWidth: 0, flex: '1 1 320px' });

export const title = style({
  display: 'flex',
  alignItems: 'center',
  flexWrap: 'wrap',
  gap: vars.space['3'],
  fontSize: vars.fontSize.xxl,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.tight,
  letterSpacing: '-0.01em',
  overflowWrap: 'anywhere',
});

export const subtitle = style({ marginTop: vars.space['1'], color: vars.color.textMuted });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'] });

export const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.md,
});

export const cardHeader = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['3'],
  padding: `${vars.space['4']} ${vars.space['5']}`,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const cardTitle = style({ fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.semibold });

export const cardBody = style({
  padding: vars.space['5'],
  '@media': { [narrow]: { padding: vars.space['4'] } },
});

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

export const muted = style({ color: vars.color.textSubtle });

export const link = style({
  color: vars.color.primaryText,
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'none',
  selectors: { '&:hover': { textDecoration: 'underline' } },
});

export const rowLink = style([link, { display: 'block', minWidth: '200px', whiteSpace: 'normal' }]);

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space['6'] });

const badgeBase = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '6px',
  height: '22px',
  padding: `0 ${vars.space['2']}`,
  borderRadius: vars.radius.full,
  border: '1px solid',
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  textTransform: 'capitalize',
  letterSpacing: 0,
  '::before': { content: '""', width: '6px', height: '6px', borderRadius: '50%', background: 'currentColor' },
});

const badge = (text: string, background: string, border: string) => [
  badgeBase,
  { color: text, background, borderColor: border },
];

/** Booking statuses. */
export const bookingBadge = styleVariants({
  tentative: badge('#b54708', '#fffaeb', '#fedf89'),
  confirmed: badge('#067647', '#ecfdf3', '#abefc6'),
  cancelled: badge('#475467', '#f2f4f7', '#e4e7ec'),
});

export const chips = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['1'],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const chip = style({
  display: 'inline-flex',
  alignItems: 'center',
  height: '22px',
  padding: `0 ${vars.space['2']}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceHover,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.medium,
});

// ------------------------------------------------------------------------------------- forms

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

// --------------------------------------------------------------------------------- dashboard

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

export const totals = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const empty = style({ color: vars.color.textMuted });

export const cardFooterLink = style([link, { fontSize: vars.fontSize.sm }]);
