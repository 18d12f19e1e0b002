/**
 * What each state of the sign-off page promises (issue 27), from the issue: only an approver the revision
 * names, while it waits, may decide; Approve needs their full name and goes through “Confirm it’s you”;
 * Request changes needs a comment; a refusal is said next to the field it names, or above the form.
 */
import { connectSignOff } from '@machines/signOff/signOff.connect';
import { signOffMachine } from '@machines/signOff/signOff.machine';
import { defineOracle, expectEqual, expectFields, expectThat, type OracleCheck } from '../oracle';
import { fieldMessage, formMessage, sentBy } from './shared';

type Machine = typeof signOffMachine;
type Step = Parameters<OracleCheck<Machine>>[0];

const view = (step: Step) => connectSignOff(step.snapshot, () => {});
const EXPIRED = 'The confirmation took too long and expired. Try again.';

/** Spec: asked = the member may sign off, the revision waits, and it names them. */
const asked = ({ context }: Step) =>
  context.canDecide &&
  context.review?.revision.status === 'in_review' &&
  context.review.revision.approvers.some((a) => a.id === context.userId);

const ready: OracleCheck<Machine> = (step) => {
  const { context, event, previous } = step;
  const shown = view(step);
  expectFields(shown, {
    isLoading: false,
    loadError: null,
    isAsked: asked(step),
    isApproving: false,
    isWritingChanges: false,
  });
  const status = context.review!.revision.status;
  expectEqual(
    shown.headline,
    `Revision ${context.review!.revision.number} · ${
      asked(step)
        ? 'Waiting for your approval'
        : {
            draft: 'Draft (not sent for approval)',
            in_review: 'Waiting for approval',
            approved: 'Approved',
            changes_requested: 'Changes requested',
            superseded: 'Replaced by a later revision',
          }[status]
    }`,
    'headline',
  );
  switch (event.type) {
    case 'approve':
      expectEqual(context.nameError, 'Type your full name to approve', 'the name is asked for');
      expectEqual(context.name.trim(), '', 'only an empty name stays here');
      break;
    case 'xstate.done.actor.approveRevision': {
      const output = event.output as { status: string; error?: unknown };
      if (output.status === 'refused') {
        const field = fieldMessage(output.error, 'name');
        expectEqual(context.nameError, field ?? null, 'name message');
        expectEqual(context.error, field ? null : formMessage(output.error), 'form message');
      } else if (output.status === 'expired') expectEqual(context.error, EXPIRED, 'expired');
      else expectFields(context, { error: null, nameError: null });
      expectEqual(context.name, previous!.context.name, 'the name typed is kept');
      break;
    }
    case 'changes.cancel':
      expectFields(context, { comment: '', commentError: null });
      break;
    case 'notice.dismiss':
      expectEqual(context.notice, null, 'notice');
      break;
    default:
      break;
  }
  if (asked(step))
    expectEqual(
      sentBy(
        (send) => connectSignOff(step.snapshot, send),
        (v) => {
          v.changeName('Cleo');
          v.approve();
          v.startChanges();
        },
      ),
      [{ type: 'name.change', value: 'Cleo' }, { type: 'approve' }, { type: 'changes.start' }],
      'the decision form sends',
    );
};

export const signOffOracle = defineOracle(signOffMachine, {
  events: {
    'name.change': ({ context, event, previous }) => {
      if (asked({ context: previous!.context } as Step))
        expectFields(context, { name: event.value, nameError: null });
      else expectEqual(context.name, previous!.context.name, 'nobody else types a name');
    },
    'xstate.done.actor.loadReview': ({ context, event }) => {
      expectEqual(context.review, event.output, 'the revision from the server');
    },
  },
  states: {
    loading: (step) => {
      const shown = view(step);
      expectEqual(shown.isLoading, step.context.review === null, 'loading shows until the first answer');
      if (step.event.type === 'xstate.done.actor.approveRevision')
        expectEqual(step.context.notice, `You approved revision ${step.context.number}.`, 'notice');
      if (step.event.type === 'xstate.done.actor.requestChanges')
        expectEqual(step.context.notice, 'Sent back to the planner with your comment.', 'notice');
    },
    loadFailed: (step) => {
      expectEqual(
        view(step).loadError,
        formMessage((step.event as unknown as { error: unknown }).error),
        'why',
      );
      expectEqual(
        sentBy(
          (send) => connectSignOff(step.snapshot, send),
          (v) => v.retry(),
        ),
        [{ type: 'retry' }],
        'Try again sends',
      );
    },
    ready,
    approving: (step) => {
      expectThat(asked(step), 'only an asked approver approves');
      expectThat(step.context.name.trim() !== '', 'approved without a name');
      expectFields(view(step), { isApproving: true, nameError: null, error: null });
    },
    writingChanges: (step) => {
      const { context, event } = step;
      expectThat(asked(step), 'only an asked approver sends it back');
      expectFields(view(step), { isWritingChanges: true, isSendingChanges: false });
      if (event.type === 'changes.send')
        expectEqual(context.commentError, 'Say what should change', 'a comment is asked for');
      if (event.type === 'xstate.error.actor.requestChanges') {
        const field = fieldMessage(event.error, 'comment');
        expectEqual(context.commentError, field ?? null, 'comment message');
        expectEqual(context.error, field ? null : formMessage(event.error), 'form message');
      }
    },
    sendingChanges: (step) => {
      expectThat(step.context.comment.trim() !== '', 'sent without a comment');
      expectFields(view(step), { isSendingChanges: true, isWritingChanges: true });
    },
  },
});
