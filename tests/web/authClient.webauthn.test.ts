import { WebAuthnError } from '@simplewebauthn/browser';
import { CLIENT_ERROR_MESSAGES, cancelCeremony, createAuthClient, readPasskeyMap } from '@src/auth-client';
import { resetCookieIdCache } from '@src/auth-client/anonymousId';
import { webAuthnFailure } from '@src/auth-client/webauthn';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The browser's WebAuthn API is the subject here: `navigator.credentials` and `PublicKeyCredential` are
 * stubbed (jsdom has neither); the provider answers through a recording fetch.
 */

const buffer = (text: string) => new TextEncoder().encode(text).buffer;

function assertion(authenticatorAttachment: 'platform' | 'cross-platform' = 'platform', id = 'cred-1') {
  return {
    id,
    rawId: buffer(id),
    type: 'public-key',
    authenticatorAttachment,
    response: {
      authenticatorData: buffer('authData'),
      clientDataJSON: buffer('{}'),
      signature: buffer('sig'),
      userHandle: buffer('u1'),
    },
    getClientExtensionResults: () => ({}),
  };
}

function attestation(authenticatorAttachment: 'platform' | 'cross-platform' = 'platform', id = 'new-cred') {
  return {
    id,
    rawId: buffer(id),
    type: 'public-key',
    authenticatorAttachment,
    response: {
      attestationObject: buffer('att'),
      clientDataJSON: buffer('{}'),
      getTransports: () => ['internal'],
    },
    getClientExtensionResults: () => ({}),
  };
}

const registrationOptions = {
  challengeId: 'reg-1',
  options: {
    challenge: 'Y2hhbGxlbmdl',
    rp: { id: 'localhost', name: 'Flightplan' },
    user: { id: 'dTE', name: 'demo@flightplan.test', displayName: 'Demo' },
    pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
  },
};
const authenticationOptions = {
  challengeId: 'auth-1',
  options: { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', allowCredentials: [] },
};

interface Seen {
  path: string;
  headers: Headers;
  body: any;
}

function provider(answers: Record<string, unknown> = {}) {
  const seen: Seen[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const path = new URL(String(input)).pathname.replace('/provider/v1', '');
    seen.push({
      path,
      headers: new Headers(init.headers),
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    });
    const defaults: Record<string, unknown> = {
      '/client/challenge': { challengeId: 'action-challenge' },
      '/client/user-authenticators/passkey/registration-options': registrationOptions,
      '/client/user-authenticators/security-key/registration-options': registrationOptions,
      '/client/user-authenticators/passkey/authentication-options': authenticationOptions,
      '/client/user-authenticators/security-key/authentication-options': authenticationOptions,
      '/client/user-authenticators/passkey': {
        isVerified: true,
        userId: 'u1',
        accessToken: 'after-register',
      },
      '/client/user-authenticators/security-key': {
        isVerified: true,
        userId: 'u1',
        accessToken: 'after-key',
      },
      '/client/verify/passkey': { isVerified: true, userId: 'u1', accessToken: 'verified-token' },
      '/client/verify/security-key': { isVerified: true, userId: 'u1', accessToken: 'verified-key' },
    };
    return Response.json(answers[path] ?? defaults[path] ?? {});
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, seen };
}

const credentials = { create: vi.fn(), get: vi.fn() };

function installWebAuthn({ autofill = true } = {}) {
  const PublicKeyCredential = function PublicKeyCredential() {} as unknown as Record<string, unknown>;
  if (autofill) PublicKeyCredential.isConditionalMediationAvailable = async () => true;
  vi.stubGlobal('PublicKeyCredential', PublicKeyCredential);
  Object.defineProperty(navigator, 'credentials', { value: credentials, configurable: true });
}

/** A navigator.credentials call that waits until its AbortSignal fires, like a pending browser prompt. */
function pendingUntilAborted(_options: unknown) {
  const { signal } = _options as { signal: AbortSignal };
  return new Promise((_resolve, reject) => {
    signal.addEventListener('abort', () => reject(signal.reason));
  });
}

function domError(name: string) {
  return new DOMException(`${name} from the authenticator`, name);
}

beforeEach(() => {
  installWebAuthn();
  credentials.create.mockReset();
  credentials.get.mockReset();
  localStorage.clear();
  resetCookieIdCache();
});
afterEach(() => {
  cancelCeremony();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('passkey sign-up and sign-in ceremonies', () => {
  it('signUp: registration options → navigator.credentials.create → register; remembers a platform passkey', async () => {
    const { fetch, seen } = provider();
    credentials.create.mockResolvedValue(attestation('platform'));
    const client = createAuthClient({ tenantId: 't', fetch });
    client.setToken('enroll-token');
    const result = await client.passkey.signUp({ username: 'demo@flightplan.test' });
    expect(result).toEqual({ data: { isVerified: true, userId: 'u1', token: 'after-register' } });
    expect(seen.map((s) => s.path)).toEqual([
      '/client/user-authenticators/passkey/registration-options',
      '/client/user-authenticators/passkey',
    ]);
    expect(seen[0]!.body).toEqual({ username: 'demo@flightplan.test', authenticatorAttachment: 'platform' });
    expect(seen[1]!.body).toMatchObject({
      challengeId: 'reg-1',
      conditionalCreate: false,
      registrationCredential: { id: 'new-cred', type: 'public-key', authenticatorAttachment: 'platform' },
    });
    expect(seen.every((s) => s.headers.get('authorization') === 'Bearer enroll-token')).toBe(true);
    expect(client.token).toBe('after-register');
    expect(readPasskeyMap()).toEqual({ u1: ['new-cred'] });
  });

  it('signIn with a token: authentication options → navigator.credentials.get → verify with deviceId = the anonymous id', async () => {
    const { fetch, seen } = provider();
    credentials.get.mockResolvedValue(assertion('platform'));
    const onVerificationStarted = vi.fn();
    const client = createAuthClient({ tenantId: 't', fetch });
    const result = await client.passkey.signIn({ token: 'challenge-token', onVerificationStarted });
    expect(result).toEqual({ data: { isVerified: true, userId: 'u1', token: 'verified-token' } });
    expect(onVerificationStarted).toHaveBeenCalledTimes(1);
    expect(seen.map((s) => s.path)).toEqual([
      '/client/user-authenticators/passkey/authentication-options',
      '/client/verify/passkey',
    ]);
    expect(seen[1]!.body).toMatchObject({
      challengeId: 'auth-1',
      deviceId: client.anonymousId,
      authenticationCredential: { id: 'cred-1', type: 'public-key' },
    });
    expect(seen.every((s) => s.headers.get('authorization') === 'Bearer challenge-token')).toBe(true);
    expect(client.token).toBe('verified-token');
    expect(readPasskeyMap()).toEqual({ u1: ['cred-1'] });
  });

  it('signIn with an action: POST /client/challenge {action} first, then the tenant Basic header throughout', async () => {
    const { fetch, seen } = provider();
    credentials.get.mockResolvedValue(assertion('cross-platform', 'phone-cred'));
    const client = createAuthClient({ tenantId: 'flightplan-local', fetch });
    await client.passkey.signIn({ action: 'signIn' });
    expect(seen.map((s) => [s.path, s.body])).toEqual([
      ['/client/challenge', { action: 'signIn' }],
      ['/client/user-authenticators/passkey/authentication-options', { challengeId: 'action-challenge' }],
      ['/client/verify/passkey', expect.objectContaining({ challengeId: 'auth-1' })],
    ]);
    expect(seen.every((s) => s.headers.get('authorization') === `Basic ${btoa('flightplan-local:')}`)).toBe(
      true,
    );
    // A cross-platform credential (phone, security key) is not "on this device".
    expect(readPasskeyMap()).toEqual({});
  });

  it('security key: enroll and verify post the credential itself as the body, and are never remembered', async () => {
    const { fetch, seen } = provider();
    credentials.create.mockResolvedValue(attestation('cross-platform', 'key-1'));
    credentials.get.mockResolvedValue(assertion('cross-platform', 'key-1'));
    const client = createAuthClient({ tenantId: 't', fetch });
    client.setToken('tok');
    expect(await client.securityKey.enroll()).toMatchObject({ data: { token: 'after-key' } });
    expect(await client.securityKey.verify()).toMatchObject({
      data: { token: 'verified-key', isVerified: true },
    });
    expect(seen.map((s) => s.path)).toEqual([
      '/client/user-authenticators/security-key/registration-options',
      '/client/user-authenticators/security-key',
      '/client/user-authenticators/security-key/authentication-options',
      '/client/verify/security-key',
    ]);
    expect(seen[0]!.body).toEqual({});
    expect(seen[1]!.body).toMatchObject({
      id: 'key-1',
      type: 'public-key',
      response: { attestationObject: expect.any(String) },
    });
    expect(seen[3]!.body).toMatchObject({ id: 'key-1', response: { signature: expect.any(String) } });
    expect(seen[3]!.headers.get('authorization')).toBe('Bearer after-key');
    expect(readPasskeyMap()).toEqual({});
  });
});

describe('WebAuthn failures (spec section 8)', () => {
  it('without WebAuthn: "WebAuthn is not supported in this browser", before asking the provider anything', async () => {
    vi.unstubAllGlobals();
    vi.stubGlobal('PublicKeyCredential', undefined);
    const { fetch, seen } = provider();
    const client = createAuthClient({ tenantId: 't', fetch });
    client.setToken('tok');
    const expected = {
      error: 'WEBAUTHN_NOT_SUPPORTED',
      errorCode: 'WEBAUTHN_NOT_SUPPORTED',
      errorDescription: 'WebAuthn is not supported in this browser',
    };
    expect(await client.passkey.signIn({ token: 'tok' })).toEqual(expected);
    expect(await client.passkey.signUp({ username: 'x' })).toEqual(expected);
    expect(await client.securityKey.enroll()).toEqual(expected);
    expect(await client.securityKey.verify()).toEqual(expected);
    expect(seen).toEqual([]);
  });

  it('a dismissed or cancelled prompt is "Authentication was not completed", and nothing is verified', async () => {
    const { fetch, seen } = provider();
    const client = createAuthClient({ tenantId: 't', fetch });
    client.setToken('tok');
    const expected = {
      error: 'CEREMONY_ABORTED',
      errorCode: 'CEREMONY_ABORTED',
      errorDescription: 'Authentication was not completed',
    };
    credentials.get.mockRejectedValueOnce(domError('NotAllowedError'));
    expect(await client.passkey.signIn({ token: 'tok' })).toEqual(expected);
    credentials.get.mockResolvedValueOnce(null);
    expect(await client.securityKey.verify()).toEqual(expected);
    credentials.create.mockRejectedValueOnce(domError('NotAllowedError'));
    expect(await client.passkey.signUp({ username: 'x' })).toEqual(expected);
    credentials.get.mockImplementationOnce(pendingUntilAborted);
    const pending = client.passkey.signIn({ token: 'tok' });
    await vi.waitFor(() => expect(credentials.get).toHaveBeenCalledTimes(3));
    cancelCeremony();
    expect(await pending).toEqual(expected);
    expect(
      seen.some(
        (s) => s.path.startsWith('/client/verify') || s.path === '/client/user-authenticators/passkey',
      ),
    ).toBe(false);
    expect(CLIENT_ERROR_MESSAGES.CEREMONY_ABORTED).toBe('Authentication was not completed');
  });

  it('maps the authenticator errors of @simplewebauthn/browser onto the passkey errors', async () => {
    const { fetch } = provider();
    const client = createAuthClient({ tenantId: 't', fetch });
    client.setToken('tok');
    credentials.create.mockRejectedValueOnce(domError('InvalidStateError'));
    expect(await client.passkey.signUp({ username: 'x' })).toMatchObject({
      error: 'AUTHENTICATOR_PREVIOUSLY_REGISTERED',
      errorDescription: CLIENT_ERROR_MESSAGES.AUTHENTICATOR_PREVIOUSLY_REGISTERED,
    });
    credentials.create.mockRejectedValueOnce(domError('NotSupportedError'));
    expect(await client.securityKey.enroll()).toMatchObject({ error: 'UNSUPPORTED_ALGORITHM' });
    credentials.get.mockRejectedValueOnce(domError('UnknownError'));
    expect(await client.passkey.signIn({ token: 'tok' })).toMatchObject({ error: 'AUTHENTICATOR_ERROR' });
    credentials.get.mockRejectedValueOnce(domError('ConstraintError'));
    expect(await client.securityKey.verify()).toMatchObject({ error: 'AUTHENTICATOR_ERROR' });
  });

  it('logs ERROR_INVALID_RP_ID as the relying party id being invalid for the domain', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { fetch } = provider({
      '/client/user-authenticators/passkey/authentication-options': {
        challengeId: 'auth-1',
        options: { challenge: 'Y2hhbGxlbmdl', rpId: 'elsewhere.example' },
      },
    });
    credentials.get.mockRejectedValueOnce(domError('SecurityError'));
    const result = await createAuthClient({ tenantId: 't', fetch }).passkey.signIn({ token: 'tok' });
    expect(result).toEqual({
      error: 'INVALID_RP_ID',
      errorCode: 'INVALID_RP_ID',
      errorDescription: 'The relying party id is invalid for this domain',
    });
    expect(consoleError).toHaveBeenCalledTimes(1);
    expect(String(consoleError.mock.calls[0]![0])).toMatch(
      /relying party id: "elsewhere\.example" is not valid for the domain localhost/i,
    );
  });

  it('maps every WebAuthnError code', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const cause = new Error('cause');
    const code = (c: ConstructorParameters<typeof WebAuthnError>[0]['code'], withCause: Error = cause) =>
      webAuthnFailure(new WebAuthnError({ message: 'm', code: c, cause: withCause })).errorCode;
    expect(code('ERROR_CEREMONY_ABORTED')).toBe('CEREMONY_ABORTED');
    expect(code('ERROR_INVALID_DOMAIN')).toBe('INVALID_DOMAIN');
    expect(code('ERROR_INVALID_RP_ID')).toBe('INVALID_RP_ID');
    expect(code('ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED')).toBe('AUTHENTICATOR_PREVIOUSLY_REGISTERED');
    expect(code('ERROR_AUTHENTICATOR_NO_SUPPORTED_PUBKEYCREDPARAMS_ALG')).toBe('UNSUPPORTED_ALGORITHM');
    expect(code('ERROR_MALFORMED_PUBKEYCREDPARAMS')).toBe('UNSUPPORTED_ALGORITHM');
    expect(code('ERROR_AUTHENTICATOR_GENERAL_ERROR')).toBe('AUTHENTICATOR_ERROR');
    expect(code('ERROR_AUTHENTICATOR_MISSING_USER_VERIFICATION_SUPPORT')).toBe('AUTHENTICATOR_ERROR');
    expect(code('ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY', domError('NotAllowedError'))).toBe(
      'CEREMONY_ABORTED',
    );
    expect(code('ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY', domError('SomethingElse'))).toBe(
      'AUTHENTICATOR_ERROR',
    );
    expect(webAuthnFailure(new Error('WebAuthn is not supported in this browser')).errorCode).toBe(
      'WEBAUTHN_NOT_SUPPORTED',
    );
  });
});

describe('passkey autofill', () => {
  it('refuses autofill when the browser lacks conditional mediation, or the page lacks a webauthn input', async () => {
    const { fetch, seen } = provider();
    const client = createAuthClient({ tenantId: 't', fetch });
    expect(await client.passkey.signIn({ autofill: true })).toEqual({
      error: 'AUTOFILL_INPUT_MISSING',
      errorCode: 'AUTOFILL_INPUT_MISSING',
      errorDescription: CLIENT_ERROR_MESSAGES.AUTOFILL_INPUT_MISSING,
    });
    installWebAuthn({ autofill: false });
    document.body.innerHTML = '<input autocomplete="username webauthn">';
    expect(await client.passkey.signIn({ autofill: true })).toMatchObject({
      error: 'AUTOFILL_NOT_SUPPORTED',
      errorDescription: CLIENT_ERROR_MESSAGES.AUTOFILL_NOT_SUPPORTED,
    });
    expect(seen).toEqual([]);
  });

  it('runs one autofill sign-in at a time: a second one is refused while the first waits', async () => {
    document.body.innerHTML = '<input autocomplete="username webauthn">';
    const { fetch } = provider();
    const client = createAuthClient({ tenantId: 't', fetch });
    credentials.get.mockImplementationOnce(pendingUntilAborted);
    const first = client.passkey.signIn({ autofill: true });
    await vi.waitFor(() => expect(credentials.get).toHaveBeenCalledTimes(1));
    expect(credentials.get.mock.calls[0]![0]).toMatchObject({ mediation: 'conditional' });

    expect(await client.passkey.signIn({ autofill: true })).toEqual({
      error: 'AUTOFILL_PENDING',
      errorCode: 'AUTOFILL_PENDING',
      errorDescription: CLIENT_ERROR_MESSAGES.AUTOFILL_PENDING,
    });
    expect(credentials.get).toHaveBeenCalledTimes(1);

    cancelCeremony();
    expect(await first).toMatchObject({ error: 'CEREMONY_ABORTED' });
    // Once the first has ended, autofill may start again.
    credentials.get.mockResolvedValueOnce(assertion('platform'));
    expect(await client.passkey.signIn({ autofill: true })).toMatchObject({
      data: { token: 'verified-token' },
    });
  });
});

describe('ceremonies prepared ahead of a click (Safari in a frame)', () => {
  it('passkey: the options are fetched first; start() reaches navigator.credentials.get before anything is awaited', async () => {
    const { fetch, seen } = provider();
    credentials.get.mockResolvedValue(assertion('platform'));
    const client = createAuthClient({ tenantId: 't', fetch });
    const prepared = await client.passkey.prepareSignIn({ token: 'challenge-token' });
    if ('error' in prepared && prepared.error) throw new Error(prepared.error);
    expect(seen.map((s) => s.path)).toEqual(['/client/user-authenticators/passkey/authentication-options']);
    expect(credentials.get).not.toHaveBeenCalled();
    const done = prepared.data!.start();
    // Synchronously, as a click handler's user activation requires.
    expect(credentials.get).toHaveBeenCalledTimes(1);
    expect(await done).toEqual({ data: { isVerified: true, userId: 'u1', token: 'verified-token' } });
    expect(seen.at(-1)!.body).toMatchObject({
      challengeId: 'auth-1',
      authenticationCredential: { id: 'cred-1' },
    });
  });

  it('security key: the same, posting the assertion as the body', async () => {
    const { fetch, seen } = provider();
    credentials.get.mockResolvedValue(assertion('cross-platform', 'key-1'));
    const client = createAuthClient({ tenantId: 't', fetch });
    client.setToken('challenge-token');
    const prepared = await client.securityKey.prepareVerify();
    const done = prepared.data!.start();
    expect(credentials.get).toHaveBeenCalledTimes(1);
    expect(await done).toEqual({ data: { isVerified: true, userId: 'u1', token: 'verified-key' } });
    expect(seen.map((s) => s.path)).toEqual([
      '/client/user-authenticators/security-key/authentication-options',
      '/client/verify/security-key',
    ]);
  });
});
