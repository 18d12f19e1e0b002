import { COUNTRY_CODES, InterestListSchema, PlatformRulesSchema } from '@contract/planning';
import { CURRENCIES, OBJECTIVES, PLATFORMS } from '@contract/reference';
import { loadSandboxPlatform, SANDBOX_PLATFORMS } from '@server/platforms/sandbox/data';
import { meta } from '@server/platforms/sandbox/data/meta';
import { INTERNET_USERS_THOUSANDS } from '@server/platforms/sandbox/data/population';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';

/** The sandbox platforms' data files: every one loads, validates and says something plausible. */

describe('sandbox platform data', () => {
  it('has one platform per reference platform, in reference order', () => {
    expect([...SANDBOX_PLATFORMS.keys()]).toEqual(PLATFORMS.map((p) => p.key));
    for (const { key, displayName } of PLATFORMS)
      expect(SANDBOX_PLATFORMS.get(key)!.rules.displayName).toBe(displayName);
  });

  describe.each(PLATFORMS.map((p) => p.key))('%s', (key) => {
    const platform = SANDBOX_PLATFORMS.get(key)!;

    it('validates against the contract', () => {
      expect(v.safeParse(PlatformRulesSchema, platform.rules).success).toBe(true);
      expect(v.safeParse(InterestListSchema, platform.interests).success).toBe(true);
    });

    it('offers lowest_cost bidding, known objectives and a minimum for every currency', () => {
      expect(platform.rules.bidStrategies).toContain('lowest_cost');
      const objectiveIds = OBJECTIVES.map((o) => o.id as number);
      expect(platform.rules.objectives.length).toBeGreaterThan(0);
      for (const id of platform.rules.objectives) expect(objectiveIds).toContain(id);
      for (const currency of CURRENCIES)
        expect(platform.rules.minDailyBudgetMinor[currency]).toBeGreaterThan(0);
      expect(platform.rules.minAge).toBeGreaterThanOrEqual(13);
      expect(platform.rules.minAudienceSize).toBeGreaterThan(0);
    });

    it('has a taxonomy of 40 to 80 interests with unique ids', () => {
      expect(platform.interests.length).toBeGreaterThanOrEqual(40);
      expect(platform.interests.length).toBeLessThanOrEqual(80);
      expect(new Set(platform.interests.map((i) => i.id)).size).toBe(platform.interests.length);
      for (const interest of platform.interests) {
        expect(interest.path.length).toBeGreaterThan(0);
        expect(interest.audienceSize).toBeGreaterThan(0);
      }
    });
  });

  it('writes ids in each platform’s style', () => {
    const ids = (key: string) => SANDBOX_PLATFORMS.get(key)!.interests.map((i) => i.id);
    for (const id of ids('meta')) expect(id).toMatch(/^6003\d{9}$/);
    for (const id of ids('linkedin')) expect(id).toMatch(/^urn:li:interest:\d+$/);
    for (const id of ids('snapchat')) expect(id).toMatch(/^SLC_\d+$/);
    for (const id of ids('google')) expect(id).toMatch(/^\d{5}$/);
  });

  it('states the rules the design names', () => {
    const rules = (key: string) => SANDBOX_PLATFORMS.get(key)!.rules;
    expect(rules('linkedin').objectives).not.toContain(5);
    expect(rules('pinterest').objectives).not.toContain(4);
    expect(rules('linkedin').minAge).toBe(18);
    expect(rules('meta').minAgeByObjective['4']).toBe(18);
    expect(rules('tiktok').minDailyBudgetMinor.EUR).toBe(2000);
    expect(rules('pinterest').bidStrategies).toEqual(['lowest_cost']);
  });

  it('refuses a data file that breaks the contract', () => {
    const broken = { ...meta, rules: { ...meta.rules, minAge: 'thirteen' } } as never;
    expect(() => loadSandboxPlatform('meta', broken, [])).toThrow();
    expect(() => loadSandboxPlatform('google', meta, [])).toThrow(/declares the key meta/);
    const noLowestCost = { ...meta, rules: { ...meta.rules, bidStrategies: ['cost_cap' as const] } };
    expect(() => loadSandboxPlatform('meta', noLowestCost, [])).toThrow(/lowest_cost/);
    const twice = [
      { id: '1', name: 'A', path: ['X'], audienceSize: 1 },
      { id: '1', name: 'B', path: ['X'], audienceSize: 1 },
    ];
    expect(() => loadSandboxPlatform('meta', meta, twice)).toThrow(/used twice/);
  });

  it('has internet users for every country code', () => {
    for (const code of COUNTRY_CODES) expect(INTERNET_USERS_THOUSANDS[code], code).toBeGreaterThanOrEqual(0);
    expect(Object.keys(INTERNET_USERS_THOUSANDS)).toHaveLength(COUNTRY_CODES.length);
    expect(INTERNET_USERS_THOUSANDS.US).toBeGreaterThan(INTERNET_USERS_THOUSANDS.DE!);
  });
});
