import { isServerRoute } from '@server/app';
import * as t from '@server/db/schema';
import { DEMO_IDP_DOMAIN, DEMO_IDP_USERS, type LocalIdp, startLocalIdp } from '@server/sso/localIdp';
import { hashState } from '@server/sso/store';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../support/db';
import { signedIn, TestClient, testApp } from '../support/http';
import { pathOf, signInAtIdp, ssoErrorOf, startFederation } from './idp';

const { db } = await freshDatabase();
const demo = await signedIn(db);
const me = (await demo.get('/api/auth/user')).body;
const orgId: string = me.currentOrganization.id;
const orgAccounts = await db.select().from(t.accounts).where(eq(t.accounts.organizationId, orgId));
const acme = orgAccounts.find((a) => a.name === 'Acme Outdoor')!;

let idp: LocalIdp;
beforeAll(async () => {
  // The tests' app answers at http://localhost (no PUBLIC_ORIGIN): its callback is registered with the provider.
  idp = await startLocalIdp({
    port: 0,
    redirectUris: ['http://localhost/auth/federate/callback'],
    users: [
      ...DEMO_IDP_USERS,
      { email: `lin@${DEMO_IDP_DOMAIN}`, emailVerified: true, givenName: 'Lin', familyName: 'Elsewhere' },
    ],
  });
});
afterAll(() => idp?.close());

const settings = (overrides: Record<string, unknown> = {}) => ({
  issuer: idp.issuer,
  clientId: idp.clientId,
  clientSecret: idp.clientSecret,
  domains: [DEMO_IDP_DOMAIN],
  role: 'analyst',
  accountIds: [acme.id],
  requireSso: false,
  ...overrides,
});

async function configure(overrides: Record<string, unknown> = {}) {
  const res = await demo.put(`/api/organizations/${orgId}/sso`, settings(overrides));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** A fresh browser through the identity provider as `who`: the callback URL it is sent back to. */
async function throughIdp(who: string, client = new TestClient(testApp(db))) {
  const callback = await signInAtIdp(await startFederation(client, DEMO_IDP_DOMAIN), who);
  return { client, callback };
}

async function signUp(email: string) {
  const client = new TestClient(testApp(db));
  const res = await client.post('/api/auth/signup', {
    email,
    password: 'correct-horse',
    firstName: 'Grace',
    lastName: 'Password',
  });
  expect(res.status).toBe(201);
  return (await client.get('/api/auth/user')).body.id as string;
}

describe('single sign-on settings', () => {
  it('answers "not configured" at first, with the redirect URI to register', async () => {
    const res = await demo.get(`/api/organizations/${orgId}/sso`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      configured: false,
      hasClientSecret: false,
      domains: [],
      redirectUri: 'http://localhost/auth/federate/callback',
    });
  });

  it('saves the settings, seals the secret and never answers it back', async () => {
    const body = await configure({ domains: [DEMO_IDP_DOMAIN.toUpperCase()] });
    expect(body).toEqual({
      configured: true,
      issuer: idp.issuer,
      clientId: idp.clientId,
      hasClientSecret: true,
      domains: [DEMO_IDP_DOMAIN],
      role: 'analyst',
      accountIds: [acme.id],
      requireSso: false,
      redirectUri: 'http://localhost/auth/federate/callback',
    });
    expect(JSON.stringify((await demo.get(`/api/organizations/${orgId}/sso`)).body)).not.toContain(
      idp.clientSecret,
    );
    const [row] = await db
      .select()
      .from(t.ssoConfigurations)
      .where(eq(t.ssoConfigurations.organizationId, orgId));
    expect(row!.clientSecretSealed).toMatch(/^v1\./);
    expect(row!.clientSecretSealed).not.toContain(idp.clientSecret);
  });

  it('keeps the secret when none is sent', async () => {
    const { clientSecret: _, ...withoutSecret } = settings();
    const res = await demo.put(`/api/organizations/${orgId}/sso`, withoutSecret);
    expect(res.status).toBe(200);
    expect(res.body.hasClientSecret).toBe(true);
  });

  it.each([
    ['issuer', { issuer: 'not a url' }],
    ['issuer', { issuer: 'http://login.example.com' }],
    ['clientId', { clientId: '' }],
    ['domains', { domains: [] }],
    ['domains.0', { domains: ['not a domain'] }],
    ['role', { role: 'boss' }],
    ['accountIds', { role: 'client', accountIds: null }],
  ])('refuses bad input naming the field (%s)', async (field, overrides) => {
    const res = await demo.put(`/api/organizations/${orgId}/sso`, settings(overrides));
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.validationErrors)).toContain(field);
  });

  it('refuses accounts of another organization', async () => {
    const res = await demo.put(
      `/api/organizations/${orgId}/sso`,
      settings({ accountIds: ['00000000-0000-4000-8000-000000000000'] }),
    );
    expect(res.status).toBe(400);
    expect(res.body.validationErrors.accountIds).toBeDefined();
  });

  it('is refused to a planner (403) and to another organization (404); a domain belongs to one organization', async () => {
    const plannerId = await signUp('pat-planner@agency.test');
    await db.insert(t.memberships).values({ userId: plannerId, organizationId: orgId, role: 'planner' });
    const planner = await new TestClient(testApp(db)).signIn('pat-planner@agency.test', 'correct-horse');
    expect((await planner.get(`/api/organizations/${orgId}/sso`)).status).toBe(403);
    const put = await planner.put(`/api/organizations/${orgId}/sso`, settings());
    expect(put.status).toBe(403);
    expect(put.body.errorCode).toBe('FORBIDDEN');

    const rival = await signedIn(db, 'rival');
    expect((await rival.get(`/api/organizations/${orgId}/sso`)).status).toBe(404);
    expect((await rival.put(`/api/organizations/${orgId}/sso`, settings())).status).toBe(404);
    const rivalOrg: string = (await rival.get('/api/auth/user')).body.currentOrganization.id;
    const taken = await rival.put(`/api/organizations/${rivalOrg}/sso`, settings({ accountIds: null }));
    expect(taken.status).toBe(400);
    expect(taken.body.validationErrors.domains.message).toContain(DEMO_IDP_DOMAIN);
  });

  it('lets an admin set it up, but only an owner hands out the owner role', async () => {
    const adminId = await signUp('ari-admin@agency.test');
    await db.insert(t.memberships).values({ userId: adminId, organizationId: orgId, role: 'admin' });
    const admin = await new TestClient(testApp(db)).signIn('ari-admin@agency.test', 'correct-horse');
    expect((await admin.put(`/api/organizations/${orgId}/sso`, settings())).status).toBe(200);
    const owner = await admin.put(`/api/organizations/${orgId}/sso`, settings({ role: 'owner' }));
    expect(owner.status).toBe(403);
    expect(owner.body.validationErrors.role).toBeDefined();
    expect((await demo.put(`/api/organizations/${orgId}/sso`, settings({ role: 'owner' }))).status).toBe(200);
    await configure();
  });

  it('tells the sign-in page whether an address signs in with single sign-on', async () => {
    const anyone = new TestClient(testApp(db));
    expect((await anyone.get(`/api/auth/sso?email=ada@${DEMO_IDP_DOMAIN}`)).body).toEqual({
      sso: true,
      required: false,
      domain: DEMO_IDP_DOMAIN,
    });
    expect((await anyone.get('/api/auth/sso?email=someone@elsewhere.test')).body).toEqual({
      sso: false,
      required: false,
      domain: null,
    });
    expect((await anyone.get('/api/auth/sso')).body.sso).toBe(false);
  });
});

describe('signing in with single sign-on', () => {
  it('is served by the API, not the browser app', () => {
    expect(isServerRoute('GET', '/auth/federate')).toBe(true);
    expect(isServerRoute('GET', '/auth/federate/callback')).toBe(true);
    expect(isServerRoute('GET', '/auth/login')).toBe(false);
  });

  it('starts the code flow with PKCE, state and nonce', async () => {
    const url = new URL(await startFederation(new TestClient(testApp(db)), DEMO_IDP_DOMAIN));
    expect(url.origin).toBe(idp.issuer);
    const params = url.searchParams;
    expect(params.get('response_type')).toBe('code');
    expect(params.get('client_id')).toBe(idp.clientId);
    expect(params.get('redirect_uri')).toBe('http://localhost/auth/federate/callback');
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toBeTruthy();
    expect(params.get('state')).toBeTruthy();
    expect(params.get('nonce')).toBeTruthy();
  });

  it('creates a new person just in time with the configured role and accounts', async () => {
    const { client, callback } = await throughIdp(`ada@${DEMO_IDP_DOMAIN}`);
    const res = await client.get(pathOf(callback));
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/');
    const user = (await client.get('/api/auth/user')).body;
    expect(user).toMatchObject({
      isAuthenticated: true,
      requiresOnboarding: false,
      email: `ada@${DEMO_IDP_DOMAIN}`,
      firstName: 'Ada',
      lastName: 'Lovelace',
      role: 'analyst',
      accountIds: [acme.id],
      isInOrganization: true,
      isInAccount: true,
    });
    expect(user.currentOrganization.id).toBe(orgId);
    const events = await db.select().from(t.securityEvents).where(eq(t.securityEvents.userId, user.id));
    expect(events).toContainEqual(expect.objectContaining({ kind: 'sign_in', method: 'SINGLE_SIGN_ON' }));
    // The organization's activity shows who joined by the identity provider, and as what.
    const activity = (await demo.get(`/api/organizations/${orgId}/activity`)).body.events;
    expect(activity[0]).toMatchObject({
      kind: 'joined_by_sso',
      subjectEmail: `ada@${DEMO_IDP_DOMAIN}`,
      role: 'analyst',
    });

    // A replayed answer (the same state) is refused, even though the first one worked.
    expect(ssoErrorOf(await client.get(pathOf(callback)))).toBe('STATE_USED');
    expect(ssoErrorOf(await new TestClient(testApp(db)).get(pathOf(callback)))).toBe('STATE_USED');
  });

  it('signs in an existing person with the same verified address, who joins the organization', async () => {
    const userId = await signUp(`grace@${DEMO_IDP_DOMAIN}`);
    const { client, callback } = await throughIdp(`grace@${DEMO_IDP_DOMAIN}`);
    expect((await client.get(pathOf(callback))).headers.get('location')).toBe('/');
    const user = (await client.get('/api/auth/user')).body;
    expect(user).toMatchObject({ id: userId, firstName: 'Grace', lastName: 'Password', role: 'analyst' });
    // A second sign-in keeps the one membership.
    const again = await throughIdp(`grace@${DEMO_IDP_DOMAIN}`);
    expect((await again.client.get(pathOf(again.callback))).headers.get('location')).toBe('/');
    const members = await db.select().from(t.memberships).where(eq(t.memberships.userId, userId));
    expect(members).toHaveLength(1);
  });

  it('refuses somebody who works in other organizations only: they are invited first', async () => {
    const userId = await signUp(`lin@${DEMO_IDP_DOMAIN}`);
    const rival = await signedIn(db, 'rival');
    const rivalOrg: string = (await rival.get('/api/auth/user')).body.currentOrganization.id;
    await db.insert(t.memberships).values({ userId, organizationId: rivalOrg, role: 'planner' });
    const { client, callback } = await throughIdp(`lin@${DEMO_IDP_DOMAIN}`);
    expect(ssoErrorOf(await client.get(pathOf(callback)))).toBe('ACCOUNT_ELSEWHERE');
    expect((await client.get('/api/auth/user')).body.isAuthenticated).toBe(false);
    // A member of this organization too: signed in.
    await db.insert(t.memberships).values({ userId, organizationId: orgId, role: 'analyst' });
    const again = await throughIdp(`lin@${DEMO_IDP_DOMAIN}`);
    expect((await again.client.get(pathOf(again.callback))).headers.get('location')).toBe('/');
  });

  it('refuses an unknown domain', async () => {
    const res = await new TestClient(testApp(db)).get('/auth/federate?domain=nowhere.test');
    expect(ssoErrorOf(res)).toBe('UNKNOWN_DOMAIN');
    expect(ssoErrorOf(await new TestClient(testApp(db)).get('/auth/federate'))).toBe('UNKNOWN_DOMAIN');
  });

  it('refuses an unverified e-mail address', async () => {
    const { client, callback } = await throughIdp(`unverified@${DEMO_IDP_DOMAIN}`);
    expect(ssoErrorOf(await client.get(pathOf(callback)))).toBe('EMAIL_NOT_VERIFIED');
    expect((await client.get('/api/auth/user')).body.isAuthenticated).toBe(false);
    const [user] = await db
      .select()
      .from(t.users)
      .where(eq(t.users.email, `unverified@${DEMO_IDP_DOMAIN}`));
    expect(user).toBeUndefined();
  });

  it('refuses an answer from another issuer', async () => {
    const { client, callback } = await throughIdp(`ada@${DEMO_IDP_DOMAIN}`);
    callback.searchParams.set('iss', 'https://evil.example.com');
    expect(ssoErrorOf(await client.get(pathOf(callback)))).toBe('WRONG_ISSUER');
    expect((await client.get('/api/auth/user')).body.isAuthenticated).toBe(false);
  });

  it('refuses an issuer whose discovery document names another issuer', async () => {
    await configure({ issuer: idp.issuer.replace('127.0.0.1', 'localhost') });
    try {
      const res = await new TestClient(testApp(db)).get(`/auth/federate?domain=${DEMO_IDP_DOMAIN}`);
      expect(ssoErrorOf(res)).toBe('WRONG_ISSUER');
    } finally {
      await configure();
    }
  });

  it('refuses an ID token with another nonce', async () => {
    const { client, callback } = await throughIdp(`ada@${DEMO_IDP_DOMAIN}`);
    await db
      .update(t.ssoLogins)
      .set({ nonce: 'another-nonce' })
      .where(eq(t.ssoLogins.stateHash, hashState(callback.searchParams.get('state')!)));
    expect(ssoErrorOf(await client.get(pathOf(callback)))).toBe('WRONG_NONCE');
  });

  it('refuses an invalid code, and an answer that came too late', async () => {
    const first = await throughIdp(`ada@${DEMO_IDP_DOMAIN}`);
    first.callback.searchParams.set('code', 'not-a-code');
    expect(ssoErrorOf(await first.client.get(pathOf(first.callback)))).toBe('INVALID_CODE');

    const late = await throughIdp(`ada@${DEMO_IDP_DOMAIN}`);
    await db
      .update(t.ssoLogins)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(t.ssoLogins.stateHash, hashState(late.callback.searchParams.get('state')!)));
    expect(ssoErrorOf(await late.client.get(pathOf(late.callback)))).toBe('STATE_EXPIRED');
  });

  it('refuses an answer opened in a browser that did not start the sign-in', async () => {
    const { callback } = await throughIdp(`ada@${DEMO_IDP_DOMAIN}`);
    const victim = new TestClient(testApp(db));
    expect(ssoErrorOf(await victim.get(pathOf(callback)))).toBe('STATE_INVALID');
    expect((await victim.get('/api/auth/user')).body.isAuthenticated).toBe(false);
    expect(ssoErrorOf(await victim.get('/auth/federate/callback?state=made-up&code=x'))).toBe(
      'STATE_INVALID',
    );
  });
});

describe('"Require single sign-on"', () => {
  it('refuses password sign-in at the domain, pointing to single sign-on; other addresses sign in as before', async () => {
    const email = `grace@${DEMO_IDP_DOMAIN}`;
    expect(
      (await new TestClient(testApp(db)).post('/api/auth/login', { email, password: 'correct-horse' }))
        .status,
    ).toBe(200);
    await configure({ requireSso: true });
    const refused = await new TestClient(testApp(db)).post('/api/auth/login', {
      email,
      password: 'correct-horse',
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      errorCode: 'SSO_REQUIRED',
      message: expect.stringMatching(/single sign-on/),
    });
    expect((await new TestClient(testApp(db)).get(`/api/auth/sso?email=${email}`)).body.required).toBe(true);
    await new TestClient(testApp(db)).signIn('demo@flightplan.test');
    // Nor can a new address at the domain get a password by signing up, and nothing is created.
    const signup = await new TestClient(testApp(db)).post('/api/auth/signup', {
      email: `newcomer@${DEMO_IDP_DOMAIN}`,
      password: 'correct-horse',
      firstName: 'New',
      lastName: 'Comer',
    });
    expect(signup.status).toBe(403);
    expect(signup.body).toMatchObject({
      errorCode: 'SSO_REQUIRED',
      validationErrors: { email: { message: expect.stringMatching(/single sign-on/) } },
    });
    expect(
      await db
        .select()
        .from(t.users)
        .where(eq(t.users.email, `newcomer@${DEMO_IDP_DOMAIN}`)),
    ).toEqual([]);
    // Single sign-on itself still works.
    const { client, callback } = await throughIdp(email);
    expect((await client.get(pathOf(callback))).headers.get('location')).toBe('/');
  });
});
