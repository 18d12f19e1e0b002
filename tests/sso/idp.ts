import { expect } from 'vitest';
import type { TestClient } from '../support/http';

/**
 * Drives the local identity provider (server/sso/localIdp.ts) as a browser would: follows its redirects with
 * its own cookies, picks `who` on its sign-in page, and answers the URL it sends the browser back to (our
 * callback, with code, state and iss), without opening it.
 */
export async function signInAtIdp(authorizationUrl: string, who: string): Promise<URL> {
  const jar = new Map<string, string>();
  const send = async (url: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (jar.size) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1));
    }
    return res;
  };
  let url = authorizationUrl;
  for (let hop = 0; hop < 10; hop++) {
    const page = new URL(url);
    if (page.pathname === '/auth/federate/callback') return page;
    const interaction = /^\/interaction\/([\w-]+)$/.exec(page.pathname);
    if (interaction) {
      // The provider's sign-in page lists the person to choose.
      const form = await send(url);
      expect(form.status).toBe(200);
      expect(await form.text()).toContain(`value="${who}"`);
    }
    const res = interaction
      ? await send(`${page.origin}${page.pathname}/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ login: who }).toString(),
        })
      : await send(url);
    const location = res.headers.get('location');
    expect(location, `${res.status} at ${url}: ${await res.clone().text()}`).toBeTruthy();
    url = new URL(location!, url).href;
  }
  throw new Error('The identity provider did not send the browser back');
}

/** `/auth/federate?domain=` for `client`: the identity provider's authorization URL it redirects to. */
export async function startFederation(client: TestClient, domain: string): Promise<string> {
  const res = await client.get(`/auth/federate?domain=${encodeURIComponent(domain)}`);
  expect(res.status).toBe(302);
  const location = res.headers.get('location')!;
  expect(location).not.toMatch(/^\/auth\/login/);
  return location;
}

/** Where a refusal sends the browser: `/auth/login?ssoError=<code>` (null when it went anywhere else). */
export function ssoErrorOf(res: { status: number; headers: Headers }): string | null {
  expect(res.status).toBe(302);
  const location = res.headers.get('location') ?? '';
  return location.startsWith('/auth/login?')
    ? new URL(location, 'http://x').searchParams.get('ssoError')
    : null;
}

export const pathOf = (url: URL) => `${url.pathname}${url.search}`;
