import { vars } from '@src/theme/contract.css';
import { style, styleVariants } from '@vanilla-extract/css';

/**
 * Badges (a status, "Current", "Trial") and chips (a platform). Every colour pair reads at 4.5:1 or more
 * (text on its tint); the dot before a status repeats the colour, the word says it.
 */
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
  letterSpacing: 0,
  whiteSpace: 'nowrap',
});

/** A status word, capitalized, after a dot of its colour. */
const statusBase = style([
  badgeBase,
  {
    textTransform: 'capitalize',
    '::before': {
      content: '""',
      width: '6px',
      height: '6px',
      borderRadius: '50%',
      background: 'currentColor',
    },
  },
]);

/** Text, tint and border of each tone. */
const TONES = {
  grey: ['#475467', '#f2f4f7', '#e4e7ec'],
  slate: ['#344054', '#f9fafb', '#d0d5dd'],
  blue: ['#175cd3', '#eff8ff', '#b2ddff'],
  violet: ['#5925dc', '#f4f3ff', '#d9d6fe'],
  green: ['#067647', '#ecfdf3', '#abefc6'],
  amber: ['#b54708', '#fffaeb', '#fedf89'],
  red: ['#b42318', '#fef3f2', '#fecdca'],
  orange: ['#c4320a', '#fff6ed', '#f9dbaf'],
  cyan: ['#0e7090', '#ecfdff', '#a5f0fc'],
} as const;

const tone = (base: string, name: keyof typeof TONES) => {
  const [color, background, borderColor] = TONES[name];
  return [base, { color, background, borderColor }];
};

/** One colour per campaign status. */
export const statusBadge = styleVariants({
  draft: tone(statusBase, 'grey'),
  launching: tone(statusBase, 'violet'),
  scheduled: tone(statusBase, 'cyan'),
  active: tone(statusBase, 'green'),
  pausing: tone(statusBase, 'blue'),
  paused: tone(statusBase, 'amber'),
  resuming: tone(statusBase, 'blue'),
  completed: tone(statusBase, 'slate'),
  failed: tone(statusBase, 'red'),
  deleting: tone(statusBase, 'orange'),
});

/** Booking statuses. */
export const bookingBadge = styleVariants({
  tentative: tone(statusBase, 'amber'),
  confirmed: tone(statusBase, 'green'),
  completed: tone(statusBase, 'slate'),
  cancelled: tone(statusBase, 'grey'),
});

/** Labels of a record in a list (settings pages): the current one, a plan, a trial. */
export const labelBadge = styleVariants({
  current: tone(badgeBase, 'green'),
  neutral: tone(badgeBase, 'slate'),
  trial: tone(badgeBase, 'blue'),
  expired: tone(badgeBase, 'red'),
  brand: tone(badgeBase, 'violet'),
});

/** A list of chips, wrapping onto more lines. */
export const chips = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['1'],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

/** Chips on one line (a table cell). */
export const chipsNowrap = style([chips, { flexWrap: 'nowrap' }]);

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

/** "+2": the chips left out, named in its title and for screen readers. */
export const moreChip = style([chip, { cursor: 'default', color: vars.color.textSubtle }]);

/** Plan revision statuses (issue 27). */
export const revisionBadge = styleVariants({
  draft: tone(badgeBase, 'grey'),
  in_review: tone(badgeBase, 'blue'),
  approved: tone(badgeBase, 'green'),
  changes_requested: tone(badgeBase, 'amber'),
  superseded: tone(badgeBase, 'slate'),
});

/** A comparison's mark on a row: added, removed, changed. */
export const changeBadge = styleVariants({
  added: tone(badgeBase, 'green'),
  removed: tone(badgeBase, 'red'),
  changed: tone(badgeBase, 'blue'),
});
