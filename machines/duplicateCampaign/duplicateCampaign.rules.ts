import { DUPLICATE_NAME_MESSAGE, MAX_SHIFT_DAYS } from '@contract/campaigns';
import { addDays } from '@contract/planning';
import type { DuplicateCampaignContext, DuplicateSource, SourceBudget } from './duplicateCampaign.types';

/**
 * The duplicate dialog's rules, pure (issue 28): the name, the shift in days (typed as days or weeks, or
 * worked out from a new start date), the copy's new dates and the budget that covers them — the server's
 * rule (server/campaignRules/budgetCover.ts: the customer's, in the currency, its period covering the
 * dates; the earliest period, then the name, when several do).
 */

export const SHIFT_FIELD_MESSAGE = 'Enter a whole number of days or weeks, at most ten years either way';
export const START_REQUIRED_MESSAGE = 'Choose the copy’s start date';
export const START_RANGE_MESSAGE = 'Choose a start date at most ten years from the campaign’s';

const DAY_MS = 86_400_000;
const isDay = (text: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`));
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** The message under the name, or null when it is fine. */
export const nameError = (name: string): string | null =>
  name.trim() === '' ? DUPLICATE_NAME_MESSAGE : null;

/** Whether the copy's dates can move: the campaign has a start date. */
export const hasDates = (source: DuplicateSource | null): boolean => Boolean(source?.startDate);

type DatesContext = Pick<DuplicateCampaignContext, 'source' | 'mode' | 'shift' | 'shiftUnit' | 'newStart'>;

/**
 * The shift in days and the message when it is not one: '' keeps the dates (0); a whole number of days or
 * weeks within ten years either way; or the new start date's distance from the campaign's start. A campaign
 * without dates moves nothing (0).
 */
export function shiftOf(
  context: DatesContext,
): { days: number; error: null } | { days: null; error: string } {
  const start = context.source?.startDate;
  if (!start) return { days: 0, error: null };
  if (context.mode === 'startDate') {
    if (!isDay(context.newStart)) return { days: null, error: START_REQUIRED_MESSAGE };
    const days = daysBetween(start, context.newStart);
    return Math.abs(days) <= MAX_SHIFT_DAYS
      ? { days, error: null }
      : { days: null, error: START_RANGE_MESSAGE };
  }
  const text = context.shift.trim();
  if (text === '') return { days: 0, error: null };
  if (!/^[-+]?\d{1,5}$/.test(text)) return { days: null, error: SHIFT_FIELD_MESSAGE };
  const days = Number(text) * (context.shiftUnit === 'weeks' ? 7 : 1);
  return Math.abs(days) <= MAX_SHIFT_DAYS
    ? { days, error: null }
    : { days: null, error: SHIFT_FIELD_MESSAGE };
}

/** Whether the dialog may send: a name, and a shift that is one. */
export const isSendable = (context: DatesContext & Pick<DuplicateCampaignContext, 'name'>) =>
  nameError(context.name) === null && shiftOf(context).days !== null;

/** The copy's dates, once the shift is one (null: the campaign has none, or the shift is not a number). */
export function newDatesOf(context: DatesContext): { startDate: string; endDate: string } | null {
  const { days } = shiftOf(context);
  const source = context.source;
  if (days === null || !source?.startDate || !source.endDate) return null;
  return { startDate: addDays(source.startDate, days), endDate: addDays(source.endDate, days) };
}

/** The budget the copy would draw on for `dates`, or null when none covers them. */
export function budgetCovering(
  budgets: readonly SourceBudget[],
  dates: { startDate: string; endDate: string },
): SourceBudget | null {
  const covering = budgets
    .filter((b) => b.periodStart <= dates.startDate && b.periodEnd >= dates.endDate)
    .sort((a, b) =>
      a.periodStart === b.periodStart
        ? a.name < b.name
          ? -1
          : a.name > b.name
            ? 1
            : 0
        : a.periodStart < b.periodStart
          ? -1
          : 1,
    );
  return covering[0] ?? null;
}

const dayFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
/** '2027-04-05' → 'Apr 5, 2027'. */
export const formatDay = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));
export const formatDays = (dates: { startDate: string; endDate: string }) =>
  `${formatDay(dates.startDate)} – ${formatDay(dates.endDate)}`;

/**
 * What the dialog says of the copy's dates and budget (null while the shift is not a number): "Apr 5, 2027 –
 * Jun 30, 2027", and "It draws on Q2 2027." or why none: no budget of the customer in the currency covers
 * them, or the campaign has no customer.
 */
export function previewOf(context: DatesContext): { dates: string; budget: string } | null {
  const source = context.source;
  if (!source) return null;
  const dates = newDatesOf(context);
  if (!dates) {
    if (source.startDate) return null;
    return { dates: 'The campaign has no dates yet: the copy has none either.', budget: '' };
  }
  const text = formatDays(dates);
  if (!source.customerName)
    return { dates: text, budget: 'The campaign has no customer, so the copy draws on no budget.' };
  const budget = budgetCovering(source.budgets, dates);
  return {
    dates: text,
    budget: budget
      ? `The copy draws on the budget ${budget.name}.`
      : `No budget of ${source.customerName} in ${source.currency} covers these dates: the copy draws on none.`,
  };
}
