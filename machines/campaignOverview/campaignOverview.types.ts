import type { CampaignOverviewInput as CampaignOverviewBody } from '../../contract/campaigns';
import type { FormFailure } from '../shared/formSubmit';
import type { FieldErrors } from '../shared/validation';

/**
 * Types of the planning overview (`campaignOverview`), the wizard's first step at
 * /planning/wizard/new/overview: a new campaign's name, objective, customer, dates, total budget, currency
 * and platforms, checked with the server's own schema (contract/campaigns.ts `CampaignOverviewSchema`) and
 * saved as a draft by `POST /planning/wizard/new/overview`.
 */

/** The form's fields; `budget` is the amount as typed (the request carries `budgetMinor`). */
export type CampaignOverviewField =
  | 'name'
  | 'objectiveId'
  | 'customerId'
  | 'platforms'
  | 'startDate'
  | 'endDate'
  | 'budget'
  | 'currency';

export const CAMPAIGN_OVERVIEW_FIELDS: readonly CampaignOverviewField[] = [
  'name',
  'objectiveId',
  'customerId',
  'startDate',
  'endDate',
  'budget',
  'currency',
  'platforms',
];

/** Wire keys (the request's, the server's `validationErrors`) that are named otherwise in the form. */
export const CAMPAIGN_OVERVIEW_ALIASES: Partial<Record<string, CampaignOverviewField>> = {
  budgetMinor: 'budget',
};

/** The fields typed or chosen from a list: one `field.change` each. */
export type CampaignOverviewTextField =
  | 'name'
  | 'customerId'
  | 'startDate'
  | 'endDate'
  | 'budget'
  | 'currency';

export interface CampaignOverviewValues {
  name: string;
  objectiveId: number;
  /** '' = no customer. */
  customerId: string;
  /** Platform keys, in the order they were chosen. */
  platforms: string[];
  /** YYYY-MM-DD or ''. */
  startDate: string;
  endDate: string;
  /** The total budget as typed, e.g. '2500.50'; '' counts as zero. */
  budget: string;
  currency: string;
}

/** What `saveOverview` receives: the request body of `POST /planning/wizard/new/overview`. */
export type CampaignOverviewRequest = CampaignOverviewBody;

/** What `saveOverview` resolves with: the new draft's id. */
export interface CampaignOverviewSaved {
  campaignId: string;
}

/** The refusal kept for the page's notices (e.g. the plan-upgrade notice for REQUIRES_UPGRADE). */
export type CampaignOverviewFailure = FormFailure;

export interface CampaignOverviewContext {
  values: CampaignOverviewValues;
  /** Under each field: the schema's message on submit, or the server's validationErrors; cleared when edited. */
  fieldErrors: FieldErrors<CampaignOverviewField>;
  /** Above the form: a business error (409/422), a refusal naming no field, or no answer at all. */
  formError: string | null;
  /** The last refusal from the server, null after an edit or a new submit. */
  failure: CampaignOverviewFailure | null;
  /** The draft's id once saved. */
  campaignId: string | null;
}

export type CampaignOverviewEvent =
  | { type: 'field.change'; field: CampaignOverviewTextField; value: string }
  | { type: 'objective.select'; objectiveId: number }
  | { type: 'platform.toggle'; platform: string; selected: boolean }
  | { type: 'form.submit' };

export interface CampaignOverviewInput {
  /** The objective picked in the create-campaign modal (`?objective=N`). */
  objectiveId?: number;
}

/** Emitted once saved: the view hands it to the router (the review step). */
export type CampaignOverviewEmitted = { type: 'navigate'; to: string };
