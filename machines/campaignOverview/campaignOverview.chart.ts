import { defineChart } from '../chart';
import { campaignOverviewMachine, validateOverview } from './campaignOverview.machine';
import type { CampaignOverviewContext } from './campaignOverview.types';

/**
 * How far the form is from valid (how many fields still fail the rules), which objective, whether
 * messages show and whether the last refusal asks for an upgrade: enough to tell the form's states apart, few enough to keep the paths short.
 */
const summarize = (context: CampaignOverviewContext) => ({
  objectiveId: context.values.objectiveId,
  invalid: Object.keys(validateOverview(context.values)).length,
  shown: Object.keys(context.fieldErrors).length > 0,
  formError: context.formError !== null,
  upgrade: context.failure?.errorCode === 'REQUIRES_UPGRADE',
  saved: context.campaignId !== null,
});

export const campaignOverviewChart = defineChart({
  name: 'campaignOverview',
  title: 'Planning overview: a new campaign',
  machine: campaignOverviewMachine,
  description: campaignOverviewMachine.root.description ?? '',
  input: { objectiveId: 2 },
  abstractContext: summarize,
  events: [
    { type: 'field.change', field: 'name', value: 'Autumn Push' },
    { type: 'field.change', field: 'startDate', value: '2099-09-01' },
    { type: 'field.change', field: 'endDate', value: '2099-09-30' },
    { type: 'field.change', field: 'budget', value: '2500.50' },
    { type: 'field.change', field: 'budget', value: 'a lot' },
    { type: 'objective.select', objectiveId: 1 },
    { type: 'platform.toggle', platform: 'meta', selected: true },
    { type: 'platform.toggle', platform: 'meta', selected: false },
    { type: 'form.submit' },
    {
      type: 'xstate.done.actor.saveOverview',
      output: { campaignId: '00000000-0000-4000-8000-00000000beef' },
    },
    {
      type: 'xstate.error.actor.saveOverview',
      error: {
        status: 400,
        message: 'customerId: Customer not found',
        validationErrors: { customerId: { message: 'Customer not found' } },
      },
    },
    {
      type: 'xstate.error.actor.saveOverview',
      error: {
        status: 403,
        message: 'Your plan does not include campaigns. Upgrade to use it.',
        errorCode: 'REQUIRES_UPGRADE',
      },
    },
    { type: 'xstate.error.actor.saveOverview', error: new TypeError('Failed to fetch') },
  ],
});
