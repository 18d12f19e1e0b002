import { vars } from '@src/theme/contract.css';
import { style } from '@vanilla-extract/css';

export const section = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
  padding: vars.space['5'],
});

export const sectionTitle = style({ fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.semibold });

export const reason = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, margin: 0 });

export const activity = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space['2'],
});

export const activityItem = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: vars.space['2'],
  padding: `${vars.space['2']} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const activityMeta = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space['4'] });

export const dialogScroll = style({ maxHeight: 'min(80vh, 720px)', overflowY: 'auto' });

/** The page's notice, scrolled to when it appears: clear of the sticky header. */
export const notice = style({ scrollMarginTop: '120px' });
