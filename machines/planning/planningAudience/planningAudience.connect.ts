import {
  AGE_MAX,
  AGE_MIN,
  type AudienceEstimateAnswer,
  type AudienceGuidance,
  COUNTRY_CODES,
  type Interest,
  isUnavailableEstimate,
  LANGUAGE_CODES,
  type PlanIssues,
} from '@contract/planning';
import type { SnapshotFrom } from 'xstate';
import type { PlanningAudienceMachine } from './planningAudience.machine';
import type { GenderChoice, PlanningAudienceEvent } from './planningAudience.types';
import { visibleAudienceErrors } from './planningAudience.values';

export type PlanningAudienceSnapshot = SnapshotFrom<PlanningAudienceMachine>;

export interface AudienceEstimateView {
  status: 'none' | 'loading' | 'shown' | 'failed';
  lower: number | null;
  upper: number | null;
  guidance: AudienceGuidance | null;
  /** With figures: what to do about them; failed: why this platform could not estimate (null: no answer). */
  message: string | null;
}

/**
 * One card's estimate: the step's estimate state, narrowed by this platform's answer. A platform that said
 * why it could not estimate (not connected, not answering) fails alone, with its reason.
 */
function estimateViewOf(
  status: AudienceEstimateView['status'],
  answer: AudienceEstimateAnswer | undefined,
): AudienceEstimateView {
  const none = { lower: null, upper: null, guidance: null, message: null };
  if (answer && isUnavailableEstimate(answer))
    return status === 'none'
      ? { status, ...none }
      : { status: 'failed', ...none, message: answer.unavailable };
  return {
    // Figures stay while a new estimate is on its way: they change in place rather than flicker.
    status: status === 'loading' && answer ? 'shown' : status,
    lower: answer?.lower ?? null,
    upper: answer?.upper ?? null,
    guidance: answer?.guidance ?? null,
    message: answer?.message ?? null,
  };
}

export interface AudiencePlatformView {
  key: string;
  displayName: string;
  /** Chosen interests, named as a search showed them or as the plan saved them (else their id). */
  interests: Pick<Interest, 'id' | 'name'>[];
  maxInterests: number;
  canAddInterest: boolean;
  error: string | undefined;
  /**
   * This card's search (query as sent, the latest results), or null when another card searches. A failed
   * search says so: "Could not search interests", then the server's reason when it gave one.
   */
  search: {
    query: string;
    results: Interest[];
    loading: boolean;
    failed: boolean;
    failureMessage: string | null;
  } | null;
  estimate: AudienceEstimateView;
}

/** Everything the audience step shows, derived from its snapshot, with its commands. */
export interface PlanningAudienceView {
  readOnly: boolean;
  errors: PlanIssues;
  /** ISO codes the location picker offers (names are the view's: the browser's language). */
  countryCodes: readonly string[];
  languageCodes: readonly string[];
  locations: string[];
  languages: string[];
  ageMin: number;
  ageMax: number;
  /** The ages each select offers; 65 reads "65+". */
  ageOptions: number[];
  gender: GenderChoice;
  platforms: AudiencePlatformView[];
  addLocation(code: string): void;
  removeLocation(code: string): void;
  changeAge(field: 'ageMin' | 'ageMax', value: number): void;
  chooseGender(value: GenderChoice): void;
  addLanguage(code: string): void;
  removeLanguage(code: string): void;
  searchInterests(platform: string, query: string): void;
  addInterest(platform: string, interest: Interest): void;
  removeInterest(platform: string, id: string): void;
}

const AGES = Array.from({ length: AGE_MAX - AGE_MIN + 1 }, (_, i) => AGE_MIN + i);

export function connectPlanningAudience(
  snapshot: PlanningAudienceSnapshot,
  send: (event: PlanningAudienceEvent) => void,
): PlanningAudienceView {
  const { context } = snapshot;
  const { values } = context;
  const readOnly = snapshot.matches({ form: 'readOnly' });
  const errors = visibleAudienceErrors(context);
  const searching =
    snapshot.matches({ interests: 'debouncing' }) || snapshot.matches({ interests: 'searching' });
  const searchFailed = snapshot.matches({ interests: 'failed' });
  const estimateStatus: AudienceEstimateView['status'] = snapshot.matches({ estimate: 'idle' })
    ? 'none'
    : snapshot.matches({ estimate: 'failed' })
      ? 'failed'
      : snapshot.matches({ estimate: 'shown' })
        ? 'shown'
        : 'loading';
  const platforms = (context.plan?.platforms ?? []).map((key): AudiencePlatformView => {
    const rule = context.rules[key];
    const chosen = values.interests[key] ?? [];
    const estimate = context.estimates.find((e) => e.platform === key);
    const max = rule?.maxInterests ?? 0;
    return {
      key,
      displayName: rule?.displayName ?? key,
      interests: chosen.map((id) => ({
        id,
        name: context.knownInterests[`${key}:${id}`]?.name ?? context.plan?.interestNames?.[key]?.[id] ?? id,
      })),
      maxInterests: max,
      canAddInterest: !readOnly && chosen.length < max,
      error: errors[`interests.${key}`],
      search:
        context.search?.platform === key
          ? {
              query: context.search.query,
              // Interests already chosen are not offered again.
              results: context.search.results.filter((i) => !chosen.includes(i.id)),
              loading: searching,
              failed: searchFailed,
              failureMessage: searchFailed
                ? `Could not search interests. ${context.search.failure ?? 'Type again to retry.'}`
                : null,
            }
          : null,
      estimate: estimateViewOf(estimateStatus, estimate),
    };
  });
  return {
    readOnly,
    errors,
    countryCodes: COUNTRY_CODES,
    languageCodes: LANGUAGE_CODES,
    locations: values.locations,
    languages: values.languages,
    ageMin: values.ageMin,
    ageMax: values.ageMax,
    ageOptions: AGES,
    gender: values.genders.length === 1 ? (values.genders[0] ?? 'all') : 'all',
    platforms,
    addLocation: (code) => send({ type: 'location.add', code }),
    removeLocation: (code) => send({ type: 'location.remove', code }),
    changeAge: (field, value) => send({ type: 'age.change', field, value }),
    chooseGender: (value) => send({ type: 'gender.choose', value }),
    addLanguage: (code) => send({ type: 'language.add', code }),
    removeLanguage: (code) => send({ type: 'language.remove', code }),
    searchInterests: (platform, query) => send({ type: 'interests.search', platform, query }),
    addInterest: (platform, interest) => send({ type: 'interest.add', platform, interest }),
    removeInterest: (platform, id) => send({ type: 'interest.remove', platform, id }),
  };
}
