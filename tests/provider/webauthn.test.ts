import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../support/db';
import { SoftAuthenticator } from './softAuthenticator';
import { expectProviderError, providerHarness, TENANT } from './support';

const { db } = await freshDatabase();
const h = await providerHarness(db);

async function registerPasskey(
  user: { token: string; email: string },
  authenticator = new SoftAuthenticator({ attachment: 'platform' }),
) {
  const options = await h.post(
    '/client/user-authenticators/passkey/registration-options',
    { token: user.token },
    { username: user.email },
  );
  expect(options.status).toBe(200);
  const res = await h.post(
    '/client/user-authenticators/passkey',
    { token: user.token },
    {
      challengeId: options.body.challengeId,
      registrationCredential: authenticator.register(options.body.options),
      conditionalCreate: false,
    },
  );
  expect(res.status).toBe(200);
  return { authenticator, result: res.body };
}

async function registerSecurityKey(
  user: { token: string },
  key = new SoftAuthenticator({ attachment: 'cross-platform', userVerification: false }),
) {
  const options = await h.post(
    '/client/user-authenticators/security-key/registration-options',
    { token: user.token },
    {},
  );
  expect(options.status).toBe(200);
  const res = await h.post(
    '/client/user-authenticators/security-key',
    { token: user.token },
    key.register(options.body.options),
  );
  expect(res.status).toBe(200);
  return { key, result: res.body };
}

describe('passkeys', () => {
  it('registration options: platform attachment, user verification required, resident key, rp localhost', async () => {
    const user = await h.enrolledUser();
    const res = await h.post(
      '/client/user-authenticators/passkey/registration-options',
      { token: user.token },
      { username: user.email },
    );
    expect(res.status).toBe(200);
    expect(res.body.challengeId).toEqual(expect.any(String));
    expect(res.body.options).toMatchObject({
      rp: { id: 'localhost', name: 'Flightplan' },
      user: { name: user.email },
      attestation: 'none',
      authenticatorSelection: {
        authenticatorAttachment: 'platform',
        userVerification: 'required',
        residentKey: 'required',
      },
    });
    expect(res.body.options.challenge).toEqual(expect.any(String));
  });

  it('registers a passkey (public key, counter, transports stored) and verifies with it; the token is valid for the action', async () => {
    const user = await h.enrolledUser();
    const { authenticator, result } = await registerPasskey(user);
    expect(result).toMatchObject({
      isVerified: true,
      userId: user.userId,
      userAuthenticator: {
        verificationMethod: 'PASSKEY',
        credentialId: authenticator.id,
        authenticatorAttachment: 'platform',
        transports: ['internal'],
        isVerified: true,
      },
    });
    expect(result.accessToken).toEqual(expect.any(String));
    const [stored] = (
      await db.execute<{ public_key: string; counter: number }>(
        sql`SELECT public_key, counter FROM provider_authenticators WHERE credential_id = ${authenticator.id}`,
      )
    ).rows;
    expect(stored?.public_key.length).toBeGreaterThan(40);
    expect(Number(stored?.counter)).toBe(0);

    const step = await h.provider.track({ userId: user.userId, email: user.email, action: 'launchCampaign' });
    expect(step.verificationMethods).toEqual(['PASSKEY']);
    expect(step.defaultVerificationMethod).toBe('PASSKEY');
    const options = await h.post(
      '/client/user-authenticators/passkey/authentication-options',
      { token: step.token },
      {},
    );
    expect(options.status).toBe(200);
    expect(options.body.options).toMatchObject({
      rpId: 'localhost',
      userVerification: 'required',
      allowCredentials: [{ id: authenticator.id, type: 'public-key' }],
    });
    const verify = await h.post(
      '/client/verify/passkey',
      { token: step.token },
      {
        challengeId: options.body.challengeId,
        authenticationCredential: authenticator.assert(options.body.options),
        deviceId: 'device-1',
      },
    );
    expect(verify.status).toBe(200);
    expect(verify.body).toMatchObject({
      isVerified: true,
      userId: user.userId,
      username: user.email,
      userAuthenticatorId: result.userAuthenticatorId,
    });
    expect(
      await h.provider.validate(verify.body.accessToken, { userId: user.userId, action: 'launchCampaign' }),
    ).toMatchObject({ ok: true });
    const [after] = (
      await db.execute<{ counter: number }>(
        sql`SELECT counter FROM provider_authenticators WHERE credential_id = ${authenticator.id}`,
      )
    ).rows;
    expect(Number(after?.counter)).toBe(1);
  });

  it('refuses a replayed registration challenge and a replayed assertion', async () => {
    const user = await h.enrolledUser();
    const authenticator = new SoftAuthenticator({ attachment: 'platform' });
    const options = await h.post(
      '/client/user-authenticators/passkey/registration-options',
      { token: user.token },
      { username: user.email },
    );
    const body = {
      challengeId: options.body.challengeId,
      registrationCredential: authenticator.register(options.body.options),
    };
    expect((await h.post('/client/user-authenticators/passkey', { token: user.token }, body)).status).toBe(
      200,
    );
    const again = await h.post('/client/user-authenticators/passkey', { token: user.token }, body);
    expect(again.status).toBe(400);
    expectProviderError(again.body, 'invalid_request', 'invalid_challenge');

    const step = await h.provider.track({ userId: user.userId, email: user.email, action: 'deleteCampaign' });
    const auth = await h.post(
      '/client/user-authenticators/passkey/authentication-options',
      { token: step.token },
      {},
    );
    const verifyBody = {
      challengeId: auth.body.challengeId,
      authenticationCredential: authenticator.assert(auth.body.options),
    };
    expect((await h.post('/client/verify/passkey', { token: step.token }, verifyBody)).status).toBe(200);
    const replay = await h.post('/client/verify/passkey', { token: step.token }, verifyBody);
    expect(replay.status).toBe(400);
    expectProviderError(replay.body, 'invalid_request', 'invalid_challenge');
    // The same signed assertion against a new challenge fails too (the challenge inside does not match).
    const fresh = await h.post(
      '/client/user-authenticators/passkey/authentication-options',
      { token: step.token },
      {},
    );
    const replayed = await h.post(
      '/client/verify/passkey',
      { token: step.token },
      { ...verifyBody, challengeId: fresh.body.challengeId },
    );
    expect(replayed.status).toBe(400);
    expectProviderError(replayed.body, 'invalid_credential');
  });

  it('refuses a response from another origin or for another rpID', async () => {
    const user = await h.enrolledUser();
    const authenticator = new SoftAuthenticator({ attachment: 'platform' });
    const options = await h.post(
      '/client/user-authenticators/passkey/registration-options',
      { token: user.token },
      { username: user.email },
    );
    const wrongOrigin = await h.post(
      '/client/user-authenticators/passkey',
      { token: user.token },
      {
        challengeId: options.body.challengeId,
        registrationCredential: authenticator.register(options.body.options, {
          origin: 'https://evil.example',
        }),
      },
    );
    expect(wrongOrigin.status).toBe(400);
    expectProviderError(wrongOrigin.body, 'invalid_credential');
    expect(wrongOrigin.body.errorDescription).toMatch(/origin/i);

    const second = await h.post(
      '/client/user-authenticators/passkey/registration-options',
      { token: user.token },
      { username: user.email },
    );
    const wrongRp = await h.post(
      '/client/user-authenticators/passkey',
      { token: user.token },
      {
        challengeId: second.body.challengeId,
        registrationCredential: authenticator.register(second.body.options, { rpId: 'evil.example' }),
      },
    );
    expect(wrongRp.status).toBe(400);
    expectProviderError(wrongRp.body, 'invalid_credential');

    // Authentication from another origin.
    await registerPasskey(user, authenticator);
    const step = await h.provider.track({ userId: user.userId, email: user.email, action: 'launchCampaign' });
    const auth = await h.post(
      '/client/user-authenticators/passkey/authentication-options',
      { token: step.token },
      {},
    );
    const res = await h.post(
      '/client/verify/passkey',
      { token: step.token },
      {
        challengeId: auth.body.challengeId,
        authenticationCredential: authenticator.assert(auth.body.options, { origin: 'https://evil.example' }),
      },
    );
    expect(res.status).toBe(400);
    expectProviderError(res.body, 'invalid_credential');
  });

  it('requires user verification for passkeys', async () => {
    const user = await h.enrolledUser();
    const noUv = new SoftAuthenticator({ attachment: 'platform', userVerification: false });
    const options = await h.post(
      '/client/user-authenticators/passkey/registration-options',
      { token: user.token },
      { username: user.email },
    );
    const res = await h.post(
      '/client/user-authenticators/passkey',
      { token: user.token },
      {
        challengeId: options.body.challengeId,
        registrationCredential: noUv.register(options.body.options),
      },
    );
    expect(res.status).toBe(400);
    expectProviderError(res.body, 'invalid_credential');

    const { authenticator } = await registerPasskey(user);
    authenticator.userVerification = false;
    const step = await h.provider.track({ userId: user.userId, email: user.email, action: 'launchCampaign' });
    const auth = await h.post(
      '/client/user-authenticators/passkey/authentication-options',
      { token: step.token },
      {},
    );
    const verify = await h.post(
      '/client/verify/passkey',
      { token: step.token },
      {
        challengeId: auth.body.challengeId,
        authenticationCredential: authenticator.assert(auth.body.options),
      },
    );
    expect(verify.status).toBe(400);
    expectProviderError(verify.body, 'invalid_credential');
  });

  it('accepts a conditional create (automatic passkey upgrade) without user verification', async () => {
    const user = await h.enrolledUser();
    const noUv = new SoftAuthenticator({ attachment: 'platform', userVerification: false });
    const options = await h.post(
      '/client/user-authenticators/passkey/registration-options',
      { token: user.token },
      { username: user.email },
    );
    const res = await h.post(
      '/client/user-authenticators/passkey',
      { token: user.token },
      {
        challengeId: options.body.challengeId,
        registrationCredential: noUv.register(options.body.options),
        conditionalCreate: true,
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.userAuthenticator.verificationMethod).toBe('PASSKEY');
  });

  it('refuses a signature counter going backwards', async () => {
    const user = await h.enrolledUser();
    const { authenticator } = await registerPasskey(user);
    const step = await h.provider.track({ userId: user.userId, email: user.email, action: 'launchCampaign' });
    const first = await h.post(
      '/client/user-authenticators/passkey/authentication-options',
      { token: step.token },
      {},
    );
    const ok = await h.post(
      '/client/verify/passkey',
      { token: step.token },
      {
        challengeId: first.body.challengeId,
        authenticationCredential: authenticator.assert(first.body.options, { counter: 10 }),
      },
    );
    expect(ok.status).toBe(200);
    const second = await h.post(
      '/client/user-authenticators/passkey/authentication-options',
      { token: step.token },
      {},
    );
    const cloned = await h.post(
      '/client/verify/passkey',
      { token: step.token },
      {
        challengeId: second.body.challengeId,
        authenticationCredential: authenticator.assert(second.body.options, { counter: 5 }),
      },
    );
    expect(cloned.status).toBe(400);
    expectProviderError(cloned.body, 'invalid_credential', 'counter_regression');
  });

  it('refuses registering the same credential twice, and another user’s passkey for this user', async () => {
    const alice = await h.enrolledUser();
    const bob = await h.enrolledUser();
    const { authenticator } = await registerPasskey(alice);
    const options = await h.post(
      '/client/user-authenticators/passkey/registration-options',
      { token: alice.token },
      { username: alice.email },
    );
    expect(options.body.options.excludeCredentials).toEqual([
      expect.objectContaining({ id: authenticator.id }),
    ]);
    const dup = await h.post(
      '/client/user-authenticators/passkey',
      { token: alice.token },
      {
        challengeId: options.body.challengeId,
        registrationCredential: authenticator.register(options.body.options),
      },
    );
    expect(dup.status).toBe(409);
    expectProviderError(dup.body, 'invalid_request', 'credential_exists');

    await registerPasskey(bob);
    const step = await h.provider.track({ userId: bob.userId, email: bob.email, action: 'launchCampaign' });
    const auth = await h.post(
      '/client/user-authenticators/passkey/authentication-options',
      { token: step.token },
      {},
    );
    const res = await h.post(
      '/client/verify/passkey',
      { token: step.token },
      {
        challengeId: auth.body.challengeId,
        authenticationCredential: authenticator.assert(auth.body.options), // Alice's passkey
      },
    );
    expect(res.status).toBe(400);
    expectProviderError(res.body, 'invalid_credential', 'unknown_credential');
  });

  it('usernameless sign-in with the tenant’s Basic header: challenge {action} → options → verify', async () => {
    const user = await h.enrolledUser();
    const { authenticator } = await registerPasskey(user);
    const challenge = await h.post('/client/challenge', { basic: TENANT }, { action: 'signIn' });
    expect(challenge.status).toBe(200);
    const options = await h.post(
      '/client/user-authenticators/passkey/authentication-options',
      { basic: TENANT },
      { challengeId: challenge.body.challengeId },
    );
    expect(options.status).toBe(200);
    expect(options.body.challengeId).toBe(challenge.body.challengeId);
    expect(options.body.options.allowCredentials ?? []).toEqual([]);
    const verify = await h.post(
      '/client/verify/passkey',
      { basic: TENANT },
      {
        challengeId: options.body.challengeId,
        authenticationCredential: authenticator.assert(options.body.options),
        deviceId: 'd',
      },
    );
    expect(verify.status).toBe(200);
    expect(verify.body).toMatchObject({ isVerified: true, userId: user.userId });
    expect(
      await h.provider.validate(verify.body.accessToken, { userId: user.userId, action: 'signIn' }),
    ).toMatchObject({ ok: true });
  });

  it('POST /client/challenge with a token must name the token’s action', async () => {
    const user = await h.enrolledUser();
    const step = await h.provider.track({ userId: user.userId, email: user.email, action: 'launchCampaign' });
    const ok = await h.post('/client/challenge', { token: step.token }, { action: 'launchCampaign' });
    expect(ok.status).toBe(200);
    expect(ok.body.challengeId).toEqual(expect.any(String));
    const other = await h.post('/client/challenge', { token: step.token }, { action: 'deleteCampaign' });
    expect(other.status).toBe(400);
    expectProviderError(other.body, 'invalid_request', 'action_mismatch');
    for (const body of [{}, { action: '' }, { action: 'has spaces' }, { action: 7 }]) {
      const res = await h.post('/client/challenge', { token: step.token }, body);
      expect(res.status).toBe(400);
      expectProviderError(res.body, 'invalid_request');
    }
  });

  it('answers which credential ids still exist for the tenant', async () => {
    const user = await h.enrolledUser();
    const { authenticator } = await registerPasskey(user);
    const res = await h.get(
      `/client/user-authenticators/passkey?credentialIds=${authenticator.id},AAAAAAAAAAAAAAAAAAAAAA`,
      { basic: TENANT },
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ credentialIds: [authenticator.id] });
    const other = await h.get(`/client/user-authenticators/passkey?credentialIds=${authenticator.id}`, {
      basic: 'other-tenant',
    });
    expect(other.body).toEqual({ credentialIds: [] });
    const missing = await h.get('/client/user-authenticators/passkey', { basic: TENANT });
    expect(missing.status).toBe(400);
    expectProviderError(missing.body, 'invalid_request');
  });

  it('refuses malformed credentials and challenge ids with 400, never 500', async () => {
    const user = await h.enrolledUser();
    const bodies = [
      {},
      { challengeId: 'x' },
      {
        challengeId: 'not-a-uuid',
        registrationCredential: {
          id: 'a',
          rawId: 'a',
          type: 'public-key',
          response: { clientDataJSON: 'a', attestationObject: 'a' },
        },
      },
      {
        challengeId: crypto.randomUUID(),
        registrationCredential: { id: '!!', rawId: 'a', type: 'public-key', response: {} },
      },
      { challengeId: crypto.randomUUID(), registrationCredential: 'nope' },
    ];
    for (const body of bodies) {
      const res = await h.post('/client/user-authenticators/passkey', { token: user.token }, body);
      expect(res.status).toBe(400);
      expect(res.body.errorDescription).toEqual(expect.any(String));
    }
    const options = await h.post(
      '/client/user-authenticators/passkey/registration-options',
      { token: user.token },
      { username: user.email },
    );
    const garbage = await h.post(
      '/client/user-authenticators/passkey',
      { token: user.token },
      {
        challengeId: options.body.challengeId,
        registrationCredential: {
          id: 'AAAA',
          rawId: 'AAAA',
          type: 'public-key',
          response: { clientDataJSON: 'AAAA', attestationObject: 'AAAA' },
        },
      },
    );
    expect(garbage.status).toBe(400);
    expectProviderError(garbage.body, 'invalid_credential');
    // `username` may be left out (the hosted SDK does; tests/provider/sdk-compat.test.ts), not sent empty or wrong.
    for (const username of ['  ', 42]) {
      const badUsername = await h.post(
        '/client/user-authenticators/passkey/registration-options',
        { token: user.token },
        { username },
      );
      expect(badUsername.status).toBe(400);
      expectProviderError(badUsername.body, 'invalid_request');
    }
  });
});

describe('security keys', () => {
  it('registration options ask for a cross-platform authenticator', async () => {
    const user = await h.enrolledUser();
    const res = await h.post(
      '/client/user-authenticators/security-key/registration-options',
      { token: user.token },
      {},
    );
    expect(res.status).toBe(200);
    expect(res.body.options.authenticatorSelection).toMatchObject({
      authenticatorAttachment: 'cross-platform',
    });
  });

  it('registers with the bare credential body and verifies (user verification not required)', async () => {
    const user = await h.enrolledUser();
    const { key, result } = await registerSecurityKey(user);
    expect(result.userAuthenticator).toMatchObject({
      verificationMethod: 'SECURITY_KEY',
      authenticatorAttachment: 'cross-platform',
      transports: ['usb'],
    });
    const step = await h.provider.track({ userId: user.userId, email: user.email, action: 'deleteCustomer' });
    expect(step.verificationMethods).toEqual(['SECURITY_KEY']);
    const options = await h.post(
      '/client/user-authenticators/security-key/authentication-options',
      { token: step.token },
      {},
    );
    expect(options.status).toBe(200);
    expect(options.body.options.allowCredentials).toEqual([expect.objectContaining({ id: key.id })]);
    const verify = await h.post(
      '/client/verify/security-key',
      { token: step.token },
      key.assert(options.body.options),
    );
    expect(verify.status).toBe(200);
    expect(
      await h.provider.validate(verify.body.accessToken, { userId: user.userId, action: 'deleteCustomer' }),
    ).toMatchObject({ ok: true });

    // The same assertion again: the ceremony is used up.
    const replay = await h.post(
      '/client/verify/security-key',
      { token: step.token },
      key.assert(options.body.options),
    );
    expect(replay.status).toBe(400);
    expectProviderError(replay.body, 'invalid_request', 'invalid_challenge');
  });

  it('refuses a counter going backwards and another origin', async () => {
    const user = await h.enrolledUser();
    const { key } = await registerSecurityKey(user);
    const step = await h.provider.track({ userId: user.userId, email: user.email, action: 'deleteCustomer' });
    const first = await h.post(
      '/client/user-authenticators/security-key/authentication-options',
      { token: step.token },
      {},
    );
    expect(
      (
        await h.post(
          '/client/verify/security-key',
          { token: step.token },
          key.assert(first.body.options, { counter: 7 }),
        )
      ).status,
    ).toBe(200);
    const second = await h.post(
      '/client/user-authenticators/security-key/authentication-options',
      { token: step.token },
      {},
    );
    const back = await h.post(
      '/client/verify/security-key',
      { token: step.token },
      key.assert(second.body.options, { counter: 7 }),
    );
    expect(back.status).toBe(400);
    expectProviderError(back.body, 'invalid_credential', 'counter_regression');
    const third = await h.post(
      '/client/user-authenticators/security-key/authentication-options',
      { token: step.token },
      {},
    );
    const evil = await h.post(
      '/client/verify/security-key',
      { token: step.token },
      key.assert(third.body.options, { origin: 'http://localhost:9999' }),
    );
    expect(evil.status).toBe(400);
    expectProviderError(evil.body, 'invalid_credential');
  });

  it('authentication options need a token and an enrolled key', async () => {
    const user = await h.enrolledUser();
    const none = await h.post(
      '/client/user-authenticators/security-key/authentication-options',
      { token: user.token },
      {},
    );
    expect(none.status).toBe(400);
    expectProviderError(none.body, 'invalid_request', 'not_enrolled');
    const basic = await h.post(
      '/client/user-authenticators/security-key/authentication-options',
      { basic: TENANT },
      {},
    );
    expect(basic.status).toBe(401);
    expectProviderError(basic.body, 'unauthorized');
  });
});
