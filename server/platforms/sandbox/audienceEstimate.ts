import { type AudienceEstimate, minAgeFor } from '@contract/planning';
import type { AudienceEstimateQuery } from '../connector';
import type { SandboxPlatform } from './data';
import {
  AGE_BANDS,
  MAIN_LANGUAGES,
  OTHER_SECOND_LANGUAGE_SHARE,
  SECOND_LANGUAGE_SHARE,
} from './data/demographics';
import { INTERNET_USERS_THOUSANDS } from './data/population';

/**
 * The sandbox's reach estimate: internet users of the chosen countries × the platform's reach, narrowed
 * by age, gender, language and interests, each treated as independent of the others. Deterministic: the
 * same audience always gives the same range, so tests and demos can rely on it.
 */

/** Share of internet users aged `from` to `to` (65 = 65 and over); each band's share spread evenly over its ages. */
export function ageShare(from: number, to: number): number {
  let share = 0;
  for (const [first, last, bandShare] of AGE_BANDS) {
    const overlap = Math.min(to, last) - Math.max(from, first) + 1;
    if (overlap > 0) share += (bandShare * overlap) / (last - first + 1);
  }
  return share;
}

/** Share of one country's internet users reached in `languages` (empty = any language). */
export function languageShare(country: string, languages: readonly string[]): number {
  if (languages.length === 0) return 1;
  const main = MAIN_LANGUAGES.get(country) ?? [];
  const mainChosen = main.filter((language) => languages.includes(language)).length;
  // With several main languages (Switzerland, Belgium, Canada), each is taken to be an equal share.
  let share = main.length > 0 ? (0.9 * mainChosen) / main.length : 0;
  for (const language of languages) {
    if (!main.includes(language)) share += SECOND_LANGUAGE_SHARE[language] ?? OTHER_SECOND_LANGUAGE_SHARE;
  }
  return Math.min(1, share);
}

/** The platform's active users worldwide: what an interest's worldwide audience is a share of. */
function worldwideReach(platform: SandboxPlatform): number {
  let users = 0;
  for (const thousands of Object.values(INTERNET_USERS_THOUSANDS)) users += thousands * 1000;
  return users * platform.reachShare;
}

/**
 * Share of people with at least one of the interests (independent interests: 1 − Π(1 − share)), capped
 * because no interest list covers everyone; no interests = everyone. An interest without a known size (a
 * real platform's segment the model has no figure for) narrows nothing; only such interests = everyone.
 */
function interestShare(platform: SandboxPlatform, ids: readonly string[]): number {
  const world = worldwideReach(platform);
  const sized = ids.flatMap((id) => {
    const size = platform.interestsById.get(id)?.audienceSize ?? 0;
    return size > 0 ? [size] : [];
  });
  if (sized.length === 0) return 1;
  let missed = 1;
  for (const size of sized) missed *= 1 - Math.min(1, size / world);
  return Math.min(0.9, 1 - missed);
}

/** Rounded to two significant figures, as the platforms show reach ("1.2M – 1.5M"). */
export function twoSignificant(value: number): number {
  if (value <= 0) return 0;
  return Number(value.toPrecision(2));
}

/** The point estimate before the range: people the platform can reach with this audience. */
export function estimatedPeople(platform: SandboxPlatform, query: AudienceEstimateQuery): number {
  const { audience } = query;
  // The platform serves no one under its minimum age for the objective, whatever the range asks.
  const from = Math.max(audience.ageMin, minAgeFor(platform.rules, query.objectiveId));
  const ages = audience.ageMax < from ? 0 : ageShare(from, audience.ageMax);
  const genders = audience.genders.length === 1 ? 0.5 : 1;
  let people = 0;
  for (const country of audience.locations) {
    const users = (INTERNET_USERS_THOUSANDS[country] ?? 0) * 1000;
    people += users * languageShare(country, audience.languages);
  }
  return people * platform.reachShare * ages * genders * interestShare(platform, audience.interests);
}

const count = (n: number) => n.toLocaleString('en-US');

export function estimateAudience(platform: SandboxPlatform, query: AudienceEstimateQuery): AudienceEstimate {
  const { rules } = platform;
  const people = estimatedPeople(platform, query);
  const lower = twoSignificant(people * 0.85);
  const upper = twoSignificant(people * 1.15);
  const base = { platform: rules.key, lower, upper };
  if (upper < rules.minAudienceSize) {
    return {
      ...base,
      guidance: 'too_narrow',
      message: `Too narrow for ${rules.displayName}: add locations or interests, or widen the ages, to reach at least ${count(rules.minAudienceSize)} people.`,
    };
  }
  if (query.dailyBudgetMinor !== null && lower > query.dailyBudgetMinor * rules.maxReachPerDailyMinor) {
    return {
      ...base,
      guidance: 'too_broad',
      message: `Too broad for the daily budget on ${rules.displayName}: narrow the audience (locations, ages or interests) or raise the budget so it can reach more of these ${count(lower)}+ people.`,
    };
  }
  return { ...base, guidance: 'fits', message: null };
}
