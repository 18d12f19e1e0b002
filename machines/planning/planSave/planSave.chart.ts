import { defineChart } from '../../chart';
import {
  SAMPLE_CAMPAIGN_ID,
  SAMPLE_COMPLETE_PLAN,
  SAMPLE_OVERVIEW_PLAN,
} from '../planningWizard/planningWizard.samples';
import { planSaveMachine } from './planSave.machine';
import type { PlanSaveContext } from './planSave.types';

/** What waits to be saved, whether a save is on its way, the version, an error. */
const summarize = (context: PlanSaveContext) => ({
  version: context.version,
  unsaved: context.unsaved
    ? !context.unsaved.valid
      ? 'invalid'
      : (context.unsaved.complete ?? true)
        ? 'valid'
        : 'unfinished'
    : null,
  inFlight: context.inFlight !== null,
  newer: context.unsaved !== null && context.inFlight !== null && context.unsaved !== context.inFlight,
  error: context.error !== null,
});

/** The sample plan's own overview (the wizard's chart samples it too): a valid change retypes it. */
const OVERVIEW = {
  name: 'Spring launch',
  objectiveId: 2,
  customerId: '00000000-0000-4000-8000-0000000000a1',
  currency: 'EUR' as const,
};

export const planSaveChart = defineChart({
  name: 'planSave',
  title: 'Planning wizard: saving the plan',
  machine: planSaveMachine,
  description: planSaveMachine.root.description ?? '',
  input: { campaignId: SAMPLE_CAMPAIGN_ID, version: SAMPLE_OVERVIEW_PLAN.campaign.version },
  abstractContext: summarize,
  events: [
    { type: 'step.changed', step: 'overview', body: OVERVIEW, valid: true },
    { type: 'step.changed', step: 'overview', body: { ...OVERVIEW, name: '' }, valid: false },
    { type: 'step.next' },
    { type: 'step.back' },
    { type: 'step.goto', step: 'schedule' },
    { type: 'xstate.after.saveDebounce.planSave.pending' },
    {
      type: 'xstate.done.actor.saveStep',
      output: { campaignId: SAMPLE_CAMPAIGN_ID, plan: SAMPLE_COMPLETE_PLAN },
    },
    {
      type: 'xstate.error.actor.saveStep',
      error: {
        status: 400,
        message: 'Invalid',
        validationErrors: { name: { message: 'Use at most 200 characters' } },
      },
    },
    {
      type: 'xstate.error.actor.saveStep',
      error: { status: 409, message: 'This plan was changed elsewhere', errorCode: 'PLAN_VERSION_CONFLICT' },
    },
    { type: 'xstate.error.actor.saveStep', error: new TypeError('Failed to fetch') },
    { type: 'save.retry' },
    { type: 'conflict.reload' },
    { type: 'conflict.keepMine' },
    { type: 'xstate.done.actor.loadPlan', output: SAMPLE_COMPLETE_PLAN },
    { type: 'xstate.error.actor.loadPlan', error: new TypeError('Failed to fetch') },
    { type: 'review.saved', plan: SAMPLE_COMPLETE_PLAN },
  ],
});
