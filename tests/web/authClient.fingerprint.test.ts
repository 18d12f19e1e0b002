import {
  AuthClientUsageError,
  createAuthClient,
  FINGERPRINT_SCRIPT_ID,
  PROFILING_ID_ATTRIBUTE,
  USAGE_ERROR_MESSAGES,
} from '@src/auth-client';
import { resetCookieIdCache } from '@src/auth-client/anonymousId';
import { createStepUpRuntime } from '@src/features/challenge/stepUpRuntime';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** Issue 11: the device-fingerprint adapter — none by default, a script URL by configuration. */
const SCRIPT = 'https://fp.example.com/v2/tags.js?org=flightplan';
const PROVIDER_CONFIG = { tenantId: 'tenant-flightplan', baseUrl: '/provider/v1', appearance: {} };

const realFetch = globalThis.fetch;
const fingerprintScripts = () => document.querySelectorAll(`script#${FINGERPRINT_SCRIPT_ID}`);

function clearCookies() {
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
}

/** The app server's GET /api/security/provider answers `config`; every request is counted. */
function serveProviderConfig(config: object) {
  const seen: string[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input), location.href);
    seen.push(url.pathname);
    if (url.pathname === '/api/security/provider')
      return new Response(JSON.stringify(config), { headers: { 'content-type': 'application/json' } });
    return new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return seen;
}

beforeEach(() => {
  for (const script of fingerprintScripts()) script.remove();
  clearCookies();
  resetCookieIdCache();
});
afterEach(() => {
  globalThis.fetch = realFetch;
  vi.restoreAllMocks();
});

describe('the client library: loadFingerprintScript', () => {
  it('injects the script once, async, with the profiling id (__as_pid) as data-profiling-id', () => {
    const client = createAuthClient({ tenantId: 't' });
    const script = client.loadFingerprintScript(SCRIPT);
    expect(client.loadFingerprintScript(SCRIPT)).toBe(script);
    createAuthClient({ tenantId: 't' }).loadFingerprintScript(SCRIPT);
    expect(fingerprintScripts()).toHaveLength(1);
    expect(script.parentElement).toBe(document.head);
    expect(script.src).toBe(SCRIPT);
    expect(script.async).toBe(true);
    expect(script.getAttribute(PROFILING_ID_ATTRIBUTE)).toBe(client.profilingId);
    expect(script.dataset.profilingId).toBe(Cookies.get('__as_pid'));
    expect(client.profilingId).not.toBe(client.anonymousId);
  });

  it('refuses a script that is not https', () => {
    const client = createAuthClient({ tenantId: 't' });
    for (const url of ['http://fp.example.com/tags.js', 'javascript:alert(1)', '/local.js', 'not a url']) {
      expect(() => client.loadFingerprintScript(url)).toThrow(AuthClientUsageError);
      expect(() => client.loadFingerprintScript(url)).toThrow(
        USAGE_ERROR_MESSAGES.fingerprintScriptUrlInvalid,
      );
    }
    expect(fingerprintScripts()).toHaveLength(0);
  });
});

describe('the step-up runtime (loaded with the challenge dialog)', () => {
  it('loads no fingerprint script when the provider configuration has none', async () => {
    const seen = serveProviderConfig(PROVIDER_CONFIG);
    await createStepUpRuntime();
    expect(seen).toEqual(['/api/security/provider']);
    expect(fingerprintScripts()).toHaveLength(0);
    expect(document.querySelectorAll('script[src]')).toHaveLength(0);
  });

  it('injects the configured script once, however often the runtime is built', async () => {
    serveProviderConfig({ ...PROVIDER_CONFIG, fingerprintScriptUrl: SCRIPT });
    await createStepUpRuntime();
    await createStepUpRuntime();
    const scripts = fingerprintScripts();
    expect(scripts).toHaveLength(1);
    const script = scripts[0] as HTMLScriptElement;
    expect(script.src).toBe(SCRIPT);
    expect(script.dataset.profilingId).toBe(Cookies.get('__as_pid'));
  });

  it('still builds the step-up when a configured URL is refused', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    serveProviderConfig({ ...PROVIDER_CONFIG, fingerprintScriptUrl: 'http://fp.example.com/tags.js' });
    const runtime = await createStepUpRuntime();
    expect(runtime.stepUp).toBeDefined();
    expect(fingerprintScripts()).toHaveLength(0);
    expect(error).toHaveBeenCalledWith(expect.any(AuthClientUsageError));
  });
});
