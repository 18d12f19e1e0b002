/**
 * What each state of the campaign and customer modals promises (chart input: the duplicate modal of
 * campaign …42). The spec: the record is looked up (nothing there: “not found” with Cancel; no answer: the
 * reason with “Try again”); the duplicate asks for the new name (empty: “Enter a name for the new
 * campaign.” and nothing is sent; typing hides the message); the action is sent through the step-up
 * confirmation (stepUpConfirmation, invoked as submitAction) with the trimmed name; while it runs the button
 * reads “Duplicating...” and the field is read-only; accepted, the page hears `modal.succeeded` with the
 * done flag; refused, the reason is shown (a refusal naming the name under the field); a closed step-up
 * dialog leaves the modal as it was; an expired one says so under the field. Cancel always asks the page to
 * close the modal.
 */
import { connectModalAction } from '@machines/modalAction/modalAction.connect';
import { modalActionMachine } from '@machines/modalAction/modalAction.machine';
import { defineOracle, expectEqual, expectFields, expectThat, type OracleStep } from '../oracle';
import { fieldMessage, formMessage, sentBy } from './shared';

type Machine = typeof modalActionMachine;

const ID = '00000000-0000-4000-8000-000000000042';
const RECORD = { name: 'Spring Launch', platformNames: ['Meta', 'Google Ads'] };
const NAME_REQUIRED = 'Enter a name for the new campaign.';
const SHIFT_MESSAGE = 'Enter a whole number of days or weeks, at most ten years either way';

/** Spec (issue 28): "Shift dates by" in days or weeks; empty keeps the dates; else a whole number within ten years. */
function shiftDays(shift: string, unit: 'days' | 'weeks'): number | null {
  const text = shift.trim();
  if (text === '') return 0;
  if (!/^[-+]?[0-9]+$/.test(text)) return null;
  const days = Number(text) * (unit === 'weeks' ? 7 : 1);
  return Math.abs(days) <= 3650 ? days : null;
}
const EXPIRED = 'The confirmation took too long and expired. Try again.';

/** The modal's question and buttons once the record is there: not busy. */
const asking = (step: OracleStep<Machine>) =>
  expectFields(
    connectModalAction(step.snapshot, () => {}),
    {
      kind: 'duplicateCampaign',
      phase: 'idle',
      name: RECORD.name,
      platformNames: RECORD.platformNames,
      value: step.context.value,
      isSubmitting: false,
      isLocked: false,
      submitLabel: 'Duplicate',
      // The duplicate says everything under its field.
      businessError: null,
    },
  );

/** How the step-up confirmation ended (the submitAction done event's output). */
const outcomeOf = (step: OracleStep<Machine>) =>
  step.event.output as { status: 'sent' | 'refused' | 'cancelled' | 'expired'; error?: unknown };

export const modalActionOracle = defineOracle(modalActionMachine, {
  always: ({ snapshot, context, event, emitted }) => {
    expectFields(context, { kind: 'duplicateCampaign', id: ID }, 'context');
    // Cancel (from any state) asks the page to close the modal; only success tells the page anything else.
    if (event.type === 'modal.cancel') expectEqual(emitted, [{ type: 'modal.close' }], 'emitted on cancel');
    else if (snapshot.status !== 'done') expectEqual(emitted, [], 'emitted');
  },
  events: {
    // Typing keeps the text as typed and hides the field's message.
    'field.change': ({ context, event }) =>
      expectFields(context, { value: event.value, fieldError: null }, 'context after typing'),
    'shift.change': ({ context, event }) =>
      expectFields(context, { shift: event.value, shiftError: null }, 'context after typing the shift'),
    'shift.unit': ({ context, event }) =>
      expectFields(context, { shiftUnit: event.unit, shiftError: null }, 'context after choosing the unit'),
  },
  states: {
    loading: ({ snapshot }) => {
      // Also after “Try again”: the previous reason is gone while it looks again.
      expectFields(
        connectModalAction(snapshot, () => {}),
        {
          phase: 'loading',
          name: '',
          platformNames: [],
          fieldError: null,
          businessError: null,
          isSubmitting: false,
          isLocked: false,
        },
      );
    },
    notFound: ({ snapshot, event }) => {
      // The lookup found nothing, or the server answered 404.
      if (event.type === 'xstate.done.actor.loadRecord') expectEqual(event.output, null, 'record');
      else expectEqual((event.error as { status?: number }).status, 404, 'status');
      expectFields(
        connectModalAction(snapshot, () => {}),
        { phase: 'notFound', name: '', isSubmitting: false },
      );
    },
    loadFailed: ({ snapshot, event }) => {
      // “Try again” asks again.
      expectEqual(
        sentBy(
          (send) => connectModalAction(snapshot, send),
          (shown) => shown.retry(),
        ),
        [{ type: 'modal.retry' }],
        'Try again sends',
      );
      expectEqual(event.type, 'xstate.error.actor.loadRecord', 'event');
      expectFields(
        connectModalAction(snapshot, () => {}),
        {
          phase: 'loadFailed',
          name: '',
          businessError: formMessage(event.error),
          isSubmitting: false,
        },
      );
    },
    idle: (step) => {
      const { context, event, previous } = step;
      asking(step);
      if (event.type === 'xstate.done.actor.loadRecord') {
        expectEqual(context.record, RECORD, 'record');
        expectFields(context, { value: '', fieldError: null }, 'context when asked');
      } else if (event.type === 'modal.submit') {
        // Nothing sent: the name is empty once trimmed, or the shift is not a number of days or weeks.
        const badShift = shiftDays(context.shift, context.shiftUnit) === null;
        expectThat(context.value.trim() === '' || badShift, `the name "${context.value}" was not sent`);
        expectEqual(context.fieldError, context.value.trim() === '' ? NAME_REQUIRED : null, 'field message');
        expectEqual(context.shiftError, badShift ? SHIFT_MESSAGE : null, 'shift message');
      } else if (event.type === 'xstate.done.actor.submitAction') {
        // Back from the step-up confirmation, the name as typed.
        expectEqual(context.value, previous?.context.value, 'name kept');
        const outcome = outcomeOf(step);
        const shiftRefused =
          outcome.status === 'refused' && fieldMessage(outcome.error, 'shiftDays') !== undefined;
        const expected =
          outcome.status === 'refused'
            ? (fieldMessage(outcome.error, 'name') ?? (shiftRefused ? null : formMessage(outcome.error)))
            : outcome.status === 'expired'
              ? EXPIRED
              : null;
        expectThat(outcome.status !== 'sent', 'an accepted action back in idle');
        expectEqual(context.fieldError, expected, `field message after ${outcome.status}`);
        expectEqual(context.shiftError, shiftRefused ? SHIFT_MESSAGE : null, 'shift message');
      }
    },
    submitting: ({ snapshot, context }) => {
      expectFields(
        connectModalAction(snapshot, () => {}),
        {
          phase: 'submitting',
          isSubmitting: true,
          isLocked: true,
          submitLabel: 'Duplicating...',
          fieldError: null,
          businessError: null,
        },
      );
      // The step-up confirmation sends the trimmed name, never an empty one.
      const child = (snapshot.children as Record<string, { getSnapshot(): { input?: unknown } } | undefined>)
        .submitAction;
      expectThat(child !== undefined, 'no step-up confirmation running');
      const name = context.value.trim();
      expectThat(name !== '', 'sending an empty name');
      const days = shiftDays(context.shift, context.shiftUnit);
      expectThat(days !== null, 'sending a shift that is not a number of days');
      expectEqual(
        child.getSnapshot().input,
        { request: { kind: 'duplicateCampaign', id: ID, name, shiftDays: days } },
        'request',
      );
    },
    succeeded: (step) => {
      const { snapshot, emitted } = step;
      expectEqual(outcomeOf(step).status, 'sent', 'outcome');
      expectEqual(snapshot.status, 'done', 'status');
      // The copy's id comes with it, for "Open the copy".
      const response = (outcomeOf(step) as { response?: { campaignId?: string } }).response;
      expectEqual(
        emitted,
        [
          {
            type: 'modal.succeeded',
            flag: 'campaignDuplicated',
            ...(response?.campaignId ? { createdId: response.campaignId } : {}),
          },
        ],
        'emitted',
      );
      expectFields(
        connectModalAction(snapshot, () => {}),
        { phase: 'succeeded', isLocked: true, isSubmitting: false },
      );
    },
  },
});
