import type { AudienceEstimateQuery } from '@server/platforms';
import {
  ageShare,
  estimateAudience,
  estimatedPeople,
  languageShare,
  twoSignificant,
} from '@server/platforms/sandbox/audienceEstimate';
import { SANDBOX_PLATFORMS } from '@server/platforms/sandbox/data';
import { describe, expect, it } from 'vitest';

const meta = SANDBOX_PLATFORMS.get('meta')!;
const linkedin = SANDBOX_PLATFORMS.get('linkedin')!;

const query = (
  audience: Partial<AudienceEstimateQuery['audience']> = {},
  dailyBudgetMinor: number | null = null,
) => ({
  objectiveId: 1,
  audience: {
    locations: ['DE'],
    ageMin: 18,
    ageMax: 65,
    genders: [],
    languages: [],
    interests: [],
    ...audience,
  },
  dailyBudgetMinor,
});

describe('sandbox audience estimates', () => {
  it('are deterministic, a range of two significant figures', () => {
    const first = estimateAudience(meta, query());
    expect(estimateAudience(meta, query())).toEqual(first);
    expect(first.platform).toBe('meta');
    expect(first.lower).toBeLessThan(first.upper);
    expect(twoSignificant(first.lower)).toBe(first.lower);
    expect(twoSignificant(first.upper)).toBe(first.upper);
    expect(first.upper / first.lower).toBeCloseTo(1.15 / 0.85, 1);
    expect(twoSignificant(1_234_567)).toBe(1_200_000);
    expect(twoSignificant(0)).toBe(0);
  });

  it('shrinks as the audience narrows', () => {
    const everyone = estimatedPeople(meta, query());
    const women = estimatedPeople(meta, query({ genders: ['female'] }));
    const younger = estimatedPeople(meta, query({ ageMin: 25, ageMax: 34 }));
    const inFrench = estimatedPeople(meta, query({ languages: ['fr'] }));
    const withInterest = estimatedPeople(meta, query({ interests: [meta.interests[0]!.id] }));
    expect(women).toBeCloseTo(everyone / 2);
    for (const narrower of [younger, inFrench, withInterest]) expect(narrower).toBeLessThan(everyone);
    expect(estimatedPeople(meta, query({ locations: ['DE', 'FR'] }))).toBeGreaterThan(everyone);
    const two = estimatedPeople(meta, query({ interests: [meta.interests[0]!.id, meta.interests[1]!.id] }));
    expect(two).toBeGreaterThan(withInterest);
  });

  it('reaches no one under the platform’s minimum age for the objective', () => {
    expect(estimatedPeople(linkedin, query({ ageMin: 13, ageMax: 17 }))).toBe(0);
    expect(estimatedPeople(meta, { ...query({ ageMin: 13, ageMax: 17 }), objectiveId: 4 })).toBe(0);
    expect(estimatedPeople(meta, query({ ageMin: 13, ageMax: 17 }))).toBeGreaterThan(0);
  });

  it('narrows by the country’s main languages', () => {
    expect(languageShare('DE', [])).toBe(1);
    expect(languageShare('DE', ['de'])).toBeGreaterThan(languageShare('DE', ['en']));
    expect(languageShare('DE', ['en'])).toBeGreaterThan(languageShare('DE', ['fr']));
    expect(languageShare('CH', ['de', 'fr', 'it'])).toBeCloseTo(0.9);
    expect(ageShare(13, 65)).toBeCloseTo(1);
  });

  it('says too narrow below the platform’s minimum audience, naming the platform and the minimum', () => {
    const patisserie = meta.interests.find((i) => i.name === 'Pâtisserie')!.id;
    const tiny = estimateAudience(
      meta,
      query({ locations: ['LI'], ageMin: 60, genders: ['female'], interests: [patisserie] }),
    );
    expect(tiny.guidance).toBe('too_narrow');
    expect(tiny.upper).toBeLessThan(1000);
    expect(tiny.message).toBe(
      'Too narrow for Meta: add locations or interests, or widen the ages, to reach at least 1,000 people.',
    );
    expect(estimateAudience(meta, query({ locations: ['BV'] }))).toMatchObject({
      lower: 0,
      upper: 0,
      guidance: 'too_narrow',
    });
  });

  it('says too broad when the daily budget cannot reach it, fits otherwise', () => {
    const broad = estimateAudience(meta, query({}, 100));
    expect(broad.guidance).toBe('too_broad');
    expect(broad.message).toMatch(/^Too broad for the daily budget on Meta: narrow the audience/);
    const funded = estimateAudience(
      meta,
      query({}, Math.ceil(broad.lower / meta.rules.maxReachPerDailyMinor)),
    );
    expect(funded).toMatchObject({ guidance: 'fits', message: null });
    expect(estimateAudience(meta, query())).toMatchObject({ guidance: 'fits', message: null });
  });
});
