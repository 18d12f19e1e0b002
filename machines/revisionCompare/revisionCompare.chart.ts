import type { RevisionDiff } from '@contract/planning/revisionSnapshot';
import type { RevisionSummary } from '@contract/revisions';
import { defineChart } from '../chart';
import { revisionCompareMachine } from './revisionCompare.machine';
import type { RevisionComparisonData } from './revisionCompare.types';

const revision = (number: number, status: RevisionSummary['status']): RevisionSummary => ({
  number,
  status,
  hash: String(number).repeat(64),
  createdAt: '2026-11-20T09:00:00.000Z',
  createdBy: { id: '00000000-0000-4000-8000-0000000000d1', email: 'demo@flightplan.test', name: 'Dana Demo' },
  approvers: [],
});
const nothing = { added: [], removed: [], changed: [] };
const empty: RevisionDiff = {
  overview: [],
  budget: [],
  audience: [],
  totals: [],
  platforms: nothing,
  lineItems: nothing,
  ads: nothing,
};
const data = (diff: RevisionDiff): RevisionComparisonData => ({
  campaign: { id: 'campaign-1', name: 'Spring Sale', currency: 'EUR' },
  from: revision(1, 'superseded'),
  to: revision(2, 'in_review'),
  diff,
  interestNames: {},
  revisions: [revision(3, 'draft'), revision(2, 'in_review'), revision(1, 'superseded')],
});

export const revisionCompareChart = defineChart({
  name: 'revisionCompare',
  title: 'Comparing two revisions of a plan',
  machine: revisionCompareMachine,
  description: revisionCompareMachine.root.description ?? '',
  input: { campaignId: 'campaign-1', from: 1, to: 2 },
  events: [
    {
      type: 'xstate.done.actor.loadComparison',
      output: data({
        ...empty,
        overview: [{ field: 'endDate', before: '2026-12-31', after: '2026-12-24' }],
        totals: [{ field: 'plannedMinor', before: 500_000, after: 620_000 }],
      }),
    },
    { type: 'xstate.done.actor.loadComparison', output: data(empty) },
    { type: 'xstate.error.actor.loadComparison', error: { status: 404, message: 'Revision 7 not found' } },
    { type: 'xstate.error.actor.loadComparison', error: new TypeError('Failed to fetch') },
    { type: 'retry' },
    { type: 'pair.choose', from: 1, to: 3 },
    { type: 'pair.choose', from: 1, to: 2 },
  ],
});
