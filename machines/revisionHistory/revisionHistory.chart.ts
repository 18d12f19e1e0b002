import { defineChart } from '../chart';
import { revisionHistoryMachine } from './revisionHistory.machine';
import type { ApproverCandidate, RevisionSummary } from './revisionHistory.types';

const dana = { id: '00000000-0000-4000-8000-0000000000d1', email: 'demo@flightplan.test', name: 'Dana Demo' };
const cleo = { id: '00000000-0000-4000-8000-0000000000c1', email: 'cleo@client.test', name: 'Cleo Client' };
const max = { id: '00000000-0000-4000-8000-0000000000a1', email: 'max@agency.test', name: 'Max Admin' };
const hash = 'a'.repeat(64);

const approved: RevisionSummary = {
  number: 1,
  status: 'approved',
  hash,
  createdAt: '2026-11-20T09:00:00.000Z',
  createdBy: dana,
  decidedAt: '2026-11-21T10:00:00.000Z',
  decidedBy: cleo,
  decidedName: 'Cleo Client',
  decidedMethod: 'AUTHENTICATOR_APP',
  comment: null,
  approvers: [cleo],
};
const draft: RevisionSummary = {
  number: 2,
  status: 'draft',
  hash: 'b'.repeat(64),
  createdAt: '2026-11-28T09:00:00.000Z',
  createdBy: null,
  approvers: [],
};
const sent: RevisionSummary = { ...draft, status: 'in_review', createdBy: dana, approvers: [cleo] };
const candidates: ApproverCandidate[] = [
  { ...cleo, role: 'client', isDefault: true },
  { ...max, role: 'admin', isDefault: false },
];

export const revisionHistoryChart = defineChart({
  name: 'revisionHistory',
  title: 'Campaign revisions: history and send for approval',
  machine: revisionHistoryMachine,
  description: revisionHistoryMachine.root.description ?? '',
  input: { campaignId: 'campaign-1', canSubmit: true, submitRefusal: null },
  events: [
    { type: 'xstate.done.actor.loadRevisions', output: [draft, approved] },
    { type: 'xstate.done.actor.loadRevisions', output: [approved] },
    { type: 'xstate.error.actor.loadRevisions', error: new TypeError('Failed to fetch') },
    { type: 'retry' },
    { type: 'send.open' },
    { type: 'send.cancel' },
    { type: 'xstate.done.actor.loadApprovers', output: candidates },
    {
      type: 'xstate.error.actor.loadApprovers',
      error: { status: 500, message: 'Sorry, something went wrong.' },
    },
    { type: 'approvers.retry' },
    { type: 'approver.toggle', id: cleo.id },
    { type: 'approver.toggle', id: max.id },
    { type: 'send.confirm' },
    { type: 'xstate.done.actor.submitRevision', output: { number: 2, hash: 'b'.repeat(64) } },
    {
      type: 'xstate.error.actor.submitRevision',
      error: {
        status: 400,
        message: 'Max Admin cannot approve plans',
        validationErrors: { approverIds: { message: 'Max Admin cannot approve plans' } },
      },
    },
    {
      type: 'xstate.error.actor.submitRevision',
      error: {
        status: 409,
        message: 'Nothing changed since revision 1: there is nothing new to send',
        errorCode: 'REVISION_UNCHANGED',
      },
    },
    { type: 'xstate.error.actor.submitRevision', error: new TypeError('Failed to fetch') },
    { type: 'xstate.done.actor.refreshRevisions', output: [sent, approved] },
    { type: 'xstate.error.actor.refreshRevisions', error: new TypeError('Failed to fetch') },
    { type: 'notice.dismiss' },
  ],
});
