import {
  AuthClientUsageError,
  CLIENT_ERROR_MESSAGES,
  createAuthClient,
  PASSKEY_MAP_KEY,
  readPasskeyMap,
  USAGE_ERROR_MESSAGES,
} from '@src/auth-client';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** A fetch that records what the client sends and answers with `respond`. */
function recordingFetch(respond: (url: URL, init: RequestInit) => Response = () => Response.json({})) {
  const calls: { url: URL; init: RequestInit; headers: Headers; body: unknown }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input));
    calls.push({
      url,
      init,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
    });
    return respond(url, init);
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls, spy: fetch };
}

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('configuration', () => {
  it('requires a tenant id, with a clear error', () => {
    for (const tenantId of [undefined, '', '   ', null]) {
      expect(() => createAuthClient({ tenantId } as never)).toThrow(AuthClientUsageError);
      expect(() => createAuthClient({ tenantId } as never)).toThrow(USAGE_ERROR_MESSAGES.tenantIdRequired);
    }
    expect(() => createAuthClient(undefined as never)).toThrow(USAGE_ERROR_MESSAGES.tenantIdRequired);
  });

  it('defaults to the built-in provider /provider/v1 on this origin; a regional base URL can be selected', async () => {
    const { fetch, calls } = recordingFetch();
    const client = createAuthClient({
      tenantId: 't',
      fetch,
      regionalBaseUrl: 'https://eu.provider.test/v1/',
    });
    expect(client.baseUrl).toBe(`${location.origin}/provider/v1`);
    client.setToken('tok');
    await client.totp.enroll();
    client.selectRegion('regional');
    expect(client.baseUrl).toBe('https://eu.provider.test/v1');
    await client.totp.enroll();
    expect(calls.map((c) => c.url.href)).toEqual([
      `${location.origin}/provider/v1/client/user-authenticators/totp`,
      'https://eu.provider.test/v1/client/user-authenticators/totp',
    ]);
    expect(() => createAuthClient({ tenantId: 't' }).selectRegion('regional')).toThrow(
      USAGE_ERROR_MESSAGES.regionalBaseUrlMissing,
    );
    expect(() => createAuthClient({ tenantId: 't', region: 'regional' })).toThrow(AuthClientUsageError);
    expect(
      createAuthClient({
        tenantId: 't',
        baseUrl: 'https://p.test/v1',
        regionalBaseUrl: 'https://r.test/v1',
        region: 'regional',
      }).baseUrl,
    ).toBe('https://r.test/v1');
  });
});

describe('rules of spec section 5', () => {
  it('answers TOKEN_NOT_SET for every enrol, challenge and verify call without a token, sending nothing', async () => {
    const { fetch, spy } = recordingFetch();
    const client = createAuthClient({ tenantId: 't', fetch });
    const expected = {
      error: 'TOKEN_NOT_SET',
      errorCode: 'TOKEN_NOT_SET',
      errorDescription: "A token has not been set. Call 'setToken' first.",
    };
    const calls = [
      client.challenge({ action: 'launchCampaign' }),
      client.totp.enroll(),
      client.totp.verify({ code: '123456' }),
      client.emailOtp.enroll({ email: 'a@b.test' }),
      client.emailOtp.challenge(),
      client.emailOtp.verify({ code: '123456' }),
      client.sms.enroll({ phoneNumber: '+14155550123' }),
      client.sms.challenge(),
      client.sms.verify({ code: '123456' }),
      client.emailMagicLink.enroll({ email: 'a@b.test' }),
      client.emailMagicLink.challenge(),
      client.emailMagicLink.checkVerificationStatus(),
      client.securityKey.enroll(),
      client.securityKey.verify(),
      client.passkey.signUp({ username: 'a@b.test' }),
    ];
    for (const result of await Promise.all(calls)) expect(result).toEqual(expected);
    expect(spy).not.toHaveBeenCalled();
    expect(CLIENT_ERROR_MESSAGES.TOKEN_NOT_SET).toBe("A token has not been set. Call 'setToken' first.");
  });

  it('refuses a token together with autofill, and an action together with a token', async () => {
    const { fetch, spy } = recordingFetch();
    const client = createAuthClient({ tenantId: 't', fetch });
    await expect(client.passkey.signIn({ token: 'tok', autofill: true })).rejects.toThrow(
      new AuthClientUsageError(USAGE_ERROR_MESSAGES.tokenWithAutofill),
    );
    await expect(client.passkey.signIn({ token: 'tok', action: 'signIn' })).rejects.toThrow(
      USAGE_ERROR_MESSAGES.actionWithToken,
    );
    expect(spy).not.toHaveBeenCalled();
  });

  it('needs a userId to check passkey availability on the device', async () => {
    const client = createAuthClient({ tenantId: 't', fetch: recordingFetch().fetch });
    await expect(client.passkey.isAvailableOnDevice({ userId: '' })).rejects.toThrow(
      USAGE_ERROR_MESSAGES.userIdRequired,
    );
  });
});

describe('HTTP layer', () => {
  it('sends Bearer <token> when a token is set, otherwise Basic base64("<tenantId>:"), and JSON bodies', async () => {
    const { fetch, calls } = recordingFetch((url) =>
      url.pathname.endsWith('/passkey')
        ? Response.json({ credentialIds: ['c1'] })
        : Response.json({ challengeId: 'ch' }),
    );
    const client = createAuthClient({ tenantId: 'flightplan-local', fetch });
    client.setToken('the-token');
    await client.totp.verify({ code: '123456' });
    localStorage.setItem(PASSKEY_MAP_KEY, JSON.stringify({ u1: ['c1', 'c2'] }));
    await client.passkey.isAvailableOnDevice({ userId: 'u1' });

    const [verify, availability] = calls;
    expect(verify!.init.method).toBe('POST');
    expect(verify!.headers.get('authorization')).toBe('Bearer the-token');
    expect(verify!.headers.get('content-type')).toBe('application/json');
    expect(verify!.body).toEqual({ verificationCode: '123456' });
    expect(availability!.init.method).toBe('GET');
    expect(availability!.headers.get('authorization')).toBe(`Basic ${btoa('flightplan-local:')}`);
    expect(availability!.url.searchParams.get('credentialIds')).toBe('c1,c2');
    expect(availability!.init.body).toBeUndefined();
  });

  it('returns accessToken as token and makes it the current token', async () => {
    const { fetch, calls } = recordingFetch(() =>
      Response.json({ accessToken: 'fresh', isVerified: true, userId: 'u1', options: { x: 1 } }),
    );
    const client = createAuthClient({ tenantId: 't', fetch });
    client.setToken('old');
    expect(await client.sms.verify({ code: '111111' })).toEqual({
      data: { token: 'fresh', isVerified: true, userId: 'u1' },
    });
    expect(client.token).toBe('fresh');
    await client.sms.challenge();
    expect(calls[1]!.headers.get('authorization')).toBe('Bearer fresh');
  });

  it('returns a body with error or errorDescription as an error (whatever the status), and calls onTokenExpired on expired_token', async () => {
    const onTokenExpired = vi.fn();
    const answers = [
      Response.json(
        { error: 'invalid_code', errorDescription: 'That code is not right.', attemptsRemaining: 3 },
        { status: 400 },
      ),
      Response.json({ errorDescription: 'Described only.' }),
      Response.json(
        { error: 'invalid_token', errorCode: 'expired_token', errorDescription: 'The token has expired.' },
        { status: 401 },
      ),
    ];
    const { fetch } = recordingFetch(() => answers.shift()!);
    const client = createAuthClient({ tenantId: 't', fetch, onTokenExpired });
    client.setToken('tok');
    expect(await client.emailOtp.verify({ code: '000000' })).toEqual({
      error: 'invalid_code',
      errorCode: 'invalid_code',
      errorDescription: 'That code is not right.',
      attemptsRemaining: 3,
    });
    expect(await client.emailOtp.challenge()).toEqual({
      error: 'unknown_error',
      errorCode: undefined,
      errorDescription: 'Described only.',
    });
    expect(onTokenExpired).not.toHaveBeenCalled();
    const expired = await client.emailOtp.verify({ code: '123456' });
    expect(expired).toMatchObject({ error: 'invalid_token', errorCode: 'expired_token' });
    expect(onTokenExpired).toHaveBeenCalledTimes(1);
    expect(client.token).toBe('tok');
  });

  it('returns network failures, non-JSON and off-contract answers as errors instead of throwing', async () => {
    const answers: (() => Response)[] = [
      () => {
        throw new TypeError('Failed to fetch');
      },
      () => new Response('<html>gateway</html>', { status: 502 }),
      () => new Response('not json', { status: 200 }),
      () => Response.json({ isVerified: 'yes' }),
    ];
    const { fetch } = recordingFetch(() => answers.shift()!());
    const client = createAuthClient({ tenantId: 't', fetch });
    client.setToken('tok');
    expect(await client.totp.enroll()).toEqual({
      error: 'NETWORK_ERROR',
      errorCode: 'NETWORK_ERROR',
      errorDescription: CLIENT_ERROR_MESSAGES.NETWORK_ERROR,
    });
    expect(await client.totp.enroll()).toMatchObject({ error: 'server_error', errorCode: 'http_502' });
    expect(await client.totp.enroll()).toMatchObject({ error: 'INVALID_RESPONSE' });
    const offContract = await client.totp.enroll();
    expect(offContract).toMatchObject({ error: 'INVALID_RESPONSE' });
    expect(offContract.errorDescription).toContain('isVerified');
  });

  it('isAvailableOnDevice: false without remembered passkeys (no request), prunes ids the provider no longer knows', async () => {
    const { fetch, spy } = recordingFetch(() => Response.json({ credentialIds: ['c2'] }));
    const client = createAuthClient({ tenantId: 't', fetch });
    expect(await client.passkey.isAvailableOnDevice({ userId: 'u1' })).toBe(false);
    expect(spy).not.toHaveBeenCalled();
    localStorage.setItem(PASSKEY_MAP_KEY, JSON.stringify({ u1: ['c1', 'c2'], u2: ['c9'] }));
    expect(await client.passkey.isAvailableOnDevice({ userId: 'u1' })).toBe(true);
    expect(readPasskeyMap()).toEqual({ u1: ['c2'], u2: ['c9'] });
  });
});
