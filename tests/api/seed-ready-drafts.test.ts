import type { LaunchReadiness } from '@contract/campaigns';
import {
  type Plan,
  type PlatformRules,
  planIssues,
  type RulesByPlatform,
  todayUtc,
} from '@contract/planning';
import type { Campaign } from '@contract/resources';
import { beforeAll, describe, expect, it } from 'vitest';
import { platformConnectors } from '../support/connectors';
import { freshDatabase } from '../support/db';
import { signedIn, type TestClient } from '../support/http';

/**
 * Issue 28: the demo can launch something. The seeded demo account has two drafts ready to launch (every
 * step complete with the sandbox platforms' own rules, ads included), and the campaigns that ran have ads.
 */

const { db } = await freshDatabase();
let demo: TestClient;
let rules: RulesByPlatform;

beforeAll(async () => {
  // The sandbox platforms' own rules, as the running demo has them.
  demo = await signedIn(db, 'demo', {
    connectors: platformConnectors(db, { delayMs: 0, reviewMs: 50 }),
  });
  const answer = await demo.get<PlatformRules[]>('/planning/platforms');
  rules = Object.fromEntries(answer.body.map((r) => [r.key, r]));
});

const JSON_ACCEPT = { accept: 'application/json' };
const planOf = async (id: string) => (await demo.get<Plan>(`/planning/wizard/${id}`, JSON_ACCEPT)).body;

describe('the seeded demo', () => {
  it('has two drafts ready to launch, newest first, with ads and named interests', async () => {
    const drafts = (await demo.get<Campaign[]>('/api/campaigns?status=draft&_end=100')).body;
    const ready = drafts.filter((c) =>
      ['Acme Trail Season Launch', 'Acme Winter Gear Reach'].includes(c.name),
    );
    expect(ready.map((c) => c.name).sort()).toEqual(['Acme Trail Season Launch', 'Acme Winter Gear Reach']);
    const readiness = await demo.get<LaunchReadiness>(
      `/data/campaigns/launch-readiness?${ready.map((c) => `campaignId=${c.id}`).join('&')}`,
    );
    expect(readiness.body).toEqual(ready.map((c) => ({ campaignId: c.id, blocker: null })));
    for (const c of ready) {
      const plan = await planOf(c.id);
      expect(plan.ads.map((ad) => ad.platform).sort()).toEqual([...plan.platforms].sort());
      expect(plan.assets.length).toBeGreaterThan(0);
      expect(Object.values(planIssues(plan, rules, todayUtc())).flatMap(Object.values)).toEqual([]);
    }
    const trail = await planOf(ready.find((c) => c.name === 'Acme Trail Season Launch')!.id);
    expect(trail.interestNames?.meta?.['6003639161770']).toBe('Travel');
    // Newest first: the ready drafts open the campaigns list.
    const firstPage = (await demo.get<Campaign[]>('/api/campaigns?_end=2')).body;
    expect(firstPage.map((c) => c.name).sort()).toEqual([
      'Acme Trail Season Launch',
      'Acme Winter Gear Reach',
    ]);
  });

  it('gives every campaign that ran an ad per platform, within the platforms’ specs', async () => {
    const ran = [
      ...(await demo.get<Campaign[]>('/api/campaigns?status=active&_end=100')).body,
      ...(await demo.get<Campaign[]>('/api/campaigns?status=paused&_end=100')).body,
    ];
    expect(ran.length).toBeGreaterThan(0);
    for (const c of ran) {
      const plan = await planOf(c.id);
      expect(plan.ads.map((ad) => ad.platform).sort(), c.name).toEqual([...plan.platforms].sort());
      expect(planIssues(plan, rules, todayUtc()).creative, c.name).toEqual({});
    }
  });
});
