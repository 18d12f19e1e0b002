import type { AdAccountChoice, PlatformConnection } from '@contract/connections';
import * as t from '@server/db/schema';
import {
  type CompletedGrant,
  type GrantTokens,
  type AdAccountChoice as PlatformAdAccount,
  PlatformError,
} from '@server/platforms/connector';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { connectThroughConsent, Transcript } from '../connections/flow';
import { newPlanner } from '../connections/planner';
import { freshDatabase } from '../support/db';
import { TestClient, testApp, testDeps } from '../support/http';

const { db } = await freshDatabase();

const MANAGER = { managerId: '1234567890', managerName: 'Agency MCC' };
const ACCOUNTS: PlatformAdAccount[] = [
  { id: '1112223334', name: 'Northwind Outdoor', currency: 'EUR', ...MANAGER },
  { id: '5556667778', name: 'Contoso Bikes', currency: 'USD', ...MANAGER },
];

/**
 * The sandbox connectors, `google` replaced by one whose grant finishes like a real platform's: `finish`
 * answers what `completeGrant` gives (the accounts the grant reaches, or a refusal).
 */
function appWith(finish: (tokens: GrantTokens) => Promise<CompletedGrant>) {
  const connectors = new Map(testDeps(db).connectors);
  const sandbox = connectors.get('google')!;
  connectors.set('google', Object.assign(Object.create(sandbox), { completeGrant: finish }));
  return { connectors };
}

async function plannerWith(finish: (tokens: GrantTokens) => Promise<CompletedGrant>) {
  return newPlanner(db, appWith(finish));
}

const reaching =
  (adAccounts: PlatformAdAccount[]) =>
  async (tokens: GrantTokens): Promise<CompletedGrant> => ({ tokens, adAccounts });

const connectionOf = async (client: TestClient) =>
  ((await client.get('/api/platforms/connections')).body as PlatformConnection[]).find(
    (c) => c.platform === 'google',
  )!;

describe('a grant that reaches several ad accounts: the planner chooses one', () => {
  it('returns to the chooser, lists the accounts with their manager, connects the one chosen once', async () => {
    const { client, accountId } = await plannerWith(reaching(ACCOUNTS));
    const transcript = new Transcript();
    const { location } = await connectThroughConsent(client, 'google', transcript);
    const url = new URL(location, 'http://localhost');
    expect(url.pathname).toBe('/platforms');
    expect(url.searchParams.get('platform')).toBe('google');
    const choiceId = url.searchParams.get('chooseAdAccount')!;
    expect(choiceId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await connectionOf(client)).status).toBe('not_connected');

    const choice = await client.get<AdAccountChoice>(`/api/platforms/google/ad-account-choices/${choiceId}`);
    expect(choice.status).toBe(200);
    expect(choice.body).toMatchObject({
      id: choiceId,
      platform: 'google',
      displayName: 'Google Ads',
      adAccounts: [
        {
          id: '1112223334',
          name: 'Northwind Outdoor',
          currency: 'EUR',
          manager: { id: '1234567890', name: 'Agency MCC' },
        },
        { id: '5556667778', name: 'Contoso Bikes', currency: 'USD' },
      ],
    });
    // The tokens wait sealed: no answer of the flow carries them.
    const [row] = await db
      .select()
      .from(t.platformAdAccountChoices)
      .where(eq(t.platformAdAccountChoices.id, choiceId));
    expect(row!.tokensSealed).not.toContain('"accessToken"');

    const chosen = await client.post(`/api/platforms/google/ad-account-choices/${choiceId}`, {
      adAccountId: '5556667778',
    });
    expect(chosen.status).toBe(200);
    expect(chosen.body).toEqual({
      platform: 'google',
      status: 'connected',
      adAccount: { id: '5556667778', name: 'Contoso Bikes' },
      returnTo: '/platforms',
    });
    expect(await connectionOf(client)).toMatchObject({
      status: 'connected',
      adAccount: {
        id: '5556667778',
        name: 'Contoso Bikes',
        manager: { id: '1234567890', name: 'Agency MCC' },
      },
    });
    const [connection] = await db
      .select()
      .from(t.platformConnections)
      .where(eq(t.platformConnections.accountId, accountId));
    expect(connection!.externalManagerId).toBe('1234567890');

    // Used once: a second choice, or a read, finds nothing.
    const again = await client.post(`/api/platforms/google/ad-account-choices/${choiceId}`, {
      adAccountId: '1112223334',
    });
    expect(again.status).toBe(404);
    expect(again.body.message).toMatch(/expired or was already used/);
    expect((await client.get(`/api/platforms/google/ad-account-choices/${choiceId}`)).status).toBe(404);
  });

  it('refuses an ad account it did not offer, or none, and keeps the choice; another person sees nothing', async () => {
    const { client } = await plannerWith(reaching(ACCOUNTS));
    const { location } = await connectThroughConsent(client, 'google');
    const choiceId = new URL(location, 'http://localhost').searchParams.get('chooseAdAccount')!;

    const forged = await client.post(`/api/platforms/google/ad-account-choices/${choiceId}`, {
      adAccountId: '9999999999',
    });
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe('adAccountId: Google Ads did not offer that ad account');
    const empty = await client.post(`/api/platforms/google/ad-account-choices/${choiceId}`, {
      adAccountId: ' ',
    });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/^adAccountId: choose an ad account/);
    expect((await connectionOf(client)).status).toBe('not_connected');

    // Another planner (another account), the same id: answered like an unknown one.
    const other = await plannerWith(reaching(ACCOUNTS));
    const theirs = await other.client.get(`/api/platforms/google/ad-account-choices/${choiceId}`);
    expect(theirs.status).toBe(404);
    const taken = await other.client.post(`/api/platforms/google/ad-account-choices/${choiceId}`, {
      adAccountId: '1112223334',
    });
    expect(taken.status).toBe(404);
    // On another platform's path: not this choice either.
    expect((await client.get(`/api/platforms/meta/ad-account-choices/${choiceId}`)).status).toBe(404);
    expect((await client.get('/api/platforms/google/ad-account-choices/not-a-uuid')).status).toBe(404);

    // Still there for its owner.
    const mine = await client.post(`/api/platforms/google/ad-account-choices/${choiceId}`, {
      adAccountId: '1112223334',
    });
    expect(mine.status).toBe(200);
  });

  it('an expired choice is gone', async () => {
    const { client } = await plannerWith(reaching(ACCOUNTS));
    const { location } = await connectThroughConsent(client, 'google');
    const choiceId = new URL(location, 'http://localhost').searchParams.get('chooseAdAccount')!;
    await db
      .update(t.platformAdAccountChoices)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(t.platformAdAccountChoices.id, choiceId));
    expect((await client.get(`/api/platforms/google/ad-account-choices/${choiceId}`)).status).toBe(404);
  });
});

describe('a grant the platform finishes itself', () => {
  it('one ad account: connected at once, with its manager', async () => {
    const { client } = await plannerWith(reaching([ACCOUNTS[0]!]));
    const { location } = await connectThroughConsent(client, 'google');
    expect(location).toBe('/platforms?connected=google');
    expect(await connectionOf(client)).toMatchObject({
      status: 'connected',
      adAccount: { id: '1112223334', manager: { id: '1234567890' } },
    });
  });

  it('no ad account that can run ads: says so, connects nothing', async () => {
    const { client } = await plannerWith(reaching([]));
    const { location } = await connectThroughConsent(client, 'google');
    expect(location).toBe('/platforms?connectError=no_ad_account');
    expect((await connectionOf(client)).status).toBe('not_connected');
  });

  it('a permission not granted: says so; a platform that fails: the connection failed', async () => {
    const refusing = await plannerWith(async () => {
      throw new PlatformError('google', 'credentials_expired', 'The grant lacks the adwords scope');
    });
    expect((await connectThroughConsent(refusing.client, 'google')).location).toBe(
      '/platforms?connectError=missing_permission',
    );
    const failing = await plannerWith(async () => {
      throw new PlatformError('google', 'unavailable', 'Google Ads answered 503');
    });
    expect((await connectThroughConsent(failing.client, 'google')).location).toBe(
      '/platforms?connectError=failed',
    );
    expect((await connectionOf(failing.client)).status).toBe('not_connected');
  });

  it('a planner who may not connect platforms cannot read or use a choice', async () => {
    const app = testApp(db);
    const client = new TestClient(app);
    const res = await client.get(`/api/platforms/google/ad-account-choices/${crypto.randomUUID()}`);
    expect(res.status).toBe(401);
  });
});
