import { PASSKEY_MAP_KEY, readPasskeyMap } from '@src/auth-client';
import { resetCookieIdCache } from '@src/auth-client/anonymousId';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage, providerHarness } from './support/harness';
import { SoftDevice } from './support/softDevice';

/**
 * Passkeys and security keys: the client library's real @simplewebauthn/browser ceremonies, with
 * `navigator.credentials` played by the provider tests' software authenticator (support/softDevice.ts), against the real provider (which verifies
 * them with @simplewebauthn/server: challenge, origin, RP id, signature, counter).
 */

let h: Awaited<ReturnType<typeof providerHarness>>;
beforeAll(async () => {
  h = await providerHarness();
});

let device: SoftDevice;
beforeEach(() => {
  device = new SoftDevice('platform');
  vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
  vi.stubGlobal('navigator', { credentials: device.credentials });
  vi.stubGlobal('localStorage', memoryStorage());
  resetCookieIdCache();
});
afterEach(() => vi.unstubAllGlobals());

/** A user with a passkey on `device`, enrolled through the client. */
async function userWithPasskey() {
  const user = h.newUser();
  const client = h.client();
  client.setToken(await h.provider.enrollmentToken(user));
  const added = await client.passkey.signUp({ username: user.email });
  expect(added.error).toBeUndefined();
  return { user, client, added };
}

describe('passkeys', () => {
  it('signUp registers a platform passkey and remembers it in as_user_passkey_map', async () => {
    const { user, client, added } = await userWithPasskey();
    expect(added.data).toMatchObject({ isVerified: true, userId: user.userId, token: expect.any(String) });
    expect(added.data!.userAuthenticator).toMatchObject({
      verificationMethod: 'PASSKEY',
      authenticatorAttachment: 'platform',
      credentialId: device.authenticator.id,
    });
    expect(client.token).toBe(added.data!.token);
    expect(readPasskeyMap()).toEqual({ [user.userId]: [added.data!.userAuthenticator!.credentialId] });
    const [options, register] = h.requests.slice(-2);
    expect(options).toMatchObject({
      path: '/client/user-authenticators/passkey/registration-options',
      body: { username: user.email, authenticatorAttachment: 'platform' },
    });
    expect(register).toMatchObject({
      path: '/client/user-authenticators/passkey',
      body: {
        challengeId: expect.any(String),
        conditionalCreate: false,
        registrationCredential: expect.any(Object),
      },
    });
  });

  it('signIn({token}) verifies a step-up with deviceId = the anonymous id; the token passes the app server', async () => {
    const { user } = await userWithPasskey();
    const challenge = await h.provider.track({ ...user, action: 'launchCampaign' });
    expect(challenge.verificationMethods).toEqual(['PASSKEY']);
    const client = h.client();
    const result = await client.passkey.signIn({ token: challenge.token });
    expect(result.data).toMatchObject({ isVerified: true, userId: user.userId, token: expect.any(String) });
    expect(client.token).toBe(result.data!.token);
    expect(h.requests.at(-1)).toMatchObject({
      path: '/client/verify/passkey',
      authorization: `Bearer ${challenge.token}`,
      body: { deviceId: client.anonymousId, challengeId: expect.any(String) },
    });
    expect(
      await h.provider.validate(result.data!.token!, { userId: user.userId, action: 'launchCampaign' }),
    ).toMatchObject({ ok: true });
  });

  it('signIn({action}) is a usernameless sign-in with the tenant Basic header', async () => {
    const { user } = await userWithPasskey();
    const client = h.client();
    const start = h.requests.length;
    const result = await client.passkey.signIn({ action: 'signIn' });
    expect(result.data).toMatchObject({ isVerified: true, userId: user.userId });
    const calls = h.requests.slice(start);
    expect(calls.map((c) => c.path)).toEqual([
      '/client/challenge',
      '/client/user-authenticators/passkey/authentication-options',
      '/client/verify/passkey',
    ]);
    expect(calls.every((c) => c.authorization?.startsWith('Basic '))).toBe(true);
    expect(await h.client({ tenantId: 'another-tenant' }).passkey.signIn({ action: 'signIn' })).toMatchObject(
      {
        error: 'unauthorized',
      },
    );
  });

  it('isAvailableOnDevice asks the provider about the remembered ids and prunes the ones it no longer has', async () => {
    const { user, added } = await userWithPasskey();
    const client = h.client();
    expect(await client.passkey.isAvailableOnDevice({ userId: user.userId })).toBe(true);
    expect(h.requests.at(-1)).toMatchObject({ method: 'GET', path: '/client/user-authenticators/passkey' });
    expect(await client.passkey.isAvailableOnDevice({ userId: h.newUser().userId })).toBe(false);

    // Another device's id remembered for this user and unknown to the provider is dropped.
    localStorage.setItem(
      PASSKEY_MAP_KEY,
      JSON.stringify({ [user.userId]: ['bm90LXJlZ2lzdGVyZWQ', added.data!.userAuthenticator!.credentialId] }),
    );
    expect(await client.passkey.isAvailableOnDevice({ userId: user.userId })).toBe(true);
    expect(readPasskeyMap()[user.userId]).toEqual([added.data!.userAuthenticator!.credentialId]);

    // Removed on the server: no longer available here, and forgotten.
    expect(await h.provider.removeAuthenticator(user.userId, added.data!.userAuthenticatorId!)).toBe(true);
    expect(await client.passkey.isAvailableOnDevice({ userId: user.userId })).toBe(false);
    expect(readPasskeyMap()).toEqual({});
  });

  it('a passkey the provider no longer has is refused (unknown_credential) and forgotten on this device', async () => {
    const { user, added } = await userWithPasskey();
    expect(await h.provider.removeAuthenticator(user.userId, added.data!.userAuthenticatorId!)).toBe(true);
    const result = await h.client().passkey.signIn({ action: 'signIn' });
    expect(result).toMatchObject({ error: 'invalid_credential', errorCode: 'unknown_credential' });
    expect(readPasskeyMap()).toEqual({});
  });

  it('maps a cancelled prompt and an already registered authenticator onto the section 8 texts', async () => {
    const { user, client } = await userWithPasskey();
    device.failNextWith = 'NotAllowedError';
    const challenge = await h.provider.track({ ...user, action: 'deleteCampaign' });
    expect(await h.client().passkey.signIn({ token: challenge.token })).toEqual({
      error: 'CEREMONY_ABORTED',
      errorCode: 'CEREMONY_ABORTED',
      errorDescription: 'Authentication was not completed',
    });
    // The same authenticator again: the provider excludes it, the browser answers InvalidStateError.
    expect(await client.passkey.signUp({ username: user.email })).toMatchObject({
      error: 'AUTHENTICATOR_PREVIOUSLY_REGISTERED',
    });
  });
});

describe('security keys', () => {
  it('enrols and verifies a cross-platform key; it is never written to as_user_passkey_map', async () => {
    device = new SoftDevice('cross-platform');
    vi.stubGlobal('navigator', { credentials: device.credentials });
    const user = h.newUser();
    const client = h.client();
    client.setToken(await h.provider.enrollmentToken(user));
    const enrolled = await client.securityKey.enroll();
    expect(enrolled.data).toMatchObject({ isVerified: true, token: expect.any(String) });
    expect(enrolled.data!.userAuthenticator).toMatchObject({
      verificationMethod: 'SECURITY_KEY',
      authenticatorAttachment: 'cross-platform',
    });
    expect(h.requests.at(-1)).toMatchObject({
      path: '/client/user-authenticators/security-key',
      body: { id: expect.any(String), type: 'public-key', response: expect.any(Object) },
    });

    const challenge = await h.provider.track({ ...user, action: 'deleteCustomer' });
    expect(challenge.verificationMethods).toEqual(['SECURITY_KEY']);
    client.setToken(challenge.token);
    const verified = await client.securityKey.verify();
    expect(verified.data).toMatchObject({ isVerified: true, token: expect.any(String) });
    expect(h.requests.at(-1)).toMatchObject({
      path: '/client/verify/security-key',
      body: { type: 'public-key' },
    });
    expect(
      await h.provider.validate(verified.data!.token!, { userId: user.userId, action: 'deleteCustomer' }),
    ).toMatchObject({ ok: true });
    expect(readPasskeyMap()).toEqual({});
  });
});
