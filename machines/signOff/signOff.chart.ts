import { defineChart } from '../chart';
import { signOffMachine } from './signOff.machine';
import type { RevisionDetail } from './signOff.types';

const cleo = { id: 'u-client', email: 'cleo@client.example', name: 'Cleo Client' };
const pia = { id: 'u-planner', email: 'pia@agency.example', name: 'Pia Planner' };

const review = (status: RevisionDetail['revision']['status']): RevisionDetail => ({
  campaign: { id: 'c-1', name: 'Spring Launch', currency: 'EUR' },
  revision: {
    number: 2,
    status,
    hash: 'a'.repeat(64),
    createdAt: '2026-11-27T09:00:00.000Z',
    createdBy: pia,
    approvers: [cleo],
    ...(status === 'approved'
      ? {
          decidedAt: '2026-11-28T09:00:00.000Z',
          decidedBy: cleo,
          decidedName: 'Cleo Client',
          decidedMethod: 'EMAIL_OTP',
        }
      : {}),
  },
  snapshot: {
    overview: {
      name: 'Spring Launch',
      currency: 'EUR',
      startDate: '2027-03-01',
      endDate: '2027-03-31',
      budgetMinor: 300_000,
    },
    budget: {},
    audience: {},
    totals: { budgetMinor: 300_000, plannedMinor: 300_000, 'platform:meta': 300_000 },
    platforms: [
      { key: 'meta', amountMinor: 300_000, position: 0, bidStrategy: 'lowest_cost', costCapMinor: null },
    ],
    lineItems: [
      {
        key: 'f-1',
        platform: 'meta',
        startDate: '2027-03-01',
        endDate: '2027-03-31',
        amountMinor: 300_000,
        pacing: 'even',
      },
    ],
    ads: [],
  },
  context: {
    customerName: 'Acme Outdoor',
    objective: 'Traffic',
    budget: null,
    assets: [],
    isCurrent: true,
    interestNames: {},
  },
});

export const signOffChart = defineChart({
  name: 'signOff',
  title: 'Plan sign-off',
  machine: signOffMachine,
  description: signOffMachine.root.description ?? '',
  input: { campaignId: 'c-1', number: 2, userId: 'u-client', canDecide: true },
  events: [
    { type: 'xstate.done.actor.loadReview', output: review('in_review') },
    { type: 'xstate.done.actor.loadReview', output: review('approved') },
    { type: 'xstate.error.actor.loadReview', error: { status: 404, message: 'Revision not found' } },
    { type: 'retry' },
    { type: 'name.change', value: 'Cleo Client' },
    { type: 'approve' },
    { type: 'xstate.done.actor.approveRevision', output: { status: 'sent', response: null } },
    {
      type: 'xstate.done.actor.approveRevision',
      output: {
        status: 'refused',
        error: {
          status: 400,
          message: 'Type your full name as on your account (Cleo Client) to approve',
          validationErrors: {
            name: { message: 'Type your full name as on your account (Cleo Client) to approve' },
          },
        },
      },
    },
    { type: 'xstate.done.actor.approveRevision', output: { status: 'cancelled' } },
    { type: 'xstate.done.actor.approveRevision', output: { status: 'expired' } },
    { type: 'changes.start' },
    { type: 'comment.change', value: 'Keep the end date at the 31st' },
    { type: 'changes.send' },
    { type: 'changes.cancel' },
    { type: 'xstate.done.actor.requestChanges', output: { number: 2, status: 'changes_requested' } },
    {
      type: 'xstate.error.actor.requestChanges',
      error: {
        status: 409,
        message: 'Revision 2 was replaced by a later revision: it can’t be decided now',
        errorCode: 'REVISION_NOT_AWAITING_DECISION',
      },
    },
    { type: 'notice.dismiss' },
  ],
});
