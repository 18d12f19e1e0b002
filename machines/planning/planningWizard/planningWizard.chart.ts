import { defineChart } from '../../chart';
import { planningWizardMachine } from './planningWizard.machine';
import {
  SAMPLE_CAMPAIGN_ID,
  SAMPLE_COMPLETE_PLAN,
  SAMPLE_OVERVIEW_PLAN,
  SAMPLE_RULES_LIST,
  SAMPLE_TODAY,
} from './planningWizard.samples';
import type { PlanningWizardContext } from './planningWizard.types';

/** Which step, whether the plan is complete, what waits to be saved and where Next goes. */
const summarize = (context: PlanningWizardContext) => ({
  step: context.step,
  version: context.plan?.campaign.version ?? null,
  unsaved: context.unsaved
    ? !context.unsaved.valid
      ? 'invalid'
      : (context.unsaved.complete ?? true)
        ? 'valid'
        : 'unfinished'
    : null,
  drafts: Object.keys(context.drafts).sort(),
  advanceTo: context.advanceTo,
  error: context.error !== null,
});

/** The sample plans' own overview: a valid change retypes it. */
export const OVERVIEW = {
  name: 'Spring launch',
  objectiveId: 2,
  customerId: '00000000-0000-4000-8000-0000000000a1',
  currency: 'EUR' as const,
};

export const planningWizardChart = defineChart({
  name: 'planningWizard',
  title: 'Planning wizard: the media plan, step by step',
  machine: planningWizardMachine,
  description: planningWizardMachine.root.description ?? '',
  input: { campaignId: SAMPLE_CAMPAIGN_ID, step: 'overview', today: SAMPLE_TODAY },
  abstractContext: summarize,
  events: [
    {
      type: 'xstate.done.actor.loadWizard',
      output: { plan: SAMPLE_COMPLETE_PLAN, rules: SAMPLE_RULES_LIST },
    },
    {
      type: 'xstate.done.actor.loadWizard',
      output: { plan: SAMPLE_OVERVIEW_PLAN, rules: SAMPLE_RULES_LIST },
    },
    { type: 'xstate.error.actor.loadWizard', error: { status: 404, message: 'Not found' } },
    { type: 'xstate.error.actor.loadWizard', error: new TypeError('Failed to fetch') },
    { type: 'load.retry' },
    { type: 'step.changed', step: 'overview', body: OVERVIEW, valid: true },
    { type: 'step.changed', step: 'overview', body: { ...OVERVIEW, name: '' }, valid: false },
    { type: 'step.next' },
    { type: 'step.back' },
    { type: 'step.goto', step: 'schedule' },
    { type: 'step.goto', step: 'review' },
    { type: 'url.changed', step: 'overview' },
    { type: 'url.changed', step: 'audience' },
    { type: 'save.retry' },
    { type: 'conflict.reload' },
    { type: 'conflict.keepMine' },
    // The saving's (planSave) reports: the valid overview saved, refused, not saved, and after a conflict.
    {
      type: 'save.saved',
      campaignId: SAMPLE_CAMPAIGN_ID,
      plan: SAMPLE_COMPLETE_PLAN,
      step: 'overview',
      body: OVERVIEW,
      settled: true,
      created: false,
    },
    {
      type: 'save.refused',
      change: { step: 'overview', body: OVERVIEW, valid: false, complete: false },
      errors: { name: 'Use at most 200 characters' },
    },
    { type: 'save.failed', conflict: false },
    { type: 'save.failed', conflict: true },
    { type: 'save.reloaded', plan: SAMPLE_COMPLETE_PLAN },
    { type: 'save.rebased', plan: SAMPLE_COMPLETE_PLAN },
    { type: 'review.saved', plan: SAMPLE_COMPLETE_PLAN },
  ],
});
