import { STEP_UP_HEADER, STEP_UP_MESSAGES } from '@contract/stepUp';
import { createApp } from '@server/app';
import { HttpError } from '@server/http/errors';
import { allowWithoutStepUp, type RiskyActionGuard } from '@server/provider';
import { DEMO_EMAIL, RIVAL_EMAIL } from '@server/seed/seed';
import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../support/db';
import { TestClient, testDeps } from '../support/http';
import { authHeader, providerHarness } from './support';

const { db } = await freshDatabase();
const h = await providerHarness(db);

/** A signed-in browser of `email` against an app sharing the harness's provider. */
async function browser(email: string, riskyActionGuard?: RiskyActionGuard) {
  const app = createApp({ ...testDeps(db), stepUp: h.stepUp, riskyActionGuard });
  return new TestClient(app).signIn(email);
}

/** Enrols an e-mail OTP authenticator for the browser's user through the provider, as /settings/security does. */
async function enrolEmail(client: TestClient, email: string) {
  const { body } = await client.post('/api/security/enrollment-token');
  const auth = authHeader({ token: body.token });
  await client.post(`${body.baseUrl}/client/user-authenticators/email-otp`, { email }, auth);
  const code = await h.lastCode(email);
  const verified = await client.post(
    `${body.baseUrl}/client/verify/email-otp`,
    { verificationCode: code },
    auth,
  );
  expect(verified.status).toBe(200);
  return verified.body.userAuthenticatorId as string;
}

describe('/api/security', () => {
  it('needs a session', async () => {
    const anonymous = new TestClient(h.app);
    expect((await anonymous.get('/api/security/authenticators')).status).toBe(401);
    expect((await anonymous.post('/api/security/enrollment-token')).status).toBe(401);
    expect((await anonymous.delete('/api/security/authenticators/x')).status).toBe(401);
  });

  it('hands out an enrolment token with the base URL and tenant id; lists the user’s authenticators', async () => {
    // Handing it out is guarded by a step-up (tests/api/add-authenticator.test.ts); let it through here.
    const demo = await browser(DEMO_EMAIL, allowWithoutStepUp);
    const res = await demo.post('/api/security/enrollment-token');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      token: expect.any(String),
      baseUrl: '/provider/v1',
      tenantId: 'flightplan-local',
    });
    const claims = JSON.parse(Buffer.from(res.body.token.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ scope: 'enroll', act: 'enroll', tid: 'flightplan-local' });

    expect((await demo.get('/api/security/authenticators')).body).toEqual({ authenticators: [] });
    const id = await enrolEmail(demo, 'demo-otp@example.test');
    const list = await demo.get('/api/security/authenticators');
    expect(list.body.authenticators).toEqual([
      expect.objectContaining({
        userAuthenticatorId: id,
        verificationMethod: 'EMAIL_OTP',
        label: 'demo-otp@example.test',
        isVerified: true,
      }),
    ]);
    // The rival user sees none of them.
    const rival = await browser(RIVAL_EMAIL);
    expect((await rival.get('/api/security/authenticators')).body).toEqual({ authenticators: [] });
  });

  it('removes the user’s own authenticator; another user’s id, a removed one and garbage are 404', async () => {
    const demo = await browser(DEMO_EMAIL, allowWithoutStepUp);
    const rival = await browser(RIVAL_EMAIL, allowWithoutStepUp);
    const id = await enrolEmail(demo, 'demo-remove@example.test');
    const foreign = await rival.delete(`/api/security/authenticators/${id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('Authenticator not found');
    expect((await demo.delete('/api/security/authenticators/not-a-uuid')).status).toBe(404);

    const removed = await demo.delete(`/api/security/authenticators/${id}`);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ success: true });
    const again = await demo.delete(`/api/security/authenticators/${id}`);
    expect(again.status).toBe(404);
    expect(again.body).toEqual(foreign.body);
    const ids = (await demo.get('/api/security/authenticators')).body.authenticators.map(
      (a: { userAuthenticatorId: string }) => a.userAuthenticatorId,
    );
    expect(ids).not.toContain(id);
  });

  it('asks the risky-action guard before removing, and only for the user’s own authenticators', async () => {
    const asked: Parameters<RiskyActionGuard>[1][] = [];
    const guard: RiskyActionGuard = async (_c, request) => {
      asked.push(request);
      throw new HttpError(403, 'Confirm it’s you first', { errorCode: 'CHALLENGE_REQUIRED' });
    };
    const demo = await browser(DEMO_EMAIL, guard);
    const rival = await browser(RIVAL_EMAIL, guard);
    // Adding one asks the guard too.
    expect((await demo.post('/api/security/enrollment-token')).status).toBe(403);
    expect(asked).toEqual([{ userId: expect.any(String), action: 'addAuthenticator' }]);
    asked.length = 0;
    const id = await enrolEmail(await browser(DEMO_EMAIL, allowWithoutStepUp), 'demo-guarded@example.test');
    expect((await rival.delete(`/api/security/authenticators/${id}`)).status).toBe(404);
    expect(asked).toEqual([]);
    const refused = await demo.delete(`/api/security/authenticators/${id}`);
    expect(refused.status).toBe(403);
    expect(refused.body.errorCode).toBe('CHALLENGE_REQUIRED');
    // The guard is told which authenticator, so the step-up token is bound to it (issue 11).
    expect(asked).toEqual([
      {
        userId: expect.any(String),
        action: 'removeAuthenticator',
        target: {
          kind: 'authenticator',
          id,
          description: expect.stringMatching(
            /^Remove the email OTP to demo-guarded@example\.test added on \d{1,2} \w{3,4} \d{4}$/,
          ),
        },
      },
    ]);
    const still = (await demo.get('/api/security/authenticators')).body.authenticators;
    expect(still.map((a: { userAuthenticatorId: string }) => a.userAuthenticatorId)).toContain(id);
  });

  it('a token verified for removing authenticator A does not remove authenticator B; it still removes A', async () => {
    // The product's guard (requireStepUp), on by default.
    const rival = await browser(RIVAL_EMAIL);
    // Adding them is itself behind the step-up (tested in tests/api/add-authenticator.test.ts): let it through.
    const adder = await browser(RIVAL_EMAIL, allowWithoutStepUp);
    const a = await enrolEmail(adder, 'rival-a@example.test');
    const b = await enrolEmail(adder, 'rival-b@example.test');
    const asked = await rival.delete(`/api/security/authenticators/${a}`);
    expect(asked.status).toBe(403);
    expect(asked.body.errorCode).toBe('CHALLENGE_REQUIRED');
    const challenge = asked.body.challenge;
    expect(challenge.description).toMatch(
      /^Remove the email OTP to rival-a@example\.test added on \d{1,2} \w{3,4} \d{4}$/,
    );
    // The user confirms with their own e-mail OTP (the address the options name).
    await h.rewindSends(60);
    const auth = authHeader({ token: challenge.token });
    expect((await rival.post('/provider/v1/client/challenge/email-otp', {}, auth)).status).toBe(200);
    const code = await h.lastCode(challenge.user.email);
    const verified = await rival.post(
      '/provider/v1/client/verify/email-otp',
      { verificationCode: code },
      auth,
    );
    expect(verified.status).toBe(200);
    const token = verified.body.accessToken as string;

    const wrong = await rival.request('DELETE', `/api/security/authenticators/${b}`, undefined, {
      [STEP_UP_HEADER]: token,
    });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toMatchObject({
      errorCode: 'CHALLENGE_REQUIRED',
      message: STEP_UP_MESSAGES.mismatch,
      challenge: {
        description: expect.stringContaining('Remove the email OTP to rival-b@example.test added on'),
      },
    });
    const right = await rival.request('DELETE', `/api/security/authenticators/${a}`, undefined, {
      [STEP_UP_HEADER]: token,
    });
    expect(right.status).toBe(200);
    const left = (await rival.get('/api/security/authenticators')).body.authenticators;
    expect(left.map((x: { userAuthenticatorId: string }) => x.userAuthenticatorId)).toEqual([b]);
  });

  it('answers other methods with 405', async () => {
    const demo = await browser(DEMO_EMAIL);
    const res = await demo.request('PUT', '/api/security/authenticators', {});
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET');
  });
});
