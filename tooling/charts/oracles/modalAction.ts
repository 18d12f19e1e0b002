/**
 * What each state of the campaign and customer modals promises (chart input: the delete modal of campaign
 * …42). The spec: the record is looked up (nothing there: “not found” with Cancel; no answer: the reason
 * with “Try again”); the modal asks “Are you sure you want to delete …?”; the action is sent through the
 * step-up confirmation (stepUpConfirmation, invoked as submitAction) with the kind and id; while it runs the
 * button reads “Deleting...”; accepted, the page hears `modal.succeeded` with the done flag; refused, the
 * server's reason is shown; a closed step-up dialog leaves the modal as it was; an expired one says so.
 * Cancel always asks the page to close the modal. (Duplicating has its own chart: duplicateCampaign.)
 */
import { connectModalAction } from '@machines/modalAction/modalAction.connect';
import { modalActionMachine } from '@machines/modalAction/modalAction.machine';
import { defineOracle, expectEqual, expectFields, expectThat, type OracleStep } from '../oracle';
import { formMessage, sentBy } from './shared';

type Machine = typeof modalActionMachine;

const ID = '00000000-0000-4000-8000-000000000042';
const RECORD = { name: 'Spring Launch', platformNames: ['Meta', 'Google Ads'] };
const EXPIRED = 'The confirmation took too long and expired. Try again.';

/** The modal's question and buttons once the record is there: not busy. */
const asking = (step: OracleStep<Machine>) =>
  expectFields(
    connectModalAction(step.snapshot, () => {}),
    {
      kind: 'deleteCampaign',
      phase: 'idle',
      name: RECORD.name,
      platformNames: RECORD.platformNames,
      isSubmitting: false,
      isLocked: false,
      submitLabel: 'Delete',
    },
  );

/** How the step-up confirmation ended (the submitAction done event's output). */
const outcomeOf = (step: OracleStep<Machine>) =>
  step.event.output as {
    status: 'sent' | 'refused' | 'cancelled' | 'expired';
    error?: { businessError?: { message: string } } & Record<string, unknown>;
  };

export const modalActionOracle = defineOracle(modalActionMachine, {
  always: ({ snapshot, context, event, emitted }) => {
    expectFields(context, { kind: 'deleteCampaign', id: ID }, 'context');
    // Cancel (from any state) asks the page to close the modal; only success tells the page anything else.
    if (event.type === 'modal.cancel') expectEqual(emitted, [{ type: 'modal.close' }], 'emitted on cancel');
    else if (snapshot.status !== 'done') expectEqual(emitted, [], 'emitted');
  },
  states: {
    loading: ({ snapshot }) => {
      // Also after “Try again”: the previous reason is gone while it looks again.
      expectFields(
        connectModalAction(snapshot, () => {}),
        { phase: 'loading', name: '', platformNames: [], businessError: null, isSubmitting: false },
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
        { phase: 'loadFailed', name: '', businessError: formMessage(event.error), isSubmitting: false },
      );
    },
    idle: (step) => {
      const { context, event } = step;
      asking(step);
      if (event.type === 'xstate.done.actor.loadRecord') {
        expectEqual(context.record, RECORD, 'record');
        expectEqual(context.businessError, null, 'message when asked');
      } else if (event.type === 'xstate.done.actor.submitAction') {
        const outcome = outcomeOf(step);
        expectThat(outcome.status !== 'sent', 'an accepted action back in idle');
        const expected =
          outcome.status === 'refused'
            ? (outcome.error?.businessError?.message ?? formMessage(outcome.error))
            : outcome.status === 'expired'
              ? EXPIRED
              : null;
        expectEqual(context.businessError, expected, `message after ${outcome.status}`);
      }
    },
    submitting: ({ snapshot }) => {
      expectFields(
        connectModalAction(snapshot, () => {}),
        {
          phase: 'submitting',
          isSubmitting: true,
          isLocked: true,
          submitLabel: 'Deleting...',
          businessError: null,
        },
      );
      const child = (snapshot.children as Record<string, { getSnapshot(): { input?: unknown } } | undefined>)
        .submitAction;
      expectThat(child !== undefined, 'no step-up confirmation running');
      expectEqual(child.getSnapshot().input, { request: { kind: 'deleteCampaign', id: ID } }, 'request');
    },
    succeeded: (step) => {
      const { snapshot, emitted } = step;
      expectEqual(outcomeOf(step).status, 'sent', 'outcome');
      expectEqual(snapshot.status, 'done', 'status');
      expectEqual(emitted, [{ type: 'modal.succeeded', flag: 'campaignDeleted' }], 'emitted');
      expectFields(
        connectModalAction(snapshot, () => {}),
        { phase: 'succeeded', isLocked: true, isSubmitting: false },
      );
    },
  },
});
