import type { PlanChange } from '@contract/planning';
import { defineChart } from '../chart';
import { liveChangeMachine } from './liveChange.machine';

const HASH = 'a'.repeat(64);
const LIVE = 'b'.repeat(64);
const platform = (key: string, name: string, side: Partial<PlanChange['platforms'][number]> = {}) => ({
  platform: key,
  displayName: name,
  placementStatus: 'active',
  upToDate: true,
  updating: false,
  error: null,
  ...side,
});
const change = (
  state: PlanChange['state'],
  platforms = [platform('meta', 'Meta'), platform('tiktok', 'TikTok')],
): PlanChange => ({
  campaignId: 'c-1',
  state,
  draftHash: state === 'draft' ? HASH : LIVE,
  liveHash: LIVE,
  appliedAt: '2026-11-20T10:00:00.000Z',
  appliedBy: 'Pat Planner',
  interestNames: {},
  diff:
    state === 'draft'
      ? {
          overview: [],
          budget: [],
          audience: [],
          totals: [{ field: 'budgetMinor', before: 200000, after: 240000 }],
          platforms: { added: [], removed: [], changed: [] },
          lineItems: { added: [], removed: [], changed: [] },
          ads: { added: [], removed: [], changed: [] },
        }
      : null,
  platforms,
});

export const LIVE_CHANGE_SAMPLES = {
  none: change('none'),
  draft: change('draft'),
  applying: change('applying', [
    platform('meta', 'Meta', { upToDate: false, updating: true }),
    platform('tiktok', 'TikTok'),
  ]),
  refused: change('refused', [
    platform('meta', 'Meta'),
    platform('tiktok', 'TikTok', {
      upToDate: false,
      error: 'TikTok did not take the change: a budget changes once in 15 minutes.',
    }),
  ]),
};

export const liveChangeChart = defineChart({
  name: 'liveChange',
  title: 'Live campaign: review and apply a change',
  machine: liveChangeMachine,
  description: liveChangeMachine.root.description ?? '',
  input: { campaignId: 'c-1' },
  events: [
    { type: 'xstate.done.actor.loadChange', output: LIVE_CHANGE_SAMPLES.none },
    { type: 'xstate.done.actor.loadChange', output: LIVE_CHANGE_SAMPLES.draft },
    { type: 'xstate.done.actor.loadChange', output: LIVE_CHANGE_SAMPLES.applying },
    { type: 'xstate.done.actor.loadChange', output: LIVE_CHANGE_SAMPLES.refused },
    { type: 'xstate.error.actor.loadChange', error: new TypeError('Failed to fetch') },
    { type: 'retry' },
    { type: 'apply' },
    {
      type: 'xstate.done.actor.applyChange',
      output: { status: 'sent', response: { status: 'applying', hash: HASH } },
    },
    {
      type: 'xstate.done.actor.applyChange',
      output: {
        status: 'refused',
        error: {
          status: 409,
          message: 'The plan was edited since you reviewed it. Review the change again, then apply it.',
        },
      },
    },
    { type: 'xstate.done.actor.applyChange', output: { status: 'cancelled' } },
    { type: 'xstate.done.actor.applyChange', output: { status: 'expired' } },
    { type: 'xstate.after.pollInterval.liveChange.applying' },
    { type: 'notice.dismiss' },
  ],
});
