import { safeReturnUrl } from '@contract/returnUrl';
import { beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../support/db';
import { ORIGIN, signedIn, type TestClient } from '../support/http';

/**
 * Issue 11, findings 2 and 5: /organization/switch and /account/switch must never redirect off the site
 * (whatever the returnUrl), never fail after changing the session, and change the session only for a
 * request our own pages sent (a POST passing the CSRF check, or a GET labelled Sec-Fetch-Site: same-origin).
 */
const { db } = await freshDatabase();

const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

/** Return URLs that lead (or once led) off the site, or broke the Location header; raw values. */
const HOSTILE = [
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r\n/evil.example',
  '/x\r\nSet-Cookie: fp_session=attacker',
  '//evil.example',
  '///evil.example',
  '//evil.example/%2F..',
  'https://evil.example',
  'HTTPS://evil.example/path',
  'http:/evil.example',
  'https:evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  '/\\/evil.example',
  '/.//evil.example',
  '/..//evil.example',
  '/a/../..//evil.example',
  '/./\\evil.example',
  'javascript:alert(document.domain)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  '\t//evil.example',
  ' //evil.example',
  'evil.example',
  '',
];

/** Already-encoded forms: once decoded by the query parser, what reaches the sanitiser is still encoded. */
const ENCODED = [
  '/%2F/evil.example',
  '/%09/evil.example',
  '/%5Cevil.example',
  '%2F%2Fevil.example',
  '/%0d%0a/x',
];

/** A query string carrying `value` as returnUrl, encoded the way a link would carry it. */
const q = (id: string, returnUrl: string) => `id=${id}&returnUrl=${encodeURIComponent(returnUrl)}`;

/** A Location header stays on this site: a path that resolves to our own origin, no control characters. */
function expectOnSite(location: string | null) {
  expect(location).not.toBeNull();
  const value = location ?? '';
  expect(value.startsWith('/')).toBe(true);
  expect(value.startsWith('//')).toBe(false);
  expect(value.startsWith('/\\')).toBe(false);
  expect([...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)).toBe(false);
  expect(new URL(value, ORIGIN).origin).toBe(ORIGIN);
}

async function scope(client: TestClient) {
  const user = (await client.get('/api/auth/user')).body;
  return { organization: user.currentOrganization?.id ?? null, account: user.currentAccount?.id ?? null };
}

/** The demo user in Acme Outdoor, with Bluebird Coffee (same organization) to switch to. */
async function demoWithAccounts() {
  const demo = await signedIn(db, 'demo');
  // A new session resumes where the last one switched to: start each test back in Acme Outdoor.
  const user = (await demo.get('/api/auth/user')).body;
  const acme = { id: ACME_ID, name: 'Acme Outdoor' };
  if (user.currentAccount?.id !== acme.id) {
    expect((await demo.get(`/account/switch?id=${acme.id}`, SAME_ORIGIN)).status).toBe(302);
  }
  const accounts = (await demo.get<{ id: string; name: string }[]>('/api/accounts')).body;
  const bluebird = accounts.find((a) => a.name === 'Bluebird Coffee')!;
  expect((await scope(demo)).account).toBe(acme.id);
  return { demo, organizationId: (await scope(demo)).organization as string, acme, bluebird };
}

const ACME_ID = await (async () => {
  const demo = await signedIn(db, 'demo');
  const user = (await demo.get('/api/auth/user')).body;
  expect(user.currentAccount.name).toBe('Acme Outdoor');
  return user.currentAccount.id as string;
})();

describe('safeReturnUrl (contract/returnUrl.ts), the one return-URL rule', () => {
  it.each(HOSTILE)('refuses %j', (value) => {
    expect(safeReturnUrl(value)).toBe('/');
  });

  it.each(ENCODED)('keeps %j on this site', (value) => {
    expectOnSite(safeReturnUrl(value));
  });

  it('keeps paths, queries and hashes of this site, normalised', () => {
    expect(safeReturnUrl('/campaigns?page=2&sort=name#top')).toBe('/campaigns?page=2&sort=name#top');
    expect(safeReturnUrl('/budgets/../customers')).toBe('/customers');
    expect(safeReturnUrl('/a b?c d')).toBe('/a%20b?c%20d');
    expect(safeReturnUrl(null)).toBe('/');
    expect(safeReturnUrl(undefined, '')).toBe('');
  });
});

describe('open redirect (finding 2)', () => {
  let shared: Awaited<ReturnType<typeof demoWithAccounts>>;
  beforeAll(async () => {
    shared = await demoWithAccounts();
  });

  it.each([...HOSTILE, ...ENCODED])(
    'organization and account switches answer %j with a redirect on this site',
    async (returnUrl) => {
      const { demo, organizationId, bluebird } = shared;
      const org = await demo.get(`/organization/switch?${q(organizationId, returnUrl)}`, SAME_ORIGIN);
      expect(org.status).toBe(302);
      expectOnSite(org.headers.get('location'));
      const account = await demo.get(`/account/switch?${q(bluebird.id, returnUrl)}`, SAME_ORIGIN);
      expect(account.status).toBe(302);
      expectOnSite(account.headers.get('location'));
      if (HOSTILE.includes(returnUrl)) {
        expect(org.headers.get('location')).toBe('/');
        expect(account.headers.get('location')).toBe('/');
      }
    },
  );

  it('the reported attack: %2F%09%2Fevil.example goes home, not to /\\t/evil.example', async () => {
    const { demo, organizationId } = await demoWithAccounts();
    const res = await demo.get(
      `/organization/switch?id=${organizationId}&returnUrl=%2F%09%2Fevil.example`,
      SAME_ORIGIN,
    );
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/');
  });

  it('a newline never answers 500, and the confirmation form carries only the safe return URL', async () => {
    const { demo, acme, bluebird } = await demoWithAccounts();
    const sameOrigin = await demo.get(
      `/account/switch?id=${bluebird.id}&returnUrl=%2F%0A%2Fevil.example`,
      SAME_ORIGIN,
    );
    expect(sameOrigin.status).toBe(302);
    expect(sameOrigin.headers.get('location')).toBe('/');
    // Back to Acme, then a cross-site arrival with the same bad value: nothing changes, the form says "/".
    await demo.get(`/account/switch?id=${acme.id}`, SAME_ORIGIN);
    const crossSite = await demo.get<string>(
      `/account/switch?id=${bluebird.id}&returnUrl=%2F%0A%2Fevil.example`,
    );
    expect(crossSite.status).toBe(200);
    expect(crossSite.body).toContain('<input type="hidden" name="returnUrl" value="/">');
    expect((await scope(demo)).account).toBe(acme.id);
  });

  it('keeps a return URL on this site as it was', async () => {
    const { demo, bluebird } = await demoWithAccounts();
    const res = await demo.get(
      `/account/switch?${q(bluebird.id, '/campaigns?page=2&sort=name')}&domain=localhost`,
      SAME_ORIGIN,
    );
    expect(res.headers.get('location')).toBe('/campaigns?page=2&sort=name');
  });

  it('leaves the session as it was when the id is bad, missing or another tenant’s', async () => {
    const { demo } = await demoWithAccounts();
    const before = await scope(demo);
    const rival = await signedIn(db, 'rival');
    const rivalUser = (await rival.get('/api/auth/user')).body;
    for (const path of ['/organization/switch', '/account/switch']) {
      for (const method of ['GET', 'POST'] as const) {
        const call = (id: string) =>
          method === 'GET'
            ? demo.get(`${path}?${q(id, '//evil.example')}`, SAME_ORIGIN)
            : demo.post(`${path}?${q(id, '//evil.example')}`, '', {
                'content-type': 'application/x-www-form-urlencoded',
              });
        const notAnId = await call('not-a-uuid%0A');
        expect(notAnId.status).toBe(400);
        const missing = await call(MISSING_ID);
        expect(missing.status).toBe(404);
        const foreignId =
          path === '/account/switch' ? rivalUser.currentAccount.id : rivalUser.currentOrganization.id;
        const foreign = await call(foreignId);
        expect(foreign.status).toBe(404);
        expect(foreign.body).toEqual(missing.body);
      }
    }
    expect(await scope(demo)).toEqual(before);
  });
});

describe('cross-site switching (finding 5)', () => {
  it.each([
    ['another site', { 'sec-fetch-site': 'cross-site' }],
    ['a sibling subdomain', { 'sec-fetch-site': 'same-site' }],
    ['the address bar or a bookmark', { 'sec-fetch-site': 'none' }],
    ['a browser without Fetch Metadata', {}],
  ])('a GET from %s does not switch the account: it asks first', async (_from, headers) => {
    const { demo, acme, bluebird } = await demoWithAccounts();
    const res = await demo.get<string>(`/account/switch?${q(bluebird.id, '/campaigns')}`, headers);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.body).toContain('<h1>Switch to Bluebird Coffee?</h1>');
    expect(res.body).toContain('<form method="post" action="/account/switch">');
    expect(res.body).toContain(`<input type="hidden" name="id" value="${bluebird.id}">`);
    expect(res.body).toContain('<input type="hidden" name="returnUrl" value="/campaigns">');
    expect(res.body).toContain('<button type="submit">Switch</button>');
    expect(res.body).toContain('<a href="/">Cancel</a>');
    expect((await scope(demo)).account).toBe(acme.id);
  });

  it('a GET from another site does not switch the organization either', async () => {
    const { demo, organizationId } = await demoWithAccounts();
    const created = await demo.post<{ id: string }>('/api/organizations', { name: 'Second Agency' });
    expect(created.status).toBe(201);
    const res = await demo.get<string>(`/organization/switch?${q(created.body.id, '/')}`, {
      'sec-fetch-site': 'cross-site',
    });
    expect(res.status).toBe(200);
    expect(res.body).toContain('<h1>Switch to Second Agency?</h1>');
    expect(res.body).toContain('<form method="post" action="/organization/switch">');
    expect((await scope(demo)).organization).toBe(organizationId);

    // Its Switch button: a same-origin form POST switches, then a 303 back to the return URL.
    const confirmed = await demo.post(
      '/organization/switch',
      new URLSearchParams({ id: created.body.id, returnUrl: '/' }).toString(),
      { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
    );
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe('/');
    expect((await scope(demo)).organization).toBe(created.body.id);

    // And a same-origin GET (the app's own menus and links) switches back without asking.
    const back = await demo.get(`/organization/switch?${q(organizationId, '/campaigns')}`, SAME_ORIGIN);
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe('/campaigns');
    expect((await scope(demo)).organization).toBe(organizationId);
  });

  it('the confirmation page cannot be framed, runs nothing and escapes the name', async () => {
    const { demo } = await demoWithAccounts();
    const created = await demo.post<{ id: string }>('/api/accounts', {
      name: '<img src=x onerror=alert(1)>"&',
    });
    expect(created.status).toBe(201);
    const res = await demo.get<string>(`/account/switch?${q(created.body.id, '/')}`);
    expect(res.body).toContain('Switch to &lt;img src=x onerror=alert(1)&gt;&quot;&amp;?');
    expect(res.body).not.toContain('<img');
    expect(res.body).not.toContain('<script');
    const policy = res.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("form-action 'self'");
    expect(policy).not.toContain('unsafe-inline');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('a POST from another site is refused and changes nothing', async () => {
    const { demo, acme, bluebird } = await demoWithAccounts();
    const form = new URLSearchParams({ id: bluebird.id, returnUrl: '/' }).toString();
    const type = { 'content-type': 'application/x-www-form-urlencoded' };
    const foreignOrigin = await demo.post('/account/switch', form, {
      ...type,
      origin: 'https://evil.example',
    });
    expect(foreignOrigin.status).toBe(403);
    const crossSite = await demo.post('/account/switch', form, { ...type, 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    expect((await scope(demo)).account).toBe(acme.id);

    const sameOrigin = await demo.post('/account/switch', form, type);
    expect(sameOrigin.status).toBe(303);
    expect((await scope(demo)).account).toBe(bluebird.id);
  });

  it('signed out, nothing is shown or switched', async () => {
    const { demo, bluebird } = await demoWithAccounts();
    await demo.post('/api/auth/logout');
    const res = await demo.get(`/account/switch?${q(bluebird.id, '/')}`, SAME_ORIGIN);
    expect(res.status).toBe(401);
  });
});
