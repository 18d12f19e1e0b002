/** What each state of the planning overview promises (chart input: objective 2 picked in the modal). */
import { connectCampaignOverview } from '../../../machines/campaignOverview/campaignOverview.connect';
import { campaignOverviewMachine } from '../../../machines/campaignOverview/campaignOverview.machine';
import { expectEqual, expectFields, type OracleStep } from '../../paths/oracle';
import { fieldChange, formSubmitOracle, isRefusal } from './formSubmit';

const view = (step: OracleStep) => connectCampaignOverview(step.snapshot as never, () => {});
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Spec: an amount is digits with at most two decimals; '' counts as zero. In cents, or null. */
export function cents(text: string): number | null {
  const amount = text.trim();
  if (amount === '') return 0;
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(amount);
  return match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : null;
}

/** The page's notices: the last refusal (errorCode and message), none for no answer or after an edit. */
const failureOf = (step: OracleStep) => {
  const { error } = step.event;
  return isRefusal(error) ? { errorCode: error.errorCode, message: error.message } : null;
};

export const campaignOverviewOracle = formSubmitOracle(campaignOverviewMachine, {
  view,
  fields: ['name', 'objectiveId', 'customerId', 'platforms', 'startDate', 'endDate', 'budget', 'currency'],
  initialValues: {
    name: '',
    objectiveId: 2,
    customerId: '',
    platforms: [],
    startDate: '',
    endDate: '',
    budget: '',
    currency: 'EUR',
  },
  labels: {
    editing: 'Continue to review',
    submitting: 'Saving…',
    failed: 'Continue to review',
    succeeded: 'Saving…',
  },
  actor: 'saveOverview',
  // A name, at least one platform, both dates with the end on or after the start, a budget above zero
  // written as an amount.
  messagesFor: (values) => {
    const messages: Record<string, string> = {};
    if ((values.name as string).trim() === '') messages.name = 'Enter a campaign name';
    if ((values.platforms as string[]).length === 0) messages.platforms = 'Choose at least one platform';
    const start = (values.startDate as string).trim();
    const end = (values.endDate as string).trim();
    if (!DATE.test(start)) messages.startDate = 'Choose a start date';
    if (!DATE.test(end)) messages.endDate = 'Choose an end date';
    else if (DATE.test(start) && end < start)
      messages.endDate = 'The end date must be on or after the start date';
    const budget = cents(values.budget as string);
    if (budget === null) messages.budget = 'Enter an amount, e.g. 5000 or 5000.50';
    else if (budget <= 0) messages.budget = 'Enter a budget above zero';
    return messages;
  },
  request: (values) => ({
    objectiveId: values.objectiveId,
    name: (values.name as string).trim(),
    platforms: values.platforms,
    startDate: values.startDate,
    endDate: values.endDate,
    budgetMinor: cents(values.budget as string),
    currency: values.currency,
  }),
  aliases: { budgetMinor: 'budget' },
  edits: {
    'field.change': fieldChange,
    'objective.select': (values, event) => [{ ...values, objectiveId: event.objectiveId }, 'objectiveId'],
    // Platforms in the order they were chosen.
    'platform.toggle': (values, event) => {
      const others = (values.platforms as string[]).filter((key) => key !== event.platform);
      return [{ ...values, platforms: event.selected ? [...others, event.platform] : others }, 'platforms'];
    },
  },
  emittedOnSuccess: (step) => [
    {
      type: 'navigate',
      to: `/planning/wizard/${(step.event.output as { campaignId: string }).campaignId}/review`,
    },
  ],
  extra: {
    editing: (step) => {
      expectFields(view(step), { failure: null, isDone: false });
      expectEqual(step.context.campaignId, null, 'campaign id');
    },
    submitting: (step) => expectFields(view(step), { failure: null, isDone: false }),
    failed: (step) => expectFields(view(step), { failure: failureOf(step), isDone: false }),
    succeeded: (step) => {
      expectFields(view(step), { isDone: true });
      expectEqual(step.context.campaignId, (step.event.output as { campaignId: string }).campaignId, 'id');
    },
  },
});
