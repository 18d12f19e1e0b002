import { describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { DEMO_EMAIL, RIVAL_EMAIL } from '../../server/db/seed';
import { HttpError } from '../../server/http/errors';
import { allowWithoutStepUp, type RiskyActionGuard } from '../../server/provider';
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
    const asked: { userId: string; action: string }[] = [];
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
    expect(asked).toEqual([{ userId: expect.any(String), action: 'removeAuthenticator' }]);
    const still = (await demo.get('/api/security/authenticators')).body.authenticators;
    expect(still.map((a: { userAuthenticatorId: string }) => a.userAuthenticatorId)).toContain(id);
  });

  it('answers other methods with 405', async () => {
    const demo = await browser(DEMO_EMAIL);
    const res = await demo.request('PUT', '/api/security/authenticators', {});
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET');
  });
});
