/**
 * What each state of the duplicate dialog promises (issue 28; chart input: campaign …42). Written from the
 * spec and the issue, not from the machine: the dialog keeps the spec's texts (“Campaign name”, hint “Enter a
 * name for the new campaign.”, “Duplicate” / “Duplicating...”, campaignDuplicated=true and close); “Shift
 * dates by” takes days or weeks (empty: the same dates) or a new start date, within ten years; every date
 * moves by the same number of days; the copy draws on the customer's budget in the currency whose period
 * covers the new dates (the earliest, then by name), or the dialog says none does; nothing is sent with an
 * empty name or a shift that is not one; the request carries the trimmed name and the shift in days.
 */
import { connectDuplicateCampaign } from '@machines/duplicateCampaign/duplicateCampaign.connect';
import { duplicateCampaignMachine } from '@machines/duplicateCampaign/duplicateCampaign.machine';
import { defineOracle, expectEqual, expectFields, expectThat, type OracleStep } from '../oracle';
import { fieldMessage, formMessage, sentBy } from './shared';

type Machine = typeof duplicateCampaignMachine;

const ID = '00000000-0000-4000-8000-000000000042';
const NAME_REQUIRED = 'Enter a name for the new campaign.';
const SHIFT_MESSAGE = 'Enter a whole number of days or weeks, at most ten years either way';
const START_REQUIRED = 'Choose the copy’s start date';
const START_RANGE = 'Choose a start date at most ten years from the campaign’s';

interface Source {
  name: string;
  startDate: string | null;
  endDate: string | null;
  currency: string;
  customerName: string | null;
  budgets: { id: string; name: string; periodStart: string; periodEnd: string }[];
}

const DAY = 86_400_000;
const utc = (day: string) => Date.parse(`${day}T00:00:00Z`);
const plus = (day: string, days: number) => new Date(utc(day) + days * DAY).toISOString().slice(0, 10);
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const readable = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return `${MONTHS[m - 1]} ${d}, ${y}`;
};

/** The shift in days, or the message that says why it is not one. */
function shiftOf(context: {
  source: Source | null;
  mode: string;
  shift: string;
  shiftUnit: string;
  newStart: string;
}): { days: number | null; error: string | null } {
  const start = context.source?.startDate;
  if (!start) return { days: 0, error: null };
  if (context.mode === 'startDate') {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(context.newStart) || Number.isNaN(utc(context.newStart)))
      return { days: null, error: START_REQUIRED };
    const days = Math.round((utc(context.newStart) - utc(start)) / DAY);
    return Math.abs(days) <= 3650 ? { days, error: null } : { days: null, error: START_RANGE };
  }
  const text = context.shift.trim();
  if (text === '') return { days: 0, error: null };
  if (!/^[-+]?[0-9]+$/.test(text)) return { days: null, error: SHIFT_MESSAGE };
  const days = Number(text) * (context.shiftUnit === 'weeks' ? 7 : 1);
  return Math.abs(days) <= 3650 ? { days, error: null } : { days: null, error: SHIFT_MESSAGE };
}

/** The new dates and what they draw on, as the dialog says it. */
function preview(context: Parameters<typeof shiftOf>[0]): { dates: string; budget: string } | null {
  const source = context.source;
  if (!source) return null;
  const { days } = shiftOf(context);
  if (!source.startDate || !source.endDate)
    return { dates: 'The campaign has no dates yet: the copy has none either.', budget: '' };
  if (days === null) return null;
  const start = plus(source.startDate, days);
  const end = plus(source.endDate, days);
  const dates = `${readable(start)} – ${readable(end)}`;
  if (!source.customerName)
    return { dates, budget: 'The campaign has no customer, so the copy draws on no budget.' };
  const [fit] = source.budgets
    .filter((b) => b.periodStart <= start && b.periodEnd >= end)
    .sort((a, b) => a.periodStart.localeCompare(b.periodStart) || (a.name < b.name ? -1 : 1));
  return {
    dates,
    budget: fit
      ? `The copy draws on the budget ${fit.name}.`
      : `No budget of ${source.customerName} in ${source.currency} covers these dates: the copy draws on none.`,
  };
}

const view = (step: OracleStep<Machine>) => connectDuplicateCampaign(step.snapshot, () => {});

/** The form, not busy, with what was typed and the preview of the new dates. */
function asking(step: OracleStep<Machine>) {
  const { context } = step;
  const source = context.source as Source;
  expectFields(view(step), {
    phase: 'idle',
    sourceName: source.name,
    name: context.name,
    canMoveDates: Boolean(source.startDate),
    isSubmitting: false,
    isLocked: false,
    submitLabel: 'Duplicate',
  });
  expectEqual(view(step).preview, preview(context), 'the new dates and their budget');
}

export const duplicateCampaignOracle = defineOracle(duplicateCampaignMachine, {
  always: ({ snapshot, context, event, emitted }) => {
    expectFields(context, { id: ID }, 'context');
    if (event.type === 'modal.cancel') expectEqual(emitted, [{ type: 'modal.close' }], 'emitted on cancel');
    else if (snapshot.status !== 'done') expectEqual(emitted, [], 'emitted');
  },
  events: {
    // Typing keeps the text as typed and hides its field's message.
    'name.change': ({ context, event }) =>
      expectFields(context, { name: event.value, nameError: null }, 'context after typing the name'),
    'shift.change': ({ context, event }) =>
      expectFields(context, { shift: event.value, datesError: null }, 'context after typing the shift'),
    'shift.unit': ({ context, event }) =>
      expectFields(context, { shiftUnit: event.unit, datesError: null }, 'context after the unit'),
    'start.change': ({ context, event }) =>
      expectFields(context, { newStart: event.value, datesError: null }, 'context after the start date'),
    'dates.mode': ({ context, event }) =>
      expectFields(context, { mode: event.mode, datesError: null }, 'context after choosing how'),
  },
  states: {
    loading: (step) => {
      // Also after “Try again”: the previous reason is gone while it looks again.
      expectFields(view(step), {
        phase: 'loading',
        sourceName: '',
        preview: null,
        formError: null,
        isSubmitting: false,
      });
    },
    notFound: (step) => {
      const { event } = step;
      if (event.type === 'xstate.done.actor.loadSource') expectEqual(event.output, null, 'source');
      else expectEqual((event.error as { status?: number }).status, 404, 'status');
      expectFields(view(step), { phase: 'notFound', sourceName: '', isSubmitting: false });
    },
    loadFailed: (step) => {
      const { snapshot, event } = step;
      expectEqual(event.type, 'xstate.error.actor.loadSource', 'event');
      expectEqual(
        sentBy(
          (send) => connectDuplicateCampaign(snapshot, send),
          (shown) => shown.retry(),
        ),
        [{ type: 'modal.retry' }],
        'Try again sends',
      );
      expectFields(view(step), { phase: 'loadFailed', formError: formMessage(event.error) });
    },
    idle: (step) => {
      const { context, event, previous } = step;
      asking(step);
      if (event.type === 'xstate.done.actor.loadSource') {
        expectEqual(context.source, event.output, 'source');
        // The name starts empty (the spec's required field), the dates unmoved.
        expectFields(context, { name: '', shift: '', newStart: '', mode: 'shift', nameError: null });
      } else if (event.type === 'modal.submit') {
        // Nothing sent: each field that stops it says why.
        const nameMissing = context.name.trim() === '';
        const { error } = shiftOf(context);
        expectThat(nameMissing || error !== null, 'a sendable form stayed in idle');
        expectEqual(context.nameError, nameMissing ? NAME_REQUIRED : null, 'the name’s message');
        expectEqual(context.datesError, error, 'the dates’ message');
      } else if (event.type === 'xstate.error.actor.duplicate') {
        // Refused or unanswered: the form as typed, the reason where it belongs.
        expectEqual(context.name, previous?.context.name, 'name kept');
        const nameRefusal = fieldMessage(event.error, 'name');
        const shiftRefusal = fieldMessage(event.error, 'shiftDays');
        expectEqual(context.nameError, nameRefusal ?? null, 'the name’s message');
        expectEqual(context.datesError, shiftRefusal ? SHIFT_MESSAGE : null, 'the dates’ message');
        expectEqual(
          context.formError,
          nameRefusal || shiftRefusal ? null : formMessage(event.error),
          'the form’s message',
        );
      }
    },
    submitting: (step) => {
      const { snapshot, context } = step;
      expectFields(view(step), {
        phase: 'submitting',
        isSubmitting: true,
        isLocked: true,
        submitLabel: 'Duplicating...',
        nameError: null,
        datesError: null,
        formError: null,
      });
      const child = (snapshot.children as Record<string, { getSnapshot(): { input?: unknown } } | undefined>)
        .duplicate;
      expectThat(child !== undefined, 'nothing is being sent');
      const name = context.name.trim();
      expectThat(name !== '', 'sending an empty name');
      const { days } = shiftOf(context);
      expectThat(days !== null, 'sending a shift that is not a number of days');
      expectEqual(child.getSnapshot().input, { campaignId: ID, name, shiftDays: days }, 'request');
    },
    succeeded: (step) => {
      const { snapshot, emitted, event } = step;
      expectEqual(snapshot.status, 'done', 'status');
      const output = (event as { output?: { campaignId: string; budget: unknown } }).output!;
      // The page hears the done flag, the copy (for “Open the copy”) and the budget it draws on.
      expectEqual(
        emitted,
        [
          {
            type: 'modal.succeeded',
            flag: 'campaignDuplicated',
            createdId: output.campaignId,
            budget: output.budget,
          },
        ],
        'emitted',
      );
      expectFields(view(step), { phase: 'succeeded', isLocked: true, isSubmitting: false });
    },
  },
});
