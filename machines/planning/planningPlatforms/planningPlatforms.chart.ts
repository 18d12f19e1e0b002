import { defineChart } from '../../chart';
import {
  SAMPLE_COMPLETE_PLAN,
  SAMPLE_LIVE_PLAN,
  SAMPLE_RULES,
  SAMPLE_TODAY,
} from '../planningWizard/planningWizard.samples';
import { leftOf, platformsIssues } from './planningPlatforms.logic';
import { planningPlatformsMachine, shownPlatformsIssues } from './planningPlatforms.machine';
import type { PlanningPlatformsContext } from './planningPlatforms.types';

const summarize = (context: PlanningPlatformsContext) => ({
  platforms: context.values.platforms,
  mode: context.values.splitMode,
  left: Math.sign(leftOf(context.values)),
  invalid: Object.keys(platformsIssues(context)).length,
  shown: Object.keys(shownPlatformsIssues(context)).length,
});

export const planningPlatformsChart = defineChart({
  name: 'planningPlatforms',
  title: 'Planning wizard: platforms and budget step',
  machine: planningPlatformsMachine,
  description: planningPlatformsMachine.root.description ?? '',
  input: {
    plan: SAMPLE_COMPLETE_PLAN,
    rules: SAMPLE_RULES,
    today: SAMPLE_TODAY,
    draft: null,
    readOnly: false,
  },
  abstractContext: summarize,
  events: [
    { type: 'platform.toggle', platform: 'tiktok', selected: true },
    { type: 'platform.toggle', platform: 'meta', selected: false },
    { type: 'budget.change', value: '1500' },
    { type: 'budget.change', value: 'lots' },
    { type: 'split.mode', mode: 'percent' },
    { type: 'split.mode', mode: 'amount' },
    { type: 'split.evenly' },
    { type: 'amount.change', platform: 'meta', value: '900' },
    { type: 'percent.change', platform: 'meta', value: '60' },
    { type: 'bid.change', platform: 'meta', strategy: 'cost_cap' },
    { type: 'costCap.change', platform: 'meta', value: '2.50' },
    { type: 'step.showErrors' },
    { type: 'step.serverErrors', errors: { budgetMinor: 'Enter a budget above zero' } },
    { type: 'step.saved', plan: SAMPLE_COMPLETE_PLAN },
    { type: 'step.reset', plan: SAMPLE_COMPLETE_PLAN },
    { type: 'step.reset', plan: SAMPLE_LIVE_PLAN },
  ],
});
