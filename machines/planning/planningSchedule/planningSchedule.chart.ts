import { defineChart } from '../../chart';
import { SAMPLE_PLAN, SAMPLE_RULES, SAMPLE_TODAY } from '../planningAudience/planningAudience.samples';
import { planningScheduleMachine } from './planningSchedule.machine';
import type { PlanningScheduleContext } from './planningSchedule.types';
import { scheduleIssues, visibleScheduleErrors } from './planningSchedule.values';

/** Whether the schedule passes, whether messages show, and how many flights: enough to tell the steps apart. */
const summarize = (context: PlanningScheduleContext) => ({
  readOnly: context.readOnly,
  valid: Object.keys(scheduleIssues(context)).length === 0,
  shown: Object.keys(visibleScheduleErrors(context)).length > 0,
  flights: Math.min(context.values.flights.length, 4),
  version: context.plan?.campaign.version ?? null,
});

const META_FLIGHT = '00000000-0000-4000-8000-0000000000f1';
const TIKTOK_FLIGHT = '00000000-0000-4000-8000-0000000000f2';
const flight = (id: string, platform: string, amountMinor: number) => ({
  id,
  platform,
  startDate: '2099-03-02',
  endDate: '2099-03-15',
  amountMinor,
  pacing: 'even' as const,
  bookingId: null,
  bookingStatus: 'tentative' as const,
});
const SAVED = {
  ...SAMPLE_PLAN,
  campaign: { ...SAMPLE_PLAN.campaign, version: 4 },
  flights: [flight(META_FLIGHT, 'meta', 200_000), flight(TIKTOK_FLIGHT, 'tiktok', 100_000)],
};

export const planningScheduleChart = defineChart({
  name: 'planningSchedule',
  title: 'Planning wizard: the schedule step',
  machine: planningScheduleMachine,
  description: planningScheduleMachine.root.description ?? '',
  input: { plan: SAMPLE_PLAN, rules: SAMPLE_RULES, today: SAMPLE_TODAY, draft: null, readOnly: false },
  abstractContext: summarize,
  events: [
    { type: 'campaign.change', field: 'startDate', value: '2099-03-09' },
    { type: 'campaign.change', field: 'endDate', value: '2099-03-01' },
    { type: 'flight.change', key: 'default-meta', field: 'amount', value: '1500' },
    { type: 'flight.change', key: 'default-meta', field: 'amount', value: 'lots' },
    { type: 'flight.change', key: 'default-meta', field: 'startDate', value: '2099-03-20' },
    { type: 'flight.change', key: 'default-tiktok', field: 'pacing', value: 'front_loaded' },
    { type: 'flight.add', platform: 'meta' },
    { type: 'flight.remove', key: 'default-tiktok' },
    { type: 'flight.fillRemaining', key: 'default-meta' },
    { type: 'step.showErrors' },
    { type: 'step.serverErrors', errors: { 'flights.0.amountMinor': 'That amount is too large' } },
    { type: 'step.saved', plan: SAVED },
    { type: 'step.reset', plan: SAVED },
    {
      type: 'step.reset',
      plan: { ...SAVED, campaign: { ...SAVED.campaign, status: 'active' }, editableSteps: ['overview'] },
    },
  ],
});
