import type {
  Audience,
  AudienceEstimateAnswer,
  AudienceEstimateRequest,
  Gender,
  Interest,
  Plan,
  PlanIssues,
  RulesByPlatform,
} from '@contract/planning';
import type { StepInput, WizardToStep } from '../stepProtocol';

/**
 * Types of the audience step (`planningAudience`), invoked by the planning wizard: who the plan targets
 * (countries, ages, genders, languages, interests per platform), with each platform's estimated reach.
 */

/** Wait after the last keystroke before the interests are searched on the server. */
export const INTEREST_SEARCH_DEBOUNCE_MS = 250;
/** Wait after the last change before the platforms are asked for a new estimate. */
export const AUDIENCE_ESTIMATE_DEBOUNCE_MS = 500;
/** How many interests one search asks for. */
export const INTEREST_SEARCH_LIMIT = 20;

/** Where a message can show: the form's fields, and each platform's interests (`interests.meta`). */
export type AudienceField =
  | 'locations'
  | 'ageMin'
  | 'ageMax'
  | 'genders'
  | 'languages'
  | `interests.${string}`;

/** The genders choice as the form offers it: everyone, or one of them. */
export type GenderChoice = 'all' | Gender;

export interface InterestSearch {
  platform: string;
  query: string;
  /** The latest answer for this query; stale answers never land here. */
  results: Interest[];
  /**
   * Why the search failed, in the server's words (e.g. a real platform that lists its interests only for a
   * connected ad account); null before a failure, or when no server answered.
   */
  failure?: string | null;
}

export interface PlanningAudienceContext {
  /** The plan as last saved (null before the first save, where this step cannot be reached). */
  plan: Plan | null;
  rules: RulesByPlatform;
  today: string;
  readOnly: boolean;
  /** The audience as chosen. */
  values: Audience;
  /** Fields the planner changed: their messages show; all show after `step.showErrors`. */
  touched: AudienceField[];
  showAll: boolean;
  /** The server's 400 messages, by dot path, until their field changes. */
  serverErrors: PlanIssues;
  /** Interests seen in searches, by `platform:id`, so chips show names (saved ones: the plan's `interestNames`). */
  knownInterests: Record<string, Interest>;
  search: InterestSearch | null;
  /** The latest estimate per platform of the plan (empty until one answered). */
  estimates: AudienceEstimateAnswer[];
  /** The last estimate request failed (no answer or refused): the cards say so. */
  estimateFailed: boolean;
}

export type PlanningAudienceInput = StepInput;

export type PlanningAudienceEvent =
  | { type: 'location.add'; code: string }
  | { type: 'location.remove'; code: string }
  | { type: 'age.change'; field: 'ageMin' | 'ageMax'; value: number }
  | { type: 'gender.choose'; value: GenderChoice }
  | { type: 'language.add'; code: string }
  | { type: 'language.remove'; code: string }
  | { type: 'interests.search'; platform: string; query: string }
  | { type: 'interest.add'; platform: string; interest: Interest }
  | { type: 'interest.remove'; platform: string; id: string }
  | WizardToStep;

/** What `searchInterests` receives: GET /planning/platforms/{platform}/interests?q=&limit=. */
export interface InterestSearchInput {
  platform: string;
  query: string;
  limit: number;
}

/** What `estimateAudience` receives: the body of POST /planning/audience-estimates. */
export type AudienceEstimateInput = AudienceEstimateRequest;
