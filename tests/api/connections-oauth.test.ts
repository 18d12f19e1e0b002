import { createHash } from 'node:crypto';
import type { PlatformConnection } from '@contract/connections';
import { connectionAccess } from '@server/connections/access';
import { createOAuthClients } from '@server/connections/oauthClient';
import { refreshExpiring } from '@server/connections/refresh';
import { tokenContext } from '@server/connections/store';
import * as t from '@server/db/schema';
import { PlatformError } from '@server/platforms/connector';
import { SandboxConnector } from '@server/platforms/sandbox';
import { checkSandboxAccessToken } from '@server/platforms/sandbox/oauthTokens';
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectThroughConsent, decide, pathOf, startConnect, Transcript } from '../connections/flow';
import { newPlanner } from '../connections/planner';
import { TEST_SECRET_BOX } from '../support/connections';
import { freshDatabase } from '../support/db';
import { signedIn, socketEnv, TEST_CONFIG, TestClient, testApp } from '../support/http';

const { db } = await freshDatabase();
const testAppClient = () => new TestClient(testApp(db));

/** Our OAuth client reaching the sandbox servers of a test app in-process (what the refresh job uses). */
function clients() {
  const app = testApp(db);
  return createOAuthClients(TEST_CONFIG.oauth, (url, init) => app.request(url, init, socketEnv()));
}

async function connectionRow(accountId: string, platform: string) {
  const [row] = await db
    .select()
    .from(t.platformConnections)
    .where(
      and(eq(t.platformConnections.accountId, accountId), eq(t.platformConnections.platformKey, platform)),
    );
  return row;
}

function openTokens(row: typeof t.platformConnections.$inferSelect) {
  return {
    access: TEST_SECRET_BOX.open(
      row.accessTokenSealed,
      tokenContext('access', row.platformKey, row.accountId),
    ),
    refresh: TEST_SECRET_BOX.open(
      row.refreshTokenSealed!,
      tokenContext('refresh', row.platformKey, row.accountId),
    ),
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Connect: the OAuth 2.0 authorization code flow with PKCE and state', () => {
  it('connects the ad account chosen on the consent page, its tokens sealed at rest', async () => {
    const { client, accountId } = await newPlanner(db);
    const before = await client.get('/api/platforms/connections');
    expect(before.body.map((c: { status: string }) => c.status)).toEqual(Array(7).fill('not_connected'));

    const { authorizationUrl, page } = await startConnect(client, 'meta');
    expect(authorizationUrl.pathname).toBe('/sandbox/meta/oauth/authorize');
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizationUrl.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(authorizationUrl.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(page.html).toContain('Flightplan wants to access your Meta ad account');
    const chosen = page.adAccounts.at(-1)!;
    const callback = await decide(client, 'meta', page, 'allow', chosen);
    expect(callback).toMatch(/^\/api\/platforms\/meta\/callback\?code=.+&state=/);
    const done = await client.get(callback);
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe('/platforms?connected=meta');

    const list = await client.get('/api/platforms/connections');
    const meta = list.body.find((c: { platform: string }) => c.platform === 'meta');
    expect(meta).toMatchObject({
      status: 'connected',
      adAccount: { id: chosen },
      scope: 'ads_read ads_management',
      problem: null,
    });
    expect(Date.parse(meta.accessExpiresAt) - Date.now()).toBeGreaterThan(50 * 60 * 1000);
    const row = (await connectionRow(accountId, 'meta'))!;
    const tokens = openTokens(row);
    expect(row.accessTokenSealed).not.toContain(tokens.access);
    expect(await checkSandboxAccessToken(db, 'meta', tokens.access)).toMatchObject({
      ok: true,
      externalAccountId: chosen,
    });
  });

  it('returns to the page that started it (same-origin paths only)', async () => {
    const { client } = await newPlanner(db);
    const started = await client.post('/api/platforms/tiktok/connect', {
      returnTo: '/planning/wizard/x?step=review',
    });
    const page = await client.get(pathOf(started.body.authorizationUrl));
    const { readConsentPage } = await import('../connections/flow');
    const callback = await decide(client, 'tiktok', readConsentPage(String(page.body)), 'allow');
    expect(pathOf((await client.get(callback)).headers.get('location'))).toBe(
      '/planning/wizard/x?step=review&connected=tiktok',
    );
    const offsite = await client.post('/api/platforms/tiktok/connect', { returnTo: '//evil.example/' });
    const offsitePage = await client.get(pathOf(offsite.body.authorizationUrl));
    const offsiteCallback = await decide(
      client,
      'tiktok',
      readConsentPage(String(offsitePage.body)),
      'allow',
    );
    expect((await client.get(offsiteCallback)).headers.get('location')).toBe('/platforms?connected=tiktok');
  });

  it('Cancel on the consent page comes back as denied, nothing connected', async () => {
    const { client, accountId } = await newPlanner(db);
    const { page } = await startConnect(client, 'google');
    const callback = await decide(client, 'google', page, 'cancel');
    expect(callback).toContain('error=access_denied');
    expect((await client.get(callback)).headers.get('location')).toBe('/platforms?connectError=denied');
    expect(await connectionRow(accountId, 'google')).toBeUndefined();
  });

  it('refuses a wrong state: nothing is exchanged', async () => {
    const { client, accountId } = await newPlanner(db);
    const { page } = await startConnect(client, 'meta');
    const callback = new URL(await decide(client, 'meta', page, 'allow'), 'http://localhost');
    callback.searchParams.set('state', 'not-the-state-we-issued');
    const res = await client.get(pathOf(callback.href));
    expect(res.headers.get('location')).toBe('/platforms?connectError=expired');
    expect(await connectionRow(accountId, 'meta')).toBeUndefined();
    // The code was never redeemed: it is still unused at the platform.
    const code = callback.searchParams.get('code')!;
    const [row] = await db
      .select()
      .from(t.sandboxOauthCodes)
      .where(eq(t.sandboxOauthCodes.codeHash, createHash('sha256').update(code).digest('hex')));
    expect(row!.usedAt).toBeNull();
    // Signed out by then: the same, never a 401 page.
    const signedOut = await testAppClient().get(pathOf(callback.href));
    expect(signedOut.headers.get('location')).toBe('/platforms?connectError=expired');
    // No state at all is refused the same way.
    callback.searchParams.delete('state');
    expect((await client.get(pathOf(callback.href))).headers.get('location')).toBe(
      '/platforms?connectError=expired',
    );
  });

  it('refuses a replayed state: the second callback changes nothing', async () => {
    const { client, accountId } = await newPlanner(db);
    const { callback } = await connectThroughConsent(client, 'snapchat');
    const first = (await connectionRow(accountId, 'snapchat'))!;
    const replay = await client.get(callback);
    expect(replay.headers.get('location')).toBe('/platforms?connectError=expired');
    const after = (await connectionRow(accountId, 'snapchat'))!;
    expect(after.accessTokenSealed).toBe(first.accessTokenSealed);
  });

  it("refuses another person's state (a callback link sent to someone else)", async () => {
    const planner = await newPlanner(db);
    const { page } = await startConnect(planner.client, 'meta');
    const callback = await decide(planner.client, 'meta', page, 'allow');
    const rival = await signedIn(db, 'rival');
    expect((await rival.get(callback)).headers.get('location')).toBe('/platforms?connectError=expired');
    // …and the planner can still finish their own.
    expect((await planner.client.get(callback)).headers.get('location')).toBe('/platforms?connected=meta');
  });

  it('refuses an expired state (a Connect older than 10 minutes)', async () => {
    const { client, accountId } = await newPlanner(db);
    const { page } = await startConnect(client, 'meta');
    const callback = await decide(client, 'meta', page, 'allow');
    await db.update(t.oauthAuthorizations).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await client.get(callback)).headers.get('location')).toBe('/platforms?connectError=expired');
    expect(await connectionRow(accountId, 'meta')).toBeUndefined();
  });

  it('fails on an expired code', async () => {
    const { client, accountId } = await newPlanner(db);
    const { page } = await startConnect(client, 'linkedin');
    const callback = await decide(client, 'linkedin', page, 'allow');
    await db
      .update(t.sandboxOauthCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(t.sandboxOauthCodes.platformKey, 'linkedin'));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect((await client.get(callback)).headers.get('location')).toBe('/platforms?connectError=failed');
    expect(await connectionRow(accountId, 'linkedin')).toBeUndefined();
  });

  it('fails on a wrong PKCE verifier, and the code is used up by the attempt', async () => {
    const { client, accountId } = await newPlanner(db);
    const { page } = await startConnect(client, 'pinterest');
    const callback = await decide(client, 'pinterest', page, 'allow');
    // Someone holding the code but not our verifier (an intercepted redirect):
    const code = new URL(callback, 'http://localhost').searchParams.get('code')!;
    const { clientId, clientSecret } = TEST_CONFIG.oauth.sandboxClient;
    const stolen = await client.post(
      '/sandbox/pinterest/oauth/token',
      new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: TEST_CONFIG.oauth.platforms.pinterest!.redirectUri,
        code_verifier: 'a'.repeat(64),
        client_id: clientId,
        client_secret: clientSecret,
      }).toString(),
      { 'content-type': 'application/x-www-form-urlencoded' },
    );
    expect(stolen.status).toBe(400);
    expect(stolen.body).toMatchObject({ error: 'invalid_grant' });
    expect(stolen.body.error_description).toContain('code verifier');
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect((await client.get(callback)).headers.get('location')).toBe('/platforms?connectError=failed');
    expect(await connectionRow(accountId, 'pinterest')).toBeUndefined();
  });

  it('the token endpoint refuses a wrong client secret and a wrong redirect_uri', async () => {
    const { client } = await newPlanner(db);
    const { page } = await startConnect(client, 'microsoft');
    const callback = await decide(client, 'microsoft', page, 'allow');
    const code = new URL(callback, 'http://localhost').searchParams.get('code')!;
    const body = (changes: Record<string, string>) =>
      new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: TEST_CONFIG.oauth.platforms.microsoft!.redirectUri,
        code_verifier: 'b'.repeat(64),
        client_id: 'flightplan',
        client_secret: TEST_CONFIG.oauth.sandboxClient.clientSecret,
        ...changes,
      }).toString();
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const badSecret = await client.post(
      '/sandbox/microsoft/oauth/token',
      body({ client_secret: 'guess' }),
      form,
    );
    expect(badSecret.status).toBe(400);
    expect(badSecret.body.error).toBe('invalid_client');
    const badRedirect = await client.post(
      '/sandbox/microsoft/oauth/token',
      body({ redirect_uri: 'http://localhost:3000/elsewhere' }),
      form,
    );
    expect(badRedirect.status).toBe(400);
  });
});

describe('The sandbox authorization endpoint', () => {
  it('never redirects to an unregistered address, and sends other mistakes back to the app', async () => {
    const demo = await signedIn(db);
    const { redirectUri } = TEST_CONFIG.oauth.platforms.meta!;
    const query = (changes: Record<string, string>) =>
      `/sandbox/meta/oauth/authorize?${new URLSearchParams({
        response_type: 'code',
        client_id: 'flightplan',
        redirect_uri: redirectUri,
        code_challenge: 'c'.repeat(43),
        code_challenge_method: 'S256',
        state: 's',
        ...changes,
      })}`;
    const evil = await demo.get(query({ redirect_uri: 'https://evil.example/callback' }));
    expect(evil.status).toBe(400);
    expect(String(evil.body)).toContain('has not registered');
    expect((await demo.get(query({ client_id: 'someone' }))).status).toBe(400);
    const plain = await demo.get(query({ code_challenge_method: 'plain' }));
    expect(plain.status).toBe(302);
    expect(plain.headers.get('location')).toContain('error=invalid_request');
    const ok = await demo.get(query({}));
    expect(ok.status).toBe(200);
    const csp = ok.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(String(ok.body)).not.toContain('<script');
  });

  it('refuses a consent form sealed for another session (a forged or replayed form)', async () => {
    const planner = await newPlanner(db);
    const { page } = await startConnect(planner.client, 'meta');
    const rival = await signedIn(db, 'rival');
    const res = await rival.post(
      '/sandbox/meta/oauth/authorize',
      new URLSearchParams({
        consent: page.consent,
        ad_account: page.adAccounts[0]!,
        decision: 'allow',
      }).toString(),
      { 'content-type': 'application/x-www-form-urlencoded' },
    );
    expect(res.status).toBe(400);
    expect(String(res.body)).toContain('not valid');
  });

  it('answers 404 for a platform it does not know', async () => {
    const demo = await signedIn(db);
    expect((await demo.get('/sandbox/myspace/oauth/authorize')).status).toBe(404);
    expect((await demo.post('/api/platforms/myspace/connect', {})).status).toBe(404);
    expect((await demo.get('/api/platforms/myspace/callback?state=x&code=y')).status).toBe(404);
    expect((await demo.delete('/api/platforms/myspace/connection')).status).toBe(404);
  });
});

describe('Refresh, revocation and reconnecting', () => {
  it('refreshes tokens about to expire: new pair, the old one no longer works', async () => {
    const { client, accountId } = await newPlanner(db);
    await connectThroughConsent(client, 'meta');
    const before = (await connectionRow(accountId, 'meta'))!;
    const old = openTokens(before);
    await db
      .update(t.platformConnections)
      .set({ accessExpiresAt: new Date(Date.now() + 5 * 60 * 1000) })
      .where(eq(t.platformConnections.accountId, accountId));
    const outcomes = await refreshExpiring(db, TEST_SECRET_BOX, clients());
    expect(outcomes.refreshed).toBeGreaterThanOrEqual(1);
    const after = (await connectionRow(accountId, 'meta'))!;
    const fresh = openTokens(after);
    expect(fresh.access).not.toBe(old.access);
    expect(fresh.refresh).not.toBe(old.refresh);
    expect(after.accessExpiresAt.getTime() - Date.now()).toBeGreaterThan(50 * 60 * 1000);
    expect(after.connectedAt.getTime()).toBe(before.connectedAt.getTime());
    expect(after.refreshedAt).not.toBeNull();
    expect(await checkSandboxAccessToken(db, 'meta', old.access)).toEqual({ ok: false, reason: 'revoked' });
    expect((await checkSandboxAccessToken(db, 'meta', fresh.access)).ok).toBe(true);
  });

  it('revoked on the platform → needs reconnecting (refresh and calls) → reconnect', async () => {
    const { client, accountId } = await newPlanner(db);
    await connectThroughConsent(client, 'meta');
    const revoked = await client.post('/sandbox/meta/control/revoke', {});
    expect(revoked.body).toEqual({ revoked: 1 });

    // A call with the revoked token: the platform refuses, the connection needs reconnecting.
    const access = connectionAccess(db, TEST_SECRET_BOX, clients());
    const connector = new SandboxConnector('meta', 'Meta', db, { delayMs: 0, reviewMs: 0 });
    const credentials = await access.credentialsFor(accountId, 'meta');
    const refusal = await connector.status('meta_x', { credentials }).catch((error) => error);
    expect(refusal).toBeInstanceOf(PlatformError);
    expect(refusal.kind).toBe('credentials_expired');
    await access.noteFailure(accountId, refusal);
    let meta = (await client.get('/api/platforms/connections')).body.find(
      (c: { platform: string }) => c.platform === 'meta',
    );
    expect(meta).toMatchObject({ status: 'needs_reconnect', problem: expect.stringContaining('revoked') });
    await expect(access.credentialsFor(accountId, 'meta')).rejects.toThrow(
      'Meta needs reconnecting: reconnect it under Platforms.',
    );

    // Reconnect: the consent page again, connected again.
    const again = await connectThroughConsent(client, 'meta');
    expect(again.location).toBe('/platforms?connected=meta');
    meta = (await client.get('/api/platforms/connections')).body.find(
      (c: { platform: string }) => c.platform === 'meta',
    );
    expect(meta).toMatchObject({ status: 'connected', problem: null });
    expect((await access.credentialsFor(accountId, 'meta')).accessToken).toMatch(/^sbx_at_/);
  });

  it('a refresh refused after revocation marks the connection as needing reconnecting', async () => {
    const { client, accountId } = await newPlanner(db);
    await connectThroughConsent(client, 'google');
    await client.post('/sandbox/google/control/revoke', {});
    await db
      .update(t.platformConnections)
      .set({ accessExpiresAt: new Date(Date.now() + 60 * 1000) })
      .where(eq(t.platformConnections.accountId, accountId));
    const outcomes = await refreshExpiring(db, TEST_SECRET_BOX, clients());
    expect(outcomes.needs_reconnect).toBeGreaterThanOrEqual(1);
    const row = (await connectionRow(accountId, 'google'))!;
    expect(row.status).toBe('needs_reconnect');
    expect(row.problem).toContain('Google Ads refused to renew the access');
  });
});

describe('Disconnect', () => {
  it('revokes the tokens at the platform and forgets the connection', async () => {
    const { client, accountId } = await newPlanner(db);
    await connectThroughConsent(client, 'tiktok');
    const { access, refresh } = openTokens((await connectionRow(accountId, 'tiktok'))!);
    const res = await client.delete('/api/platforms/tiktok/connection');
    expect(res.status).toBe(200);
    expect(await connectionRow(accountId, 'tiktok')).toBeUndefined();
    expect(await checkSandboxAccessToken(db, 'tiktok', access)).toEqual({ ok: false, reason: 'revoked' });
    void refresh;
    expect((await client.delete('/api/platforms/tiktok/connection')).status).toBe(404);
  });

  it('is refused while the platform runs campaigns of the account', async () => {
    const demo = await signedIn(db);
    const user = await demo.get('/api/auth/user');
    const [running] = await db
      .select()
      .from(t.campaigns)
      .where(and(eq(t.campaigns.accountId, user.body.currentAccount.id), eq(t.campaigns.status, 'active')));
    const platform = running!.platforms[0]!;
    const res = await demo.delete(`/api/platforms/${platform}/connection`);
    expect(res.status).toBe(409);
    expect(res.body.errorCode).toBe('PLATFORM_IN_USE');
    expect(res.body.message).toMatch(/runs \d+ campaigns? of this account: /);
    // Issue 28: the refusal and the connection's list name the campaigns that run there.
    expect(res.body.message).toContain(running!.name);
    const list = await demo.get<PlatformConnection[]>('/api/platforms/connections');
    const entry = list.body.find((c) => c.platform === platform)!;
    expect(entry.runningCampaigns.map((c) => c.name)).toContain(running!.name);
    expect(entry.runningCampaigns.find((c) => c.name === running!.name)?.id).toBe(running!.id);
  });
});

describe('Tenancy and secrecy', () => {
  it("never shows another account's connection", async () => {
    const planner = await newPlanner(db);
    await connectThroughConsent(planner.client, 'meta');
    const rival = await signedIn(db, 'rival');
    const list = await rival.get('/api/platforms/connections');
    const plannerRow = (await connectionRow(planner.accountId, 'meta'))!;
    expect(JSON.stringify(list.body)).not.toContain(plannerRow.externalAccountId);
    // The rival's own connections are the seeded ones.
    expect(list.body.every((c: { status: string }) => c.status === 'connected')).toBe(true);
  });

  it('never sends or logs a token: every answer of the flow and every console line is searched', async () => {
    const lines: string[] = [];
    for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const)
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        lines.push(
          args.map((a) => (a instanceof Error ? `${a.message} ${a.stack}` : JSON.stringify(a))).join(' '),
        );
      });
    const transcript = new Transcript();
    const { client, accountId } = await newPlanner(db);
    await connectThroughConsent(client, 'meta', transcript);
    const issued = [openTokens((await connectionRow(accountId, 'meta'))!)];
    transcript.add(await client.get('/api/platforms/connections'));
    await db
      .update(t.platformConnections)
      .set({ accessExpiresAt: new Date(Date.now() + 60 * 1000) })
      .where(eq(t.platformConnections.accountId, accountId));
    await refreshExpiring(db, TEST_SECRET_BOX, clients());
    issued.push(openTokens((await connectionRow(accountId, 'meta'))!));
    transcript.add(await client.get('/api/platforms/connections'));
    // A failing exchange logs too: it must not quote the code or the verifier either.
    const { page } = await startConnect(client, 'google', transcript);
    const callback = await decide(client, 'google', page, 'allow', undefined, transcript);
    await db.update(t.sandboxOauthCodes).set({ expiresAt: new Date(Date.now() - 1000) });
    transcript.add(await client.get(callback));
    transcript.add(await client.delete('/api/platforms/meta/connection'));
    const code = new URL(callback, 'http://localhost').searchParams.get('code')!;
    expect(lines.some((line) => line.includes('Connecting Google Ads'))).toBe(true);
    const everything = [...transcript.texts, ...lines].join('\n');
    for (const { access, refresh } of issued) {
      expect(everything).not.toContain(access);
      expect(everything).not.toContain(refresh);
    }
    expect(lines.join('\n')).not.toContain(code);
  });
});
