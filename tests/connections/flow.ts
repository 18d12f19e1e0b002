import { expect } from 'vitest';
import type { TestClient } from '../support/http';

/** A path and query of an absolute or relative Location. */
export const pathOf = (location: string | null) => {
  const url = new URL(location ?? '', 'http://localhost');
  return `${url.pathname}${url.search}`;
};

/** Every answer of a flow, kept so a test can look through all of them for a secret. */
export class Transcript {
  readonly texts: string[] = [];
  add<R extends { status: number; headers: Headers; body: unknown }>(res: R): R {
    this.texts.push(JSON.stringify(res.body ?? ''), JSON.stringify([...res.headers]));
    return res;
  }
}

export interface ConsentPage {
  consent: string;
  adAccounts: string[];
  html: string;
}

export function readConsentPage(html: string): ConsentPage {
  const consent = html.match(/name="consent" value="([^"]+)"/)?.[1];
  const adAccounts = [...html.matchAll(/name="ad_account" value="([^"]+)"/g)].map((m) => m[1]!);
  return { consent: consent ?? '', adAccounts, html };
}

/** Connect → the platform's consent page (as the browser would follow the authorization URL). */
export async function startConnect(client: TestClient, platform: string, transcript = new Transcript()) {
  const started = transcript.add(await client.post(`/api/platforms/${platform}/connect`, {}));
  expect(started.status).toBe(200);
  const authorizationUrl = new URL(started.body.authorizationUrl);
  const page = transcript.add(await client.get(pathOf(authorizationUrl.href)));
  expect(page.status).toBe(200);
  return { authorizationUrl, page: readConsentPage(String(page.body)) };
}

/** The consent form's Allow or Cancel: answers the platform's redirect to our callback. */
export async function decide(
  client: TestClient,
  platform: string,
  page: ConsentPage,
  decision: 'allow' | 'cancel',
  adAccount = page.adAccounts[0]!,
  transcript = new Transcript(),
) {
  const form = new URLSearchParams({ consent: page.consent, ad_account: adAccount, decision });
  const res = transcript.add(
    await client.post(`/sandbox/${platform}/oauth/authorize`, form.toString(), {
      'content-type': 'application/x-www-form-urlencoded',
    }),
  );
  expect(res.status).toBe(303);
  return pathOf(res.headers.get('location'));
}

/** The whole Connect, Allow chosen: answers where the callback sent the browser. */
export async function connectThroughConsent(
  client: TestClient,
  platform: string,
  transcript = new Transcript(),
  adAccount?: string,
) {
  const { page } = await startConnect(client, platform, transcript);
  const callback = await decide(client, platform, page, 'allow', adAccount, transcript);
  const done = transcript.add(await client.get(callback));
  expect(done.status).toBe(302);
  return { callback, location: pathOf(done.headers.get('location')), page };
}
