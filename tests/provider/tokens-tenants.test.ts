import { randomUUID } from 'node:crypto';
import { PROVIDER_PATHS } from '@contract/provider';
import { createStepUp, readProviderConfig } from '@server/provider';
import { builtInStepUpProvider } from '@server/provider/adapter';
import { sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../support/db';
import { SoftAuthenticator } from './softAuthenticator';
import { expectProviderError, OTHER_TENANT, providerHarness, TENANT } from './support';

const { db } = await freshDatabase();
const h = await providerHarness(db);

const enrolTotp = (token: string) => h.post('/client/user-authenticators/totp', { token });

describe('provider authentication', () => {
  it('refuses calls without Authorization, with another scheme or malformed Basic credentials', async () => {
    for (const auth of [
      null,
      { header: 'Digest abc' },
      { header: 'Bearer' },
      { header: 'Basic' },
      { header: 'Basic %%%' },
    ]) {
      const res = await h.post('/client/user-authenticators/totp', auth);
      expect(res.status).toBe(401);
      expectProviderError(res.body, 'unauthorized');
    }
  });

  it('refuses malformed, tampered and unsigned tokens as invalid_token', async () => {
    const user = await h.enrolledUser();
    const [header, payload, signature] = user.token.split('.');
    const tampered = `${header}.${payload}.${signature?.slice(0, -4)}AAAA`;
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`;
    for (const token of ['not-a-jwt', 'a.b.c', tampered, unsigned]) {
      const res = await enrolTotp(token);
      expect(res.status).toBe(401);
      expectProviderError(res.body, 'invalid_token', 'invalid_token');
    }
  });

  it('answers an expired token with errorCode expired_token', async () => {
    const token = await h.token({ userId: randomUUID() }, Date.now() - 11 * 60_000);
    const res = await enrolTotp(token);
    expect(res.status).toBe(401);
    expectProviderError(res.body, 'expired_token', 'expired_token');
  });

  it('tokens live 10 minutes and carry sub, tid, act, scope, jti, iat, exp', async () => {
    const userId = randomUUID();
    const { token } = await h.provider.track({
      userId,
      email: 'claims@example.test',
      action: 'launchCampaign',
    });
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
    expect(claims).toMatchObject({ sub: userId, tid: TENANT, act: 'launchCampaign', scope: 'challenge' });
    expect(claims.exp - claims.iat).toBe(600);
    expect(claims.jti).toEqual(expect.any(String));
    const header = JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString());
    expect(header.alg).toBe('HS256');
  });

  it('a token naming an unknown tenant, or a Basic header naming one, is unauthorized', async () => {
    const token = await h.token({ userId: randomUUID(), tenantId: 'no-such-tenant' });
    const res = await enrolTotp(token);
    expect(res.status).toBe(401);
    expectProviderError(res.body, 'unauthorized');
    const basic = await h.get('/client/user-authenticators/passkey?credentialIds=AAAA', {
      basic: 'no-such-tenant',
    });
    expect(basic.status).toBe(401);
    expectProviderError(basic.body, 'unauthorized');
  });

  it('a token signed with tenant A’s key but claiming tenant B is refused', async () => {
    const keys = await h.stepUp.service.keys();
    const forged = await new SignJWT({ tid: OTHER_TENANT, act: 'enroll', scope: 'enroll' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(randomUUID())
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(keys.signingKey(TENANT));
    const res = await enrolTotp(forged);
    expect(res.status).toBe(401);
    expectProviderError(res.body, 'invalid_token');
  });

  it('keeps tenants apart: codes, ceremonies and credentials of tenant A are invisible to tenant B', async () => {
    const userId = randomUUID();
    const tokenA = await h.token({ userId, tenantId: TENANT });
    const tokenB = await h.token({ userId, tenantId: OTHER_TENANT });
    // An e-mail code sent in tenant A cannot be verified with the same user id's token of tenant B.
    await h.post(
      '/client/user-authenticators/email-otp',
      { token: tokenA },
      { email: 'tenant-a@example.test' },
    );
    const code = await h.lastCode('tenant-a@example.test');
    const crossed = await h.post('/client/verify/email-otp', { token: tokenB }, { verificationCode: code });
    expect(crossed.status).toBe(400);
    expectProviderError(crossed.body, 'invalid_code', 'no_pending_code');
    // A passkey ceremony of tenant A cannot be finished with tenant B's Basic header.
    const authenticator = new SoftAuthenticator({ attachment: 'platform' });
    const reg = await h.post(
      '/client/user-authenticators/passkey/registration-options',
      { token: tokenA },
      { username: 'a' },
    );
    expect(
      (
        await h.post(
          '/client/user-authenticators/passkey',
          { token: tokenA },
          {
            challengeId: reg.body.challengeId,
            registrationCredential: authenticator.register(reg.body.options),
          },
        )
      ).status,
    ).toBe(200);
    const options = await h.post(
      '/client/user-authenticators/passkey/authentication-options',
      { basic: TENANT },
      {},
    );
    const res = await h.post(
      '/client/verify/passkey',
      { basic: OTHER_TENANT },
      {
        challengeId: options.body.challengeId,
        authenticationCredential: authenticator.assert(options.body.options),
      },
    );
    expect(res.status).toBe(400);
    expectProviderError(res.body, 'invalid_request', 'invalid_challenge');
    // …nor can tenant B's own ceremony accept tenant A's credential.
    const optionsB = await h.post(
      '/client/user-authenticators/passkey/authentication-options',
      { basic: OTHER_TENANT },
      {},
    );
    const resB = await h.post(
      '/client/verify/passkey',
      { basic: OTHER_TENANT },
      {
        challengeId: optionsB.body.challengeId,
        authenticationCredential: authenticator.assert(optionsB.body.options),
      },
    );
    expect(resB.status).toBe(400);
    expectProviderError(resB.body, 'invalid_credential', 'unknown_credential');
    // The app server (tenant A) refuses tenant B's verified tokens.
    const verifiedB = await h.token({
      userId,
      tenantId: OTHER_TENANT,
      scope: 'verified',
      action: 'launchCampaign',
    });
    expect(await h.provider.validate(verifiedB, { userId, action: 'launchCampaign' })).toEqual({
      ok: false,
      reason: 'wrong_tenant',
    });
  });

  it('a passkey ceremony started with a user’s token cannot be finished by another user or tenant-only', async () => {
    const alice = await h.enrolledUser();
    const authenticator = new SoftAuthenticator({ attachment: 'platform' });
    const reg = await h.post(
      '/client/user-authenticators/passkey/registration-options',
      { token: alice.token },
      { username: alice.email },
    );
    await h.post(
      '/client/user-authenticators/passkey',
      { token: alice.token },
      {
        challengeId: reg.body.challengeId,
        registrationCredential: authenticator.register(reg.body.options),
      },
    );
    const options = await h.post(
      '/client/user-authenticators/passkey/authentication-options',
      { token: alice.token },
      {},
    );
    const bob = await h.enrolledUser();
    const body = {
      challengeId: options.body.challengeId,
      authenticationCredential: authenticator.assert(options.body.options),
    };
    const asBob = await h.post('/client/verify/passkey', { token: bob.token }, body);
    expect(asBob.status).toBe(400);
    const asTenant = await h.post('/client/verify/passkey', { basic: TENANT }, body);
    expect(asTenant.status).toBe(400);
    expectProviderError(asTenant.body, 'invalid_request', 'invalid_challenge');
  });

  it('answers unknown provider paths with a provider-shaped 404', async () => {
    const res = await h.post('/client/nothing-here', { basic: TENANT });
    expect(res.status).toBe(404);
    expectProviderError(res.body, 'not_found');
  });
});

describe('validate (the app server’s single-use check)', () => {
  async function verifiedToken(action = 'launchCampaign') {
    const userId = randomUUID();
    const options = await h.provider.track({ userId, email: `${userId}@example.test`, action });
    await h.post('/client/challenge/email-otp', { token: options.token });
    const code = await h.lastCode(`${userId}@example.test`);
    const res = await h.post(
      '/client/verify/email-otp',
      { token: options.token },
      { verificationCode: code },
    );
    return { userId, token: res.body.accessToken as string, challengeToken: options.token };
  }

  it('accepts a verified token once for its user and action', async () => {
    const { userId, token } = await verifiedToken();
    expect(await h.provider.validate(token, { userId, action: 'launchCampaign' })).toMatchObject({
      ok: true,
    });
    expect(await h.provider.validate(token, { userId, action: 'launchCampaign' })).toEqual({
      ok: false,
      reason: 'replayed',
    });
  });

  it('refuses another user, another action, a challenge token, an expired one and garbage — without using the token up', async () => {
    const { userId, token, challengeToken } = await verifiedToken();
    expect(await h.provider.validate(token, { userId: randomUUID(), action: 'launchCampaign' })).toEqual({
      ok: false,
      reason: 'wrong_user',
    });
    expect(await h.provider.validate(token, { userId, action: 'deleteCampaign' })).toEqual({
      ok: false,
      reason: 'wrong_action',
    });
    expect(await h.provider.validate(challengeToken, { userId, action: 'launchCampaign' })).toEqual({
      ok: false,
      reason: 'not_verified',
    });
    const expired = await h.token(
      { userId, action: 'launchCampaign', scope: 'verified' },
      Date.now() - 11 * 60_000,
    );
    expect(await h.provider.validate(expired, { userId, action: 'launchCampaign' })).toEqual({
      ok: false,
      reason: 'expired_token',
    });
    expect(await h.provider.validate('garbage', { userId, action: 'launchCampaign' })).toEqual({
      ok: false,
      reason: 'invalid_token',
    });
    expect(await h.provider.validate(token, { userId, action: 'launchCampaign' })).toMatchObject({
      ok: true,
    });
  });

  it('a token verified while enrolling can enrol further authenticators; one verified for another action or a challenge token cannot', async () => {
    const { token } = await verifiedToken('enroll');
    expect((await enrolTotp(token)).status).toBe(200);
    // A confirmation for launching a campaign does not add a sign-in method (issue 11: adding is its own action).
    const { token: launchToken, challengeToken } = await verifiedToken();
    const other = await enrolTotp(launchToken);
    expect(other.status).toBe(403);
    expectProviderError(other.body, 'invalid_token', 'insufficient_scope');
    const refused = await enrolTotp(challengeToken);
    expect(refused.status).toBe(403);
    expectProviderError(refused.body, 'invalid_token', 'insufficient_scope');
  });
});

describe('the provider secret', () => {
  it('is generated once and shared through the database by every instance; PROVIDER_SECRET replaces it', async () => {
    const config = { ...readProviderConfig({}), publicOrigin: undefined };
    const second = createStepUp(db, config, { factory: builtInStepUpProvider });
    const userId = randomUUID();
    const token = await h.token({ userId, scope: 'verified', action: 'x' });
    expect(await second.provider.validate(token, { userId, action: 'x' })).toMatchObject({ ok: true });

    const configured = createStepUp(db, readProviderConfig({ PROVIDER_SECRET: 'a'.repeat(40) }), {
      factory: builtInStepUpProvider,
    });
    const other = await h.token({ userId, scope: 'verified', action: 'y' });
    expect(await configured.provider.validate(other, { userId, action: 'y' })).toEqual({
      ok: false,
      reason: 'invalid_token',
    });
  });

  it('refuses a short PROVIDER_SECRET and a malformed tenant id at start', () => {
    expect(() => readProviderConfig({ PROVIDER_SECRET: 'short' })).toThrow(/at least 32/);
    expect(() => readProviderConfig({ PROVIDER_TENANT_ID: 'has space' })).toThrow(/PROVIDER_TENANT_ID/);
  });
});

describe('every provider call refuses bad input with a 4xx, never a 500', () => {
  /** Not a JSON object: refused by every call. */
  const notObjects: unknown[] = ['null', '[]', '"text"', '{"unterminated":', 'x'.repeat(200_000)];
  /** Objects of the wrong types: refused where the call reads them, ignored (stripped) where it reads nothing. */
  const wrongTypes: unknown[] = [
    { verificationCode: { $ne: null } },
    { email: ['a@b.c'], phoneNumber: null, username: 1, action: {}, challengeId: 12 },
    {
      challengeId: '00000000-0000-0000-0000-000000000000',
      registrationCredential: {},
      authenticationCredential: [],
    },
  ];

  it.each(Object.entries(PROVIDER_PATHS).filter(([name]) => name !== 'passkeyAvailability'))(
    '%s',
    async (_name, path) => {
      const user = await h.enrolledUser();
      for (const auth of [{ token: user.token }, { basic: TENANT }, null]) {
        for (const body of [...notObjects, ...wrongTypes]) {
          const res = await h.post(path, auth, body);
          const what = `${path} ${JSON.stringify(body).slice(0, 60)}`;
          expect(res.status, what).toBeLessThan(500);
          if (notObjects.includes(body)) expect(res.status, what).toBeGreaterThanOrEqual(400);
          if (res.status >= 400) expectProviderError(res.body, res.body.error);
        }
      }
    },
  );
});

describe('housekeeping', () => {
  it('deletes long-expired challenges, used token ids, old send-log rows and old outbox messages, and nothing current', async () => {
    const userId = randomUUID();
    await db.execute(sql`
      INSERT INTO provider_challenges (tenant_id, user_id, kind, action, expires_at)
      VALUES (${TENANT}, ${userId}, 'action', 'old', now() - interval '2 days'),
             (${TENANT}, ${userId}, 'action', 'current', now() + interval '5 minutes')`);
    await db.execute(sql`
      INSERT INTO provider_used_tokens (jti, tenant_id, user_id, expires_at)
      VALUES (${`old-${userId}`}, ${TENANT}, ${userId}, now() - interval '1 minute'),
             (${`new-${userId}`}, ${TENANT}, ${userId}, now() + interval '5 minutes')`);
    await db.execute(sql`
      INSERT INTO provider_send_log (tenant_id, channel, recipient, sent_at)
      VALUES (${TENANT}, 'email', ${`${userId}@old`}, now() - interval '2 days')`);
    await db.execute(sql`
      INSERT INTO provider_outbox (channel, recipient, text, created_at)
      VALUES ('email', ${`${userId}@old`}, 'old', now() - interval '8 days')`);
    await h.stepUp.service.cleanUpIfDue(Date.now() + 2 * 3_600_000);
    const count = async (query: ReturnType<typeof sql>) =>
      Number((await db.execute<{ n: number }>(query)).rows[0]?.n);
    expect(
      await count(sql`SELECT count(*)::int AS n FROM provider_challenges WHERE user_id = ${userId}`),
    ).toBe(1);
    expect(
      await count(sql`SELECT count(*)::int AS n FROM provider_used_tokens WHERE user_id = ${userId}`),
    ).toBe(1);
    expect(
      await count(sql`SELECT count(*)::int AS n FROM provider_send_log WHERE recipient = ${`${userId}@old`}`),
    ).toBe(0);
    expect(
      await count(sql`SELECT count(*)::int AS n FROM provider_outbox WHERE recipient = ${`${userId}@old`}`),
    ).toBe(0);
  });
});
