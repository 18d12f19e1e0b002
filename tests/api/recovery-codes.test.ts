import { CHALLENGE_REQUIRED, STEP_UP_HEADER } from '@contract/stepUp';
import * as t from '@server/db/schema';
import { DEMO_EMAIL, RIVAL_EMAIL } from '@server/seed/seed';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../support/db';
import { signedIn, type TestClient } from '../support/http';

/**
 * Recovery codes (issue 11), the seventh step-up method: ten single-use codes, shown once. Making them is
 * adding a sign-in method (behind the step-up, announced like any other); each code confirms one step-up;
 * a used code, a code of the previous set or of another user is a wrong code, counted like any other.
 */

const { db } = await freshDatabase();
const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const CODE_SHAPE = /^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/;

let demo: TestClient;
let rival: TestClient;

beforeAll(async () => {
  demo = await signedIn(db, 'demo', { enforceStepUp: true });
  rival = await signedIn(db, 'rival', { enforceStepUp: true });
});

interface Challenge {
  token: string;
  verificationMethods: string[];
  defaultVerificationMethod: string;
  description?: string;
}

function challengeOf(res: { status: number; body: any }): Challenge {
  expect(res.status, JSON.stringify(res.body)).toBe(403);
  expect(res.body.errorCode).toBe(CHALLENGE_REQUIRED);
  return res.body.challenge;
}

const outbox = async (client: TestClient, to: string) =>
  (
    await client.get<{ messages: { subject: string | null; text: string; code: string | null }[] }>(
      `/dev/outbox.json?to=${encodeURIComponent(to)}`,
    )
  ).body.messages;

/** A user without any method confirms with an e-mail code to their sign-in address. */
async function verifyByEmail(client: TestClient, email: string, challengeToken: string) {
  const bearer = { authorization: `Bearer ${challengeToken}` };
  await db.execute(sql`DELETE FROM provider_send_log`);
  expect((await client.post('/provider/v1/client/challenge/email-otp', {}, bearer)).status).toBe(200);
  const code = (await outbox(client, email))[0]?.code;
  const verified = await client.post(
    '/provider/v1/client/verify/email-otp',
    { verificationCode: code },
    bearer,
  );
  expect(verified.status).toBe(200);
  return verified.body.accessToken as string;
}

const verifyRecovery = (client: TestClient, challengeToken: string, code: string) =>
  client.post(
    '/provider/v1/client/verify/recovery-code',
    { verificationCode: code },
    { authorization: `Bearer ${challengeToken}`, 'user-agent': CHROME_MAC },
  );

/** Generates a set with an enrolment token got through `confirm` (the step-up of addAuthenticator). */
async function generate(client: TestClient, confirm: (challenge: Challenge) => Promise<string>) {
  const challenge = challengeOf(await client.post('/api/security/enrollment-token'));
  const verified = await confirm(challenge);
  const enrolment = await client.post('/api/security/enrollment-token', {}, { [STEP_UP_HEADER]: verified });
  expect(enrolment.status).toBe(200);
  const res = await client.post(
    '/provider/v1/client/user-authenticators/recovery-codes',
    {},
    { authorization: `Bearer ${enrolment.body.token}`, 'user-agent': CHROME_MAC },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { recoveryCodes: string[]; userAuthenticatorId: string };
}

/** A customer deletion's step-up challenge (a risky action) and how to finish it with a verified token. */
async function customerDeletion(client: TestClient, name: string) {
  const created = await client.post<{ id: string }>('/api/customers', { name });
  expect(created.status).toBe(201);
  const challenge = challengeOf(await client.post('/data/customers/delete', { customerId: created.body.id }));
  return {
    challenge,
    finish: (token: string) =>
      client.post('/data/customers/delete', { customerId: created.body.id }, { [STEP_UP_HEADER]: token }),
  };
}

const codesLeft = async (client: TestClient) => {
  const list = await client.get<{
    authenticators: { verificationMethod: string; recoveryCodesLeft?: number }[];
  }>('/api/security/authenticators');
  return list.body.authenticators.find((a) => a.verificationMethod === 'RECOVERY_CODE')?.recoveryCodesLeft;
};

let codes: string[] = [];

describe('recovery codes', () => {
  it('cannot be made with a session alone, nor with a challenge token', async () => {
    const challenge = challengeOf(await demo.post('/api/security/enrollment-token'));
    const res = await demo.post(
      '/provider/v1/client/user-authenticators/recovery-codes',
      {},
      { authorization: `Bearer ${challenge.token}` },
    );
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ errorCode: 'insufficient_scope', errorDescription: expect.any(String) });
  });

  it('are made after the step-up: ten, shown once, stored hashed, announced like any method added', async () => {
    const made = await generate(demo, (challenge) => verifyByEmail(demo, DEMO_EMAIL, challenge.token));
    codes = made.recoveryCodes;
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(CODE_SHAPE);
    expect(new Set(codes).size).toBe(10);

    // Only keyed hashes are stored: no code, with or without its dash, appears in the row.
    const [row] = await db
      .select()
      .from(t.providerAuthenticators)
      .where(eq(t.providerAuthenticators.id, made.userAuthenticatorId));
    const stored = JSON.stringify(row?.recoveryCodes);
    for (const code of codes) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(code.replace('-', ''));
    }
    expect(row?.recoveryCodes).toHaveLength(10);

    expect(await codesLeft(demo)).toBe(10);
    const mail = await outbox(demo, DEMO_EMAIL);
    expect(
      mail.filter((m) => m.subject === 'A sign-in method was added to your Flightplan account'),
    ).toHaveLength(1);
    expect(mail[0]?.text).toMatch(
      /^A sign-in method was added to your Flightplan account: Recovery code, on .+ UTC, from Chrome on macOS\./,
    );
  });

  it('are offered last in a step-up, and one confirms it once (case, spaces and dashes do not matter)', async () => {
    const deletion = await customerDeletion(demo, 'Recovery Customer');
    expect(deletion.challenge.verificationMethods.at(-1)).toBe('RECOVERY_CODE');
    const typed = ` ${codes[0]!.toUpperCase().replace('-', ' ')} `;
    const verified = await verifyRecovery(demo, deletion.challenge.token, typed);
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect(verified.body).toMatchObject({ isVerified: true, accessToken: expect.any(String) });
    expect((await deletion.finish(verified.body.accessToken)).status).toBe(200);
    expect(await codesLeft(demo)).toBe(9);

    // Recent activity names the method.
    const activity = await demo.get<{ events: { kind: string; method: string; action: string | null }[] }>(
      '/api/security/activity?_end=1',
    );
    expect(activity.body.events[0]).toMatchObject({
      kind: 'step_up',
      method: 'RECOVERY_CODE',
      action: 'deleteCustomer',
    });
  });

  it('a used code is refused, and counts as a wrong code', async () => {
    const deletion = await customerDeletion(demo, 'Reuse Customer');
    const again = await verifyRecovery(demo, deletion.challenge.token, codes[0]!);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({
      error: 'invalid_code',
      errorCode: 'code_already_used',
      errorDescription: 'That recovery code was already used.',
      attemptsRemaining: 4,
      isVerified: false,
    });
    expect(await codesLeft(demo)).toBe(9);
  });

  it('a wrong code is refused and counted; five lock the method, even for a right code', async () => {
    const deletion = await customerDeletion(demo, 'Wrong Customer');
    const wrong = await verifyRecovery(demo, deletion.challenge.token, '00000-00000');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ errorCode: 'invalid_code', attemptsRemaining: 3 });
    const malformed = await verifyRecovery(demo, deletion.challenge.token, '12');
    expect(malformed.status).toBe(400);
    expect(malformed.body.errorDescription).toContain('A recovery code is 10 letters and digits');
    for (const remaining of [2, 1]) {
      const res = await verifyRecovery(demo, deletion.challenge.token, '00000-00001');
      expect(res.body.attemptsRemaining).toBe(remaining);
    }
    const fifth = await verifyRecovery(demo, deletion.challenge.token, '00000-00002');
    expect(fifth.status).toBe(423);
    expect(fifth.body.errorCode).toBe('locked');
    const right = await verifyRecovery(demo, deletion.challenge.token, codes[1]!);
    expect(right.status).toBe(423);
    expect(await codesLeft(demo)).toBe(9);
    // The lock lasts its 10 minutes; the test moves on without waiting.
    await db.delete(t.providerChallenges).where(eq(t.providerChallenges.kind, 'recovery_code'));
  });

  it('another user’s code is a wrong code', async () => {
    await generate(rival, (challenge) => verifyByEmail(rival, RIVAL_EMAIL, challenge.token));
    const deletion = await customerDeletion(rival, 'Rival Customer');
    const res = await verifyRecovery(rival, deletion.challenge.token, codes[1]!);
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe('invalid_code');
    expect(await codesLeft(demo)).toBe(9);
  });

  it('regenerating (after a step-up with a code) makes the old set stop working', async () => {
    const made = await generate(demo, async (challenge) => {
      expect(challenge.verificationMethods).toEqual(['RECOVERY_CODE']);
      const res = await verifyRecovery(demo, challenge.token, codes[1]!);
      expect(res.status).toBe(200);
      return res.body.accessToken;
    });
    expect(await codesLeft(demo)).toBe(10);
    const deletion = await customerDeletion(demo, 'Regenerated Customer');
    const old = await verifyRecovery(demo, deletion.challenge.token, codes[2]!);
    expect(old.status).toBe(400);
    expect(old.body.errorCode).toBe('invalid_code');
    const fresh = await verifyRecovery(demo, deletion.challenge.token, made.recoveryCodes[0]!);
    expect(fresh.status).toBe(200);
    codes = made.recoveryCodes;
  });

  it('a set with no code left is not offered', async () => {
    await db
      .update(t.providerAuthenticators)
      .set({
        recoveryCodes: sql`(SELECT jsonb_agg(jsonb_set(c, '{usedAt}', to_jsonb(now()::text))) FROM jsonb_array_elements(${t.providerAuthenticators.recoveryCodes}) c)`,
      })
      .where(eq(t.providerAuthenticators.method, 'RECOVERY_CODE'));
    const deletion = await customerDeletion(demo, 'Exhausted Customer');
    // Only method left is an exhausted set: the challenge falls back to a code to the sign-in address.
    expect(deletion.challenge.verificationMethods).toEqual(['EMAIL_OTP']);
    expect(await codesLeft(demo)).toBe(0);
  });

  it('removing them asks for the step-up, like removing any method', async () => {
    const list = await demo.get<{
      authenticators: { userAuthenticatorId: string; verificationMethod: string }[];
    }>('/api/security/authenticators');
    const set = list.body.authenticators.find((a) => a.verificationMethod === 'RECOVERY_CODE')!;
    const asked = challengeOf(await demo.delete(`/api/security/authenticators/${set.userAuthenticatorId}`));
    expect(asked.description).toMatch(/^Remove the recovery codes added on /);
    const verified = await verifyByEmail(demo, DEMO_EMAIL, asked.token);
    const removed = await demo.request(
      'DELETE',
      `/api/security/authenticators/${set.userAuthenticatorId}`,
      undefined,
      {
        [STEP_UP_HEADER]: verified,
      },
    );
    expect(removed.status).toBe(200);
    expect(await codesLeft(demo)).toBeUndefined();
  });
});
