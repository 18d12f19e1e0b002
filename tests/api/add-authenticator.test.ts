import { CHALLENGE_REQUIRED, STEP_UP_HEADER, STEP_UP_MESSAGES } from '@contract/stepUp';
import { DEMO_EMAIL } from '@server/seed/seed';
import { sql } from 'drizzle-orm';
import { Secret, TOTP, URI } from 'otpauth';
import { beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../support/db';
import { signedIn, type TestClient } from '../support/http';

/**
 * Issue 11, finding 1: “a session alone gets past the step-up”. With only the session cookie, the enrolment
 * token was handed out, an authenticator app enrolled and confirmed with it, and that app then passed every
 * risky action's challenge. Adding a sign-in method is now itself a risky action (`addAuthenticator`), and
 * the user is told of every method added: an e-mail to the sign-in address and a notice in their sessions.
 */

const { db } = await freshDatabase();
const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let demo: TestClient;
let otherSession: TestClient;

beforeAll(async () => {
  demo = await signedIn(db, 'demo', { enforceStepUp: true });
  otherSession = await signedIn(db, 'demo', { enforceStepUp: true });
});

interface Outboxed {
  subject: string | null;
  text: string;
  code: string | null;
}
const outbox = async (client: TestClient, to: string) =>
  (await client.get<{ messages: Outboxed[] }>(`/dev/outbox.json?to=${encodeURIComponent(to)}`)).body.messages;

async function challengeOf(res: { status: number; body: any }) {
  expect(res.status, JSON.stringify(res.body)).toBe(403);
  expect(res.body.errorCode).toBe(CHALLENGE_REQUIRED);
  expect(res.body.token).toBeUndefined();
  return res.body.challenge as { token: string; verificationMethods: string[]; user: { email: string } };
}

/** The dialog's e-mail code for a user without methods: the verified token of the challenge's action. */
async function verifyByEmail(client: TestClient, challengeToken: string): Promise<string> {
  const bearer = { authorization: `Bearer ${challengeToken}` };
  await db.execute(sql`DELETE FROM provider_send_log`);
  expect((await client.post('/provider/v1/client/challenge/email-otp', {}, bearer)).status).toBe(200);
  const code = (await outbox(client, DEMO_EMAIL))[0]?.code;
  const verified = await client.post(
    '/provider/v1/client/verify/email-otp',
    { verificationCode: code },
    bearer,
  );
  expect(verified.status).toBe(200);
  return verified.body.accessToken;
}

let app: TOTP;

describe('adding a sign-in method needs a step-up (issue 11)', () => {
  it('the attack: a session alone gets no enrolment token, only a challenge', async () => {
    const res = await demo.post('/api/security/enrollment-token');
    const challenge = await challengeOf(res);
    expect(res.body.message).toBe(STEP_UP_MESSAGES.required);
    // No method yet: the challenge is a code to the sign-in address, which the session alone cannot read.
    expect(challenge).toMatchObject({ user: { email: DEMO_EMAIL }, verificationMethods: ['EMAIL_OTP'] });
    // The challenge token itself is no proof: it cannot enrol, and it is no verified token either.
    const enrol = await demo.post(
      '/provider/v1/client/user-authenticators/totp',
      {},
      { authorization: `Bearer ${challenge.token}` },
    );
    expect(enrol.status).toBe(403);
    expect(enrol.body.errorCode).toBe('insufficient_scope');
    const withChallenge = await demo.post(
      '/api/security/enrollment-token',
      {},
      { [STEP_UP_HEADER]: challenge.token },
    );
    await challengeOf(withChallenge);
    expect(withChallenge.body.message).toBe(STEP_UP_MESSAGES.invalid);
  });

  it('a token verified for another risky action does not hand one out', async () => {
    const customer = await demo.post<{ id: string }>('/api/customers', { name: 'Enrolment Customer' });
    expect(customer.status).toBe(201);
    const deletion = await challengeOf(await demo.delete(`/api/customers/${customer.body.id}`));
    const forDeletion = await verifyByEmail(demo, deletion.token);
    const res = await demo.post('/api/security/enrollment-token', {}, { [STEP_UP_HEADER]: forDeletion });
    await challengeOf(res);
    expect(res.body.message).toBe(STEP_UP_MESSAGES.mismatch);
  });

  it('with the token verified for addAuthenticator it does, once', async () => {
    const challenge = await challengeOf(await demo.post('/api/security/enrollment-token'));
    const verified = await verifyByEmail(demo, challenge.token);
    const res = await demo.post('/api/security/enrollment-token', {}, { [STEP_UP_HEADER]: verified });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      token: expect.any(String),
      baseUrl: '/provider/v1',
      tenantId: 'flightplan-local',
    });
    const replayed = await demo.post('/api/security/enrollment-token', {}, { [STEP_UP_HEADER]: verified });
    await challengeOf(replayed);
    expect(replayed.body.message).toBe(STEP_UP_MESSAGES.replayed);

    // Enrol an authenticator app with it and confirm the first code, from “Chrome on macOS”.
    const bearer = { authorization: `Bearer ${res.body.token}`, 'user-agent': CHROME_MAC };
    const started = await demo.post('/provider/v1/client/user-authenticators/totp', {}, bearer);
    expect(started.status).toBe(200);
    app = URI.parse(started.body.uri) as TOTP;
    const before = (await outbox(demo, DEMO_EMAIL)).length;
    const confirmed = await demo.post(
      '/provider/v1/client/verify/totp',
      { verificationCode: app.generate() },
      bearer,
    );
    expect(confirmed.body.isVerified).toBe(true);

    // The sign-in address is told, once.
    const mail = await outbox(demo, DEMO_EMAIL);
    expect(mail).toHaveLength(before + 1);
    expect(mail[0]).toMatchObject({
      subject: 'A sign-in method was added to your Flightplan account',
      code: null,
    });
    expect(mail[0]?.text).toMatch(
      /^A sign-in method was added to your Flightplan account: Authenticator app, on .+ UTC, from Chrome on macOS\./,
    );
    expect(mail[0]?.text).toContain('If this wasn’t you');
  });

  it('the user’s other session is told, until it dismisses the notice there', async () => {
    const notices = await otherSession.get('/api/security/notices');
    expect(notices.status).toBe(200);
    expect(notices.body.notices).toEqual([
      {
        id: expect.any(String),
        kind: 'authenticator_added',
        method: 'AUTHENTICATOR_APP',
        browser: 'Chrome on macOS',
        createdAt: expect.any(String),
      },
    ]);
    const id = notices.body.notices[0].id;
    // Another user can neither see nor dismiss it.
    const rival = await signedIn(db, 'rival', { enforceStepUp: true });
    expect((await rival.get('/api/security/notices')).body.notices).toEqual([]);
    expect((await rival.post('/api/security/notices/dismiss', { ids: [id] })).status).toBe(200);
    expect((await otherSession.get('/api/security/notices')).body.notices).toHaveLength(1);

    expect((await otherSession.post('/api/security/notices/dismiss', { ids: [id] })).body).toEqual({
      success: true,
    });
    expect((await otherSession.get('/api/security/notices')).body.notices).toEqual([]);
    // Dismissed in that session only.
    expect((await demo.get('/api/security/notices')).body.notices).toHaveLength(1);
    expect((await demo.post('/api/security/notices/dismiss', { ids: ['nope'] })).status).toBe(400);
  });

  it('with a method, the next addition is confirmed with that method — the sign-in address no longer does', async () => {
    const challenge = await challengeOf(await demo.post('/api/security/enrollment-token'));
    expect(challenge.verificationMethods).toEqual(['AUTHENTICATOR_APP']);
    const bearer = { authorization: `Bearer ${challenge.token}` };
    await db.execute(sql`DELETE FROM provider_send_log`);
    const mailed = await demo.post('/provider/v1/client/challenge/email-otp', {}, bearer);
    expect(mailed.status).toBe(400);
    expect(mailed.body.errorCode).toBe('not_enrolled');

    const before = (await outbox(demo, DEMO_EMAIL)).length;
    const next = new TOTP({ ...app, secret: Secret.fromBase32(app.secret.base32) }).generate({
      timestamp: Date.now() + 30_000,
    });
    const verified = await demo.post('/provider/v1/client/verify/totp', { verificationCode: next }, bearer);
    expect(verified.body.isVerified, JSON.stringify(verified.body)).toBe(true);
    // Using a method is not adding one: no second e-mail.
    expect(await outbox(demo, DEMO_EMAIL)).toHaveLength(before);
    const res = await demo.post(
      '/api/security/enrollment-token',
      {},
      { [STEP_UP_HEADER]: verified.body.accessToken },
    );
    expect(res.status).toBe(200);
  });
});
