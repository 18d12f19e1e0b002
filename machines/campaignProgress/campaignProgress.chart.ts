import { defineChart } from '../chart';
import { campaignProgressMachine } from './campaignProgress.machine';
import type { CampaignProgressContext, ProgressDetail } from './campaignProgress.types';

const detail = (campaign: ProgressDetail['status'], platform: 'in_review' | 'active'): ProgressDetail => ({
  id: 'c1',
  name: 'Spring Launch',
  status: campaign,
  customerId: null,
  objectiveId: 1,
  startDate: '2030-03-01',
  endDate: '2030-03-31',
  budgetMinor: 500_000,
  currency: 'EUR',
  failureReason: null,
  platforms: [
    {
      key: 'meta',
      displayName: 'Meta',
      status: platform,
      externalId: platform === 'active' ? 'ext-1' : null,
      lastError: null,
      attempts: 1,
      nextAttemptAt: null,
      updatedAt: '2030-02-01T10:00:00.000Z',
    },
  ],
  updatedAt: '2030-02-01T10:00:00.000Z',
});

const summarize = (context: CampaignProgressContext) => ({
  status: context.detail?.status ?? null,
  failed: context.error !== null,
});

export const campaignProgressChart = defineChart({
  name: 'campaignProgress',
  title: 'Campaign progress on the ad platforms',
  machine: campaignProgressMachine,
  description: campaignProgressMachine.root.description ?? '',
  input: { campaignId: 'c1' },
  abstractContext: summarize,
  selectContext: summarize,
  events: [
    { type: 'progress.retry' },
    { type: 'progress.refresh' },
    { type: 'xstate.done.actor.loadDetail', output: detail('launching', 'in_review') },
    { type: 'xstate.done.actor.loadDetail', output: detail('active', 'active') },
    {
      type: 'xstate.error.actor.loadDetail',
      error: { status: 500, message: 'Sorry, something went wrong.' },
    },
    { type: 'xstate.done.actor.refreshDetail', output: detail('launching', 'in_review') },
    { type: 'xstate.done.actor.refreshDetail', output: detail('active', 'active') },
    { type: 'xstate.error.actor.refreshDetail', error: new TypeError('Failed to fetch') },
    { type: 'xstate.after.pollInterval.campaignProgress.watching.waiting' },
  ],
});
