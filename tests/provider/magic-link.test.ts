import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../support/db';
import { expectProviderError, providerHarness } from './support';

const { db } = await freshDatabase();
const h = await providerHarness(db);

const pathOf = (link: string) => new URL(link).pathname;

describe('e-mail magic link', () => {
  it('enrols: the link (absolute, high-entropy) marks the challenge verified; finalize answers false until then, then the token', async () => {
    const user = await h.enrolledUser();
    const enrol = await h.post(
      '/client/user-authenticators/email-magic-link',
      { token: user.token },
      { email: user.email },
    );
    expect(enrol.status).toBe(200);
    expect(enrol.body.userAuthenticatorId).toEqual(expect.any(String));

    const pending = await h.post('/client/verify/email-magic-link/finalize', { token: user.token }, {});
    expect(pending.status).toBe(200);
    expect(pending.body).toEqual({ isVerified: false });

    const [message] = await h.outbox(user.email);
    const link = message?.link ?? '';
    expect(link).toMatch(/^http:\/\/localhost\/provider\/v1\/magic-link\/[A-Za-z0-9_-]{43}$/);
    expect(message?.text).toContain(link);

    const page = await h.client.get(pathOf(link));
    expect(page.status).toBe(200);
    expect(String(page.body)).toContain("You're verified. You can close this tab.");

    const done = await h.post('/client/verify/email-magic-link/finalize', { token: user.token }, {});
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      isVerified: true,
      userAuthenticator: { verificationMethod: 'EMAIL_MAGIC_LINK', email: user.email, isVerified: true },
    });
    expect(done.body.accessToken).toEqual(expect.any(String));

    // Single use: the link page says so, and finalize has nothing pending.
    const reused = await h.client.get(pathOf(link));
    expect(reused.status).toBe(410);
    expect(String(reused.body)).toContain('expired or was already used');
    const after = await h.post('/client/verify/email-magic-link/finalize', { token: user.token }, {});
    expect(after.status).toBe(404);
    expectProviderError(after.body, 'not_found');
  });

  it('challenges an enrolled user by link and the verified token is valid once for the action', async () => {
    const user = await h.enrolledUser();
    await h.post(
      '/client/user-authenticators/email-magic-link',
      { token: user.token },
      { email: user.email },
    );
    await h.client.get(pathOf((await h.outbox(user.email))[0]?.link ?? ''));
    await h.post('/client/verify/email-magic-link/finalize', { token: user.token }, {});

    const options = await h.provider.track({
      userId: user.userId,
      email: user.email,
      action: 'deleteCustomer',
    });
    expect(options.verificationMethods).toEqual(['EMAIL_MAGIC_LINK']);
    await h.rewindSends(31);
    const sent = await h.post('/client/challenge/email-magic-link', { token: options.token });
    expect(sent.status).toBe(200);
    await h.client.get(pathOf((await h.outbox(user.email))[0]?.link ?? ''));
    const done = await h.post('/client/verify/email-magic-link/finalize', { token: options.token }, {});
    expect(done.body.isVerified).toBe(true);
    const expected = { userId: user.userId, action: 'deleteCustomer' };
    expect(await h.provider.validate(done.body.accessToken, expected)).toMatchObject({ ok: true });
    expect(await h.provider.validate(done.body.accessToken, expected)).toEqual({
      ok: false,
      reason: 'replayed',
    });
  });

  it('an expired link shows the expired page and finalize answers expired_link', async () => {
    const user = await h.enrolledUser();
    await h.post(
      '/client/user-authenticators/email-magic-link',
      { token: user.token },
      { email: user.email },
    );
    const link = (await h.outbox(user.email))[0]?.link ?? '';
    await db.execute(
      sql`UPDATE provider_challenges SET expires_at = now() - interval '1 second' WHERE user_id = ${user.userId}`,
    );
    const page = await h.client.get(pathOf(link));
    expect(page.status).toBe(410);
    const finalize = await h.post('/client/verify/email-magic-link/finalize', { token: user.token }, {});
    expect(finalize.status).toBe(400);
    expectProviderError(finalize.body, 'invalid_code', 'expired_link');
  });

  it('an unknown link is a 404 page; a challenge for a user without a magic-link address is refused', async () => {
    const page = await h.client.get('/provider/v1/magic-link/not-a-real-token');
    expect(page.status).toBe(404);
    expect(String(page.body)).toContain('not valid');
    const user = await h.enrolledUser();
    const res = await h.post('/client/challenge/email-magic-link', { token: user.token });
    expect(res.status).toBe(400);
    expectProviderError(res.body, 'invalid_request', 'not_enrolled');
  });

  it('finalize refuses a body that is not an empty object and a missing token', async () => {
    const user = await h.enrolledUser();
    const bad = await h.post('/client/verify/email-magic-link/finalize', { token: user.token }, '"x"');
    expect(bad.status).toBe(400);
    expectProviderError(bad.body, 'invalid_request');
    const none = await h.post('/client/verify/email-magic-link/finalize', null, {});
    expect(none.status).toBe(401);
    expectProviderError(none.body, 'unauthorized');
  });
});
