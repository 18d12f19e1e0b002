/** What each state of the campaign page's “Revisions” tab promises (issue 27). */
import { connectRevisionHistory } from '@machines/revisionHistory/revisionHistory.connect';
import { revisionHistoryMachine } from '@machines/revisionHistory/revisionHistory.machine';
import { defineOracle, expectEqual, expectFields, expectThat, type OracleCheck } from '../oracle';
import { fieldMessage, formMessage, NETWORK_MESSAGE, sentBy } from './shared';

type Machine = typeof revisionHistoryMachine;
type Step = Parameters<OracleCheck<Machine>>[0];

/** Spec: the statuses in words. */
const LABELS: Record<string, string> = {
  draft: 'Draft',
  in_review: 'Waiting for approval',
  approved: 'Approved',
  changes_requested: 'Changes requested',
  superseded: 'Superseded',
};

const view = (step: Step) => connectRevisionHistory(step.snapshot, () => {});
const hasDraft = (step: Step) => step.context.revisions.some((r) => r.status === 'draft');

/** Spec: the list as the server gave it, newest first, each with its review page and comparison. */
function expectRows(step: Step) {
  const { context } = step;
  const shown = view(step);
  expectEqual(
    shown.rows.map((r) => [r.number, r.statusLabel, r.openHref, r.compareHref]),
    context.revisions.map((r) => [
      r.number,
      LABELS[r.status],
      `/campaigns/${context.campaignId}/revisions/${r.number}`,
      r.number > 1 ? `/campaigns/${context.campaignId}/revisions/${r.number - 1}/compare/${r.number}` : null,
    ]),
    'rows',
  );
  expectEqual(shown.showSend, hasDraft(step), '“Send for approval” while there is a draft');
  for (const [i, row] of shown.rows.entries()) {
    const revision = context.revisions[i]!;
    if (revision.status === 'approved')
      expectThat(row.decision?.kind === 'approved', 'an approved revision says who approved it');
    if (revision.status === 'changes_requested')
      expectEqual(
        row.decision,
        {
          kind: 'changesRequested',
          by: revision.decidedBy?.name ?? 'an approver',
          comment: revision.comment ?? null,
          at: revision.decidedAt ?? null,
        },
        'the comment is shown',
      );
    if (revision.status === 'approved' && revision.decidedMethod === 'AUTHENTICATOR_APP')
      expectEqual(
        row.decision?.kind === 'approved' && row.decision.method,
        'authenticator app',
        'method in words',
      );
  }
}

const dialog = (step: Step) => {
  const shown = view(step).dialog;
  expectThat(shown !== null, 'the dialog is open');
  return shown;
};

export const revisionHistoryOracle = defineOracle(revisionHistoryMachine, {
  always: (step) => {
    const { context } = step;
    expectThat(
      context.chosen.every((id) => context.approvers.some((a) => a.id === id)),
      'only listed approvers are chosen',
    );
  },
  events: {
    'xstate.done.actor.loadRevisions': ({ context, event }) =>
      expectEqual(context.revisions, event.output, 'revisions from the server'),
    'xstate.done.actor.loadApprovers': ({ context, event }) => {
      const approvers = event.output as { id: string; isDefault: boolean }[];
      expectEqual(
        context.chosen,
        approvers.filter((a) => a.isDefault).map((a) => a.id),
        'clients ticked',
      );
    },
    'xstate.done.actor.submitRevision': ({ context, event, previous }) => {
      const before = previous!.context;
      const names = before.approvers.filter((a) => before.chosen.includes(a.id)).map((a) => a.name);
      const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0];
      const number = (event.output as { number: number }).number;
      expectEqual(
        context.notice,
        { tone: 'success', text: `Revision ${number} sent to ${list} for approval` },
        'sent notice',
      );
    },
    'xstate.error.actor.submitRevision': ({ context, event }) => {
      if ((event.error as { errorCode?: string }).errorCode === 'REVISION_UNCHANGED') {
        expectEqual(context.notice, { tone: 'info', text: formMessage(event.error) }, 'nothing changed');
        return;
      }
      const field = fieldMessage(event.error, 'approverIds');
      expectEqual(context.approverIdsError, field ?? null, 'under the list');
      expectEqual(context.sendError, field ? null : formMessage(event.error), 'above the list');
    },
    'xstate.done.actor.refreshRevisions': ({ context, event }) =>
      expectEqual(context.revisions, event.output, 'the list read again'),
    'xstate.error.actor.refreshRevisions': ({ context, previous }) => {
      expectEqual(context.revisions, previous!.context.revisions, 'the list shown stays');
      expectEqual(context.notice, previous!.context.notice, 'the notice stays');
    },
    'notice.dismiss': ({ context }) => expectEqual(context.notice, null, 'notice gone'),
  },
  states: {
    loading: (step) => {
      expectFields(view(step), { isLoading: true, loadError: null, rows: [], dialog: null, showSend: false });
    },
    failed: (step) => {
      expectFields(view(step), { isLoading: false, loadError: NETWORK_MESSAGE, dialog: null });
      expectEqual(
        sentBy(
          (send) => connectRevisionHistory(step.snapshot, send),
          (shown) => shown.retry(),
        ),
        [{ type: 'retry' }],
        'Try again sends',
      );
    },
    ready: (step) => {
      expectFields(view(step), { isLoading: false, loadError: null, dialog: null });
      expectRows(step);
      if (step.event.type === 'send.cancel') expectEqual(step.context.notice, null, 'cancel sends nothing');
    },
    'sendDialog.loadingApprovers': (step) => {
      expectThat(step.context.canSubmit && hasDraft(step), 'opened without the right or a draft');
      expectFields(dialog(step), { isLoading: true, approvers: [], isSending: false });
      expectEqual(view(step).notice, null, 'the old notice is gone');
    },
    'sendDialog.approversFailed': (step) => {
      expectFields(dialog(step), { isLoading: false, loadError: step.context.approversError });
      expectThat(step.context.approversError !== null, 'the reason is shown');
    },
    'sendDialog.choosing': (step) => {
      const { context, event } = step;
      const shown = dialog(step);
      expectFields(shown, { isLoading: false, loadError: null, isSending: false, sendLabel: 'Send' });
      expectEqual(
        shown.approvers.map((a) => [a.id, a.checked]),
        context.approvers.map((a) => [a.id, context.chosen.includes(a.id)]),
        'checkboxes',
      );
      if (event.type === 'send.confirm') {
        expectEqual(context.chosen, [], 'only sent with nobody chosen');
        expectEqual(shown.approverIdsError, 'Choose at least one approver', 'asks to choose');
      }
      if (event.type === 'approver.toggle') {
        const before = step.previous!.context;
        const id = event.id as string;
        if (before.approvers.some((a) => a.id === id))
          expectEqual(context.chosen.includes(id), !before.chosen.includes(id), 'toggled');
        else expectEqual(context.chosen, before.chosen, 'an unknown id changes nothing');
      }
    },
    'sendDialog.sending': (step) => {
      expectThat(step.context.chosen.length > 0, 'sent with nobody chosen');
      expectFields(dialog(step), {
        isSending: true,
        sendLabel: 'Sending…',
        error: null,
        approverIdsError: null,
      });
    },
    refreshing: (step) => {
      expectEqual(view(step).dialog, null, 'the dialog closed');
      expectThat(step.context.notice !== null, 'a notice says what happened');
    },
  },
});
