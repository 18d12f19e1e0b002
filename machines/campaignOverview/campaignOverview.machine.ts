import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import { CampaignOverviewSchema } from '../../contract/campaigns';
import { formSubmitSetup, formSubmitStates, keptFailure } from '../shared/formSubmit';
import { parseAmount } from '../shared/money';
import { type FieldErrors, schemaFieldErrors, withoutFieldError } from '../shared/validation';
import {
  CAMPAIGN_OVERVIEW_ALIASES,
  CAMPAIGN_OVERVIEW_FIELDS,
  type CampaignOverviewContext,
  type CampaignOverviewEmitted,
  type CampaignOverviewEvent,
  type CampaignOverviewField,
  type CampaignOverviewInput,
  type CampaignOverviewRequest,
  type CampaignOverviewSaved,
  type CampaignOverviewValues,
} from './campaignOverview.types';

/** Under the budget field when the text is not an amount (the schema only sees numbers). */
export const BUDGET_FORMAT_MESSAGE = 'Enter an amount, e.g. 5000 or 5000.50';

/** The request body for these values; an empty budget counts as zero, one that is not an amount as null. */
export function overviewRequest(values: CampaignOverviewValues): {
  request: CampaignOverviewRequest;
  budgetIsAmount: boolean;
} {
  const budget = values.budget.trim();
  const budgetMinor = budget === '' ? 0 : parseAmount(budget);
  const customerId = values.customerId.trim();
  return {
    budgetIsAmount: budgetMinor !== null,
    request: {
      objectiveId: values.objectiveId,
      name: values.name.trim(),
      ...(customerId ? { customerId } : {}),
      platforms: values.platforms,
      startDate: values.startDate.trim(),
      endDate: values.endDate.trim(),
      budgetMinor: budgetMinor ?? 0,
      currency: (values.currency || 'EUR') as CampaignOverviewRequest['currency'],
    },
  };
}

/** The messages under the fields: the server's schema (CampaignOverviewSchema), and the budget's format. */
export function validateOverview(values: CampaignOverviewValues): FieldErrors<CampaignOverviewField> {
  const { request, budgetIsAmount } = overviewRequest(values);
  const errors = schemaFieldErrors(
    CampaignOverviewSchema,
    request,
    CAMPAIGN_OVERVIEW_FIELDS,
    CAMPAIGN_OVERVIEW_ALIASES,
  );
  return budgetIsAmount ? errors : { ...errors, budget: BUDGET_FORMAT_MESSAGE };
}

const form = formSubmitSetup<CampaignOverviewContext, CampaignOverviewEvent>({
  validate: validateOverview,
  showServerError: keptFailure(CAMPAIGN_OVERVIEW_FIELDS, CAMPAIGN_OVERVIEW_ALIASES),
  clearFailure: { failure: null },
});

export const campaignOverviewMachine = setup({
  types: {
    context: {} as CampaignOverviewContext,
    events: {} as CampaignOverviewEvent,
    input: {} as CampaignOverviewInput,
    emitted: {} as CampaignOverviewEmitted,
  },
  actors: {
    /** POST /planning/wizard/new/overview; `src/` provides it. Rejects with a `ServerFailure` or a network error. */
    saveOverview: fromPromise<CampaignOverviewSaved, CampaignOverviewRequest>(async () => {
      throw new Error('not provided: saveOverview');
    }),
  },
  guards: form.guards,
  actions: {
    ...form.actions,
    selectObjective: assign(({ context, event }) => {
      assertEvent(event, 'objective.select');
      return {
        values: { ...context.values, objectiveId: event.objectiveId },
        fieldErrors: withoutFieldError(context.fieldErrors, 'objectiveId'),
      };
    }),
    togglePlatform: assign(({ context, event }) => {
      assertEvent(event, 'platform.toggle');
      const others = context.values.platforms.filter((key) => key !== event.platform);
      return {
        values: { ...context.values, platforms: event.selected ? [...others, event.platform] : others },
        fieldErrors: withoutFieldError(context.fieldErrors, 'platforms'),
      };
    }),
    rememberCampaign: assign((_, params: { output: unknown }) => ({
      campaignId: (params.output as CampaignOverviewSaved).campaignId,
    })),
    requestNavigation: emit(({ context }) => ({
      type: 'navigate' as const,
      to: `/planning/wizard/${encodeURIComponent(context.campaignId ?? '')}/review`,
    })),
  },
}).createMachine({
  id: 'campaignOverview',
  description:
    'The planning overview (/planning/wizard/new/overview), step 1 of a new campaign: name, objective, ' +
    'customer, dates, total budget, currency and platforms. The form checks them with the server’s own ' +
    'rules, saves the campaign as a draft and goes on to its review.',
  context: ({ input }) => ({
    values: {
      name: '',
      objectiveId: input?.objectiveId ?? 1,
      customerId: '',
      platforms: [],
      startDate: '',
      endDate: '',
      budget: '',
      currency: 'EUR',
    },
    fieldErrors: {},
    formError: null,
    failure: null,
    campaignId: null,
  }),
  initial: 'editing',
  states: formSubmitStates({
    actor: 'saveOverview',
    input: (context: CampaignOverviewContext) => overviewRequest(context.values).request,
    edits: {
      'field.change': 'updateField',
      'objective.select': 'selectObjective',
      'platform.toggle': 'togglePlatform',
    },
    keepOutput: 'rememberCampaign',
    succeededEntry: 'requestNavigation',
    descriptions: {
      editing:
        'The person fills in the overview (the objective picked in “Create campaign” is preselected, the ' +
        'currency is EUR). Pressing “Continue to review” checks the form with the server’s rules: a name, ' +
        'at least one platform, both dates with the end on or after the start, and a budget above zero ' +
        'written as an amount. Problems appear under their fields and nothing is sent; editing a field ' +
        'hides its message.',
      submitting:
        'The draft is being saved (POST /planning/wizard/new/overview). The button reads “Saving…” and is ' +
        'disabled until the server answers.',
      failed:
        'The server refused or could not be reached. Its field messages (e.g. a customer or platform that ' +
        'no longer exists) appear under the fields; a business refusal or anything else appears above the ' +
        'form, with “Upgrade now” when the plan lacks the feature. Editing a field hides its message and the ' +
        'one above the form; ' +
        'pressing “Continue to review” again retries.',
      succeeded: 'The draft exists: the person is taken to its review step (/planning/wizard/{id}/review).',
    },
  }),
});

export type CampaignOverviewMachine = typeof campaignOverviewMachine;
