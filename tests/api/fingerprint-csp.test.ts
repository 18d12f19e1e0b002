import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createApp } from '@server/app';
import { readConfig } from '@server/config';
import { CONTENT_SECURITY_POLICY, contentSecurityPolicy, staticApp } from '@server/http/static';
import { DEMO_EMAIL } from '@server/seed/seed';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../support/db';
import { TestClient, testDeps } from '../support/http';

/** Issue 11: the device-fingerprint adapter — none by default, FINGERPRINT_SCRIPT_URL when configured. */
const SCRIPT = 'https://fp.example.com/v2/tags.js?org=flightplan';

const dist = mkdtempSync(path.join(tmpdir(), 'flightplan-dist-'));
writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Flightplan</title>');
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const scriptSrc = (policy: string | null) =>
  policy
    ?.split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith('script-src '));

describe('FINGERPRINT_SCRIPT_URL (server/config.ts)', () => {
  it('is none when unset or empty', () => {
    expect(readConfig({}).fingerprintScriptUrl).toBeUndefined();
    expect(readConfig({ FINGERPRINT_SCRIPT_URL: '  ' }).fingerprintScriptUrl).toBeUndefined();
  });

  it('takes an https URL', () => {
    expect(readConfig({ FINGERPRINT_SCRIPT_URL: SCRIPT }).fingerprintScriptUrl).toBe(SCRIPT);
  });

  it.each([
    'fp.example.com/tags.js',
    'http://fp.example.com/tags.js',
    'javascript:alert(1)',
    'data:text/javascript,alert(1)',
    'https://user:pass@fp.example.com/tags.js',
    'not a url',
  ])('refuses %s at start', (value) => {
    expect(() => readConfig({ FINGERPRINT_SCRIPT_URL: value })).toThrow(
      /FINGERPRINT_SCRIPT_URL must be an https URL/,
    );
  });
});

describe("the pages' Content-Security-Policy", () => {
  it('allows scripts from the app only when no fingerprint script is configured', async () => {
    const res = await staticApp(dist).request('/campaigns');
    expect(res.status).toBe(200);
    const policy = res.headers.get('Content-Security-Policy');
    expect(policy).toBe(CONTENT_SECURITY_POLICY);
    expect(scriptSrc(policy)).toBe("script-src 'self'");
    expect(policy).not.toContain('fp.example.com');
    expect((await staticApp(dist).request('/')).headers.get('Content-Security-Policy')).toBe(policy);
  });

  it("adds the configured script's exact origin to script-src, and nowhere else", async () => {
    const { fingerprintScriptUrl } = readConfig({ FINGERPRINT_SCRIPT_URL: SCRIPT });
    const pages = staticApp(dist, { fingerprintScriptUrl });
    const res = await pages.request('/');
    expect((await pages.request('/index.html')).headers.get('Content-Security-Policy')).toBe(
      res.headers.get('Content-Security-Policy'),
    );
    const policy = res.headers.get('Content-Security-Policy');
    expect(policy).toBe(contentSecurityPolicy(SCRIPT));
    expect(scriptSrc(policy)).toBe("script-src 'self' https://fp.example.com");
    expect(policy?.match(/fp\.example\.com/g)).toHaveLength(1);
    expect(contentSecurityPolicy('https://fp.example.com:8443/t.js')).toContain(
      "script-src 'self' https://fp.example.com:8443;",
    );
  });
});

const { db } = await freshDatabase();

describe('GET /api/security/provider', () => {
  const signedInWith = (env: NodeJS.ProcessEnv) =>
    new TestClient(createApp(testDeps(db, readConfig(env)))).signIn(DEMO_EMAIL);

  it('has no fingerprintScriptUrl when none is configured', async () => {
    const res = await (await signedInWith({})).get('/api/security/provider');
    expect(res.status).toBe(200);
    expect(res.body).not.toHaveProperty('fingerprintScriptUrl');
  });

  it('hands the browser the configured script URL', async () => {
    const res = await (await signedInWith({ FINGERPRINT_SCRIPT_URL: SCRIPT })).get('/api/security/provider');
    expect(res.status).toBe(200);
    expect(res.body.fingerprintScriptUrl).toBe(SCRIPT);
  });
});
