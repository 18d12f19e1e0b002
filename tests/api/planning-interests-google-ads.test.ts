import type { Interest } from '@contract/planning';
import { revokeSandboxGrants } from '@server/platforms/sandbox/oauth/control';
import { describe, expect, it } from 'vitest';
import { newPlanner } from '../connections/planner';
import { connectPlatforms } from '../support/connections';
import { usesRealConnector } from '../support/connectors';
import { freshDatabase } from '../support/db';
import { AUDIENCE, planCampaign, testConnectors } from '../support/planning';

/**
 * Google's audience segments in the wizard, with the real Google Ads connector (the `real-connectors`
 * project): read from the API's `user_interest` constants for the account's connection, so a planner
 * who has not connected Google Ads is told to, and a connected one searches, names and saves Google's own.
 */

const { db } = await freshDatabase();

describe.skipIf(!usesRealConnector('google'))('Google Ads segments through the API', () => {
  const planner = () => newPlanner(db, { connectors: testConnectors(db) });
  const search = (client: Awaited<ReturnType<typeof planner>>['client'], query: string) =>
    client.get<Interest[]>(`/planning/platforms/google/interests?q=${encodeURIComponent(query)}`);

  it('asks a planner without a Google Ads connection to connect it, and still searches Meta', async () => {
    const { client } = await planner();
    const res = await search(client, 'beach');
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      errorCode: 'PLATFORM_NOT_CONNECTED',
      message:
        'Google Ads lists its audience segments for a connected ad account: connect Google Ads under Platforms first.',
    });
    // Saving Google interests without a connection is refused at the field, saying why.
    const { id } = await planCampaign(client, { platforms: ['google'], until: 'platforms' });
    const plan = (await client.get(`/planning/wizard/${id}`, { accept: 'application/json' })).body;
    const saved = await client.put(`/planning/wizard/${id}/audience`, {
      version: plan.campaign.version,
      ...AUDIENCE,
      interests: { google: ['84791'] },
    });
    expect(saved.status).toBe(400);
    expect(saved.body.validationErrors['interests.google'].message).toBe(
      'Google Ads lists its audience segments for a connected ad account: connect Google Ads under Platforms first.',
    );
    // Meta's targeting search is the app's, not an ad account's.
    const meta = await client.get<Interest[]>('/planning/platforms/meta/interests?q=travel');
    expect(meta.status).toBe(200);
    expect(meta.body.length).toBeGreaterThan(0);
  });

  it('searches and names the segments of the connected customer, and saves them with their names', async () => {
    const { client, accountId } = await planner();
    await connectPlatforms(db, accountId, ['google']);
    const found = await search(client, 'beach');
    expect(found.status).toBe(200);
    expect(found.body).toEqual([
      { id: '84791', name: 'Beaches', path: ['Affinity segments', 'Travel', 'Travel'], audienceSize: 0 },
    ]);
    const byIds = await client.get<Interest[]>('/planning/platforms/google/interests?id=84791&id=123');
    expect(byIds.body.map((i) => i.name)).toEqual(['Beaches']);

    const audience = { ...AUDIENCE, interests: { google: ['84791'] } };
    const { id, plan } = await planCampaign(client, { platforms: ['google'], audience, until: 'audience' });
    expect(JSON.stringify(plan)).toContain('Beaches');
    // A segment Google does not offer is refused at the field, and changes nothing.
    const refused = await client.put(`/planning/wizard/${id}/audience`, {
      version: plan.campaign.version,
      ...audience,
      interests: { google: ['123'] },
    });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.validationErrors ?? {})[0]).toMatch(/^interests\.google/);
  });

  it('a grant revoked on Google: the search says to reconnect, the connection needs reconnecting and the planners are told', async () => {
    const { client, accountId } = await planner();
    await connectPlatforms(db, accountId, ['google']);
    // Someone removed Flightplan's access on Google's side: every token of the grant stops working.
    expect(await revokeSandboxGrants(db, 'google', `google-act-${accountId.slice(0, 8)}`)).toBe(1);

    const refusal = (query: string) =>
      client.get<{ errorCode: string; message: string }>(`/planning/platforms/google/interests?q=${query}`);
    const refused = await refusal('beach');
    expect(refused.status).toBe(409);
    expect(refused.body.errorCode).toBe('PLATFORM_NOT_CONNECTED');
    const connections = await client.get<{ platform: string; status: string; problem: string | null }[]>(
      '/api/platforms/connections',
    );
    expect(connections.body.find((c) => c.platform === 'google')).toMatchObject({
      status: 'needs_reconnect',
      problem: expect.stringMatching(/revoked/i),
    });
    const inbox = await client.get<{ notifications: { title: string }[] }>('/api/notifications');
    expect(inbox.body.notifications.map((item) => item.title)).toContainEqual(
      expect.stringMatching(/^Google Ads needs reconnecting in /),
    );
    // From now on the search names what to do, without asking Google.
    const again = await refusal('beach');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Google Ads needs reconnecting: reconnect it under Platforms.');
  });
});
