import { CHALLENGE_REQUIRED, STEP_UP_HEADER, STEP_UP_MESSAGES } from '@contract/stepUp';
import * as t from '@server/db/schema';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { connectThroughConsent } from '../connections/flow';
import { newPlanner } from '../connections/planner';
import { freshDatabase } from '../support/db';
import type { TestClient } from '../support/http';

/**
 * Disconnecting an ad platform stops its delivery sync and drops the account's tokens: a risky action like
 * launching or deleting a campaign. Without a verified step-up it is refused as those are (403
 * CHALLENGE_REQUIRED, the dialog's challenge saying what is confirmed) and nothing changes; with the token
 * earned through the provider it disconnects, once, and only that platform of that account.
 */

const { db } = await freshDatabase();

const connection = async (accountId: string, platformKey: string) =>
  (
    await db
      .select()
      .from(t.platformConnections)
      .where(
        and(
          eq(t.platformConnections.accountId, accountId),
          eq(t.platformConnections.platformKey, platformKey),
        ),
      )
  )[0];

/** What the challenge dialog does for a user without authenticators: e-mail OTP, the code from the outbox. */
async function verifyByEmail(client: TestClient, challengeToken: string, email: string): Promise<string> {
  const bearer = { authorization: `Bearer ${challengeToken}` };
  await db.execute(sql`DELETE FROM provider_send_log`);
  expect((await client.post('/provider/v1/client/challenge/email-otp', {}, bearer)).status).toBe(200);
  const outbox = await client.get<{ messages: { code: string | null }[] }>(
    `/dev/outbox.json?to=${encodeURIComponent(email)}`,
  );
  const verified = await client.post<{ accessToken: string }>(
    '/provider/v1/client/verify/email-otp',
    { verificationCode: outbox.body.messages[0]?.code },
    bearer,
  );
  expect(verified.status).toBe(200);
  return verified.body.accessToken;
}

describe('DELETE /api/platforms/{key}/connection asks for the step-up', () => {
  it('without a token: 403 CHALLENGE_REQUIRED naming the platform and ad account, still connected', async () => {
    const { client, accountId } = await newPlanner(db, { enforceStepUp: true });
    await connectThroughConsent(client, 'meta');
    const row = (await connection(accountId, 'meta'))!;

    const res = await client.delete('/api/platforms/meta/connection');
    expect(res.status).toBe(403);
    expect(res.body.errorCode).toBe(CHALLENGE_REQUIRED);
    expect(res.body.message).toBe(STEP_UP_MESSAGES.required);
    expect(res.body.challenge.description).toBe(`Disconnect Meta (ad account ${row.externalAccountName})`);
    expect(await connection(accountId, 'meta')).toBeDefined();
    // A wrong token is refused the same way.
    const wrong = await client.request('DELETE', '/api/platforms/meta/connection', undefined, {
      [STEP_UP_HEADER]: 'not-a-token',
    });
    expect([wrong.status, wrong.body.errorCode]).toEqual([403, CHALLENGE_REQUIRED]);
    expect(await connection(accountId, 'meta')).toBeDefined();
  });

  it('with the verified token: disconnected; the token does not open it twice nor another platform', async () => {
    const { client, accountId, email } = await newPlanner(db, { enforceStepUp: true });
    await connectThroughConsent(client, 'meta');
    await connectThroughConsent(client, 'tiktok');

    const refused = await client.delete('/api/platforms/meta/connection');
    const token = await verifyByEmail(client, refused.body.challenge.token, email);
    // Bound to Meta of this account: TikTok is refused with it.
    const other = await client.request('DELETE', '/api/platforms/tiktok/connection', undefined, {
      [STEP_UP_HEADER]: token,
    });
    expect([other.status, other.body.errorCode]).toEqual([403, CHALLENGE_REQUIRED]);
    expect(await connection(accountId, 'tiktok')).toBeDefined();

    const res = await client.request('DELETE', '/api/platforms/meta/connection', undefined, {
      [STEP_UP_HEADER]: token,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ platform: 'meta', status: 'not_connected' });
    expect(await connection(accountId, 'meta')).toBeUndefined();
    expect(await connection(accountId, 'tiktok')).toBeDefined();

    // Connected again, the same token does not disconnect it a second time.
    await connectThroughConsent(client, 'meta');
    const again = await client.request('DELETE', '/api/platforms/meta/connection', undefined, {
      [STEP_UP_HEADER]: token,
    });
    expect([again.status, again.body.errorCode]).toEqual([403, CHALLENGE_REQUIRED]);
    expect(await connection(accountId, 'meta')).toBeDefined();
  });

  it('asks for nothing when it would be refused anyway: not connected is 404 without a challenge', async () => {
    const { client } = await newPlanner(db, { enforceStepUp: true });
    const res = await client.delete('/api/platforms/meta/connection');
    expect(res.status).toBe(404);
    expect(res.body.errorCode).toBeUndefined();
  });
});

describe('POST /api/platforms/{key}/connect over an existing connection asks for the step-up (issue 26)', () => {
  it('a stolen session cannot re-point the connection: 403 CHALLENGE_REQUIRED, and nothing is started', async () => {
    const { client, accountId, email } = await newPlanner(db, { enforceStepUp: true });
    // A first connection asks nothing.
    await connectThroughConsent(client, 'meta');
    const row = (await connection(accountId, 'meta'))!;
    const pending = async () =>
      (await db.select().from(t.oauthAuthorizations).where(eq(t.oauthAuthorizations.accountId, accountId)))
        .length;
    const before = await pending();

    const refused = await client.post('/api/platforms/meta/connect', {});
    expect(refused.status).toBe(403);
    expect(refused.body.errorCode).toBe(CHALLENGE_REQUIRED);
    expect(refused.body.challenge.description).toBe(
      `Reconnect Meta (replacing ad account ${row.externalAccountName})`,
    );
    expect(refused.body.authorizationUrl).toBeUndefined();
    expect(await pending()).toBe(before);

    // With the token verified for it, the reconnect starts (an authorization URL), once.
    const token = await verifyByEmail(client, refused.body.challenge.token, email);
    const started = await client.post('/api/platforms/meta/connect', {}, { [STEP_UP_HEADER]: token });
    expect(started.status).toBe(200);
    expect(started.body.authorizationUrl).toMatch(/^http/);
    const replayed = await client.post('/api/platforms/meta/connect', {}, { [STEP_UP_HEADER]: token });
    expect([replayed.status, replayed.body.errorCode]).toEqual([403, CHALLENGE_REQUIRED]);
  });
});
