import { CAMPAIGN_NOT_FOUND_MESSAGE } from '@contract/campaigns';
import type { PreflightCheck } from '@contract/planning';
import { SandboxControl } from '@server/platforms/sandbox';
import { revokeSandboxGrants } from '@server/platforms/sandbox/oauth/control';
import { beforeAll, describe, expect, it } from 'vitest';
import { newPlanner } from '../connections/planner';
import { connectPlatforms } from '../support/connections';
import { usesRealConnector } from '../support/connectors';
import { freshDatabase } from '../support/db';
import { signedIn, type TestClient } from '../support/http';
import { future, planCampaign, testConnectors } from '../support/planning';

/**
 * The review's pre-flight (GET /planning/wizard/{id}/preflight): each platform's validate-only answer to
 * the plan as the launch would send it, without using up failures injected for a launch.
 */

const { db } = await freshDatabase();
const sandbox = new SandboxControl(db);
let demo: TestClient;
let rival: TestClient;

beforeAll(async () => {
  // The wizard's checks use fixed rules (1.00 a day everywhere), so a plan can be saved that the
  // sandbox platforms, with their own rules (TikTok 20.00 a day), refuse at pre-flight.
  demo = await signedIn(db, 'demo', { connectors: testConnectors(db) });
  rival = await signedIn(db, 'rival');
});

const JSON_ACCEPT = { accept: 'application/json' };
const preflight = (id: string, client = demo) =>
  client.get<PreflightCheck[]>(`/planning/wizard/${id}/preflight`, JSON_ACCEPT);

describe('GET /planning/wizard/{id}/preflight', () => {
  it("answers each platform's verdict on the plan, with the platform's reason for a refusal", async () => {
    const { id } = await planCampaign(demo, {
      db,
      platforms: ['meta', 'tiktok'],
      budgetMinor: 60_000,
      startDate: future(2),
      endDate: future(31),
    });
    const res = await preflight(id);
    expect(res.status).toBe(200);
    expect(res.body.map((c) => [c.platform, c.result])).toEqual([
      ['meta', 'passed'],
      ['tiktok', 'refused'],
    ]);
    expect(res.body[1]!.message).toMatch(/TikTok/);
    expect(res.body[1]!.message).toMatch(/20\.00/);
  });

  it('reports a platform that does not answer as unavailable, and leaves a launch its injected failures', async () => {
    const { id } = await planCampaign(demo, { db, platforms: ['meta'], budgetMinor: 60_000 });
    await sandbox.injectFailure('meta', 'unavailable', { operation: 'preflight' });
    await sandbox.injectFailure('meta', 'validation', {
      operation: 'validate',
      message: 'Kept for the launch',
    });
    const res = await preflight(id);
    expect(res.body).toEqual([
      {
        platform: 'meta',
        displayName: 'Meta',
        result: 'unavailable',
        message: expect.stringMatching(/^Meta did not answer/),
      },
    ]);
    // Over Meta's wire the review's pre-flight and the launch's check are the same validate-only call
    // (`execution_options=["validate_only"]`): only the in-process sandbox hears which one asks, so only it can
    // keep a launch's injected failure from the review.
    if (!usesRealConnector('meta')) {
      expect((await preflight(id)).body[0]!.result).toBe('passed');
      const left = await db.query.sandboxFailures.findMany();
      expect(left.filter((f) => f.operation === 'validate' && f.remaining > 0)).toHaveLength(1);
    }
    await sandbox.clearFailures();
  });

  it('a grant revoked on the platform: says to reconnect, and the connection needs reconnecting', async () => {
    const { client, accountId } = await newPlanner(db, { connectors: testConnectors(db) });
    await connectPlatforms(db, accountId, ['meta']);
    const { id } = await planCampaign(client, { db, platforms: ['meta'], budgetMinor: 60_000 });
    expect((await preflight(id, client)).body[0]!.result).toBe('passed');
    // Someone removed Flightplan's access on Meta's side: every token of the grant stops working.
    expect(await revokeSandboxGrants(db, 'meta', `meta-act-${accountId.slice(0, 8)}`)).toBe(1);

    const refused = await preflight(id, client);
    expect(refused.body).toEqual([
      {
        platform: 'meta',
        displayName: 'Meta',
        result: 'not_connected',
        connection: 'needs_reconnect',
        message: 'Meta needs reconnecting: reconnect it under Platforms.',
      },
    ]);
    const connections = await client.get<{ platform: string; status: string }[]>(
      '/api/platforms/connections',
    );
    expect(connections.body.find((c) => c.platform === 'meta')?.status).toBe('needs_reconnect');
  });

  it("answers another tenant's campaign exactly like a missing one", async () => {
    const { id } = await planCampaign(demo, { db, platforms: ['meta'], until: 'platforms' });
    const foreign = await preflight(id, rival);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ message: CAMPAIGN_NOT_FOUND_MESSAGE });
    expect((await preflight('00000000-0000-4000-8000-000000000000')).body).toEqual(foreign.body);
  });
});
