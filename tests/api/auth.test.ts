import { DEMO_EMAIL } from '@server/seed/seed';
import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../support/db';
import { signedIn, TestClient, testApp } from '../support/http';

const { db } = await freshDatabase();

describe('sign-in', () => {
  it('answers signed-out callers with isAuthenticated false', async () => {
    const res = await new TestClient(testApp(db)).get('/api/auth/user');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ isAuthenticated: false });
  });

  it('signs the demo user in with an HttpOnly, SameSite=Lax cookie and returns the current user', async () => {
    const client = new TestClient(testApp(db));
    const login = await client.post('/api/auth/login', {
      email: 'Demo@Flightplan.test ',
      password: 'flightplan-demo',
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie()[0] ?? '';
    expect(cookie).toMatch(/^fp_session=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const user = await client.get('/api/auth/user');
    expect(user.body).toMatchObject({
      isAuthenticated: true,
      requiresOnboarding: false,
      isInOrganization: true,
      isInAccount: true,
      email: DEMO_EMAIL,
      firstName: 'Dana',
      currentOrganization: { name: 'Demo Agency', planCode: 'trial', whiteLabelPrimaryHexCode: '#05d197' },
      currentAccount: { name: 'Acme Outdoor' },
    });
  });

  it('refuses a wrong password with 401 and a message', async () => {
    const res = await new TestClient(testApp(db)).post('/api/auth/login', {
      email: 'rival@flightplan.test',
      password: 'nope-nope',
    });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('The e-mail address or password is not correct.');
  });

  it('names the problem when the body is malformed', async () => {
    const client = new TestClient(testApp(db));
    const notJson = await client.post('/api/auth/login', '{"email":', { 'content-type': 'application/json' });
    expect(notJson.status).toBe(400);
    expect(notJson.body.message).toBe('The request body is not valid JSON');
    const noEmail = await client.post('/api/auth/login', { password: 'x' });
    expect(noEmail.status).toBe(400);
    expect(noEmail.body.validationErrors.email.message).toBe('Enter your e-mail address');
  });

  // Throttling (growing delays per e-mail and address, per address, known places): auth-throttle.test.ts.

  it('signs out: the cookie is cleared and the session no longer works', async () => {
    const client = await signedIn(db);
    const stolenCookie = { cookie: '' };
    // Keep the raw cookie to prove the server forgot the session, not just the browser.
    const probe = await client.get('/api/auth/user');
    expect(probe.body.isAuthenticated).toBe(true);
    const raw = (client as unknown as { cookies: Map<string, string> }).cookies.get('fp_session');
    stolenCookie.cookie = `fp_session=${raw}`;
    expect((await client.post('/api/auth/logout')).status).toBe(200);
    expect((await client.get('/api/auth/user')).body).toEqual({ isAuthenticated: false });
    const replay = await new TestClient(testApp(db)).get('/api/auth/user', stolenCookie);
    expect(replay.body).toEqual({ isAuthenticated: false });
  });
});

describe('sign-up', () => {
  it('creates a user who requires onboarding and has no organization', async () => {
    const client = new TestClient(testApp(db));
    const res = await client.post('/api/auth/signup', {
      email: 'new@flightplan.test',
      password: 'long-enough',
    });
    expect(res.status).toBe(201);
    const user = await client.get('/api/auth/user');
    expect(user.body).toMatchObject({
      isAuthenticated: true,
      requiresOnboarding: true,
      isInOrganization: false,
      isInAccount: false,
      currentOrganization: null,
    });
    expect((await client.get('/api/organization')).body).toEqual([]);
  });

  it('refuses a taken e-mail and a short password', async () => {
    const client = new TestClient(testApp(db));
    const taken = await client.post('/api/auth/signup', { email: DEMO_EMAIL, password: 'long-enough' });
    expect(taken.status).toBe(409);
    expect(taken.body.validationErrors.email.message).toMatch(/already exists/);
    const short = await client.post('/api/auth/signup', { email: 'x@flightplan.test', password: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.validationErrors.password.message).toBe('Use at least 8 characters');
  });
});

describe('CSRF', () => {
  it('refuses writes from another origin or site with 403 and changes nothing', async () => {
    const client = new TestClient(testApp(db));
    const foreign = await client.post(
      '/api/auth/login',
      { email: DEMO_EMAIL, password: 'flightplan-demo' },
      { origin: 'https://evil.example' },
    );
    expect(foreign.status).toBe(403);
    expect(foreign.body.message).toBe('Cross-site request refused');
    const crossSite = await client.post(
      '/api/auth/login',
      { email: DEMO_EMAIL, password: 'flightplan-demo' },
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(crossSite.status).toBe(403);
    expect((await client.get('/api/auth/user')).body.isAuthenticated).toBe(false);
  });
});

describe('organizations and switching', () => {
  it('lists only the organizations the user belongs to', async () => {
    const demo = await signedIn(db, 'demo');
    const rival = await signedIn(db, 'rival');
    const demoOrgs = (await demo.get('/api/organization')).body;
    const rivalOrgs = (await rival.get('/api/organization')).body;
    expect(demoOrgs.map((o: { name: string }) => o.name)).toEqual(['Demo Agency']);
    expect(rivalOrgs.map((o: { name: string }) => o.name)).toEqual(['Rival Media']);
  });

  it("switches organization and account with a redirect, and refuses another tenant's ids like missing ones", async () => {
    const demo = await signedIn(db, 'demo');
    const rival = await signedIn(db, 'rival');
    const rivalUser = (await rival.get('/api/auth/user')).body;
    const demoUser = (await demo.get('/api/auth/user')).body;
    const foreignOrg = await demo.get(
      `/organization/switch?id=${rivalUser.currentOrganization.id}&returnUrl=/campaigns`,
    );
    const missingOrg = await demo.get(
      '/organization/switch?id=00000000-0000-4000-8000-000000000000&returnUrl=/',
    );
    expect(foreignOrg.status).toBe(404);
    expect(foreignOrg.body).toEqual(missingOrg.body);
    const foreignAccount = await demo.get(`/account/switch?id=${rivalUser.currentAccount.id}`);
    expect(foreignAccount.status).toBe(404);

    // The app's own switch menus and links are same-origin navigations (tests/api/switch-security.test.ts:
    // any other GET asks first).
    const sameOrigin = { 'sec-fetch-site': 'same-origin' };
    const switched = await demo.get(
      `/organization/switch?id=${demoUser.currentOrganization.id}&returnUrl=/campaigns`,
      sameOrigin,
    );
    expect(switched.status).toBe(302);
    expect(switched.headers.get('location')).toBe('/campaigns');
    const evil = await demo.get(
      `/organization/switch?id=${demoUser.currentOrganization.id}&returnUrl=${encodeURIComponent('//evil.example')}`,
      sameOrigin,
    );
    expect(evil.headers.get('location')).toBe('/');
  });
});
