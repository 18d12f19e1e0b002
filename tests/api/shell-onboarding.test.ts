import * as t from '@server/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../support/db';
import { signedIn, TestClient, testApp } from '../support/http';

const { db } = await freshDatabase();

let counter = 0;
/** A brand-new user, signed up and signed in, who has not onboarded yet. */
async function newUser() {
  const client = new TestClient(testApp(db));
  const email = `new-${++counter}@flightplan.test`;
  const res = await client.post('/api/auth/signup', { email, password: 'correct-horse' });
  expect(res.status).toBe(201);
  return { client, email };
}

const VALID = {
  firstName: ' Olive ',
  lastName: 'Onboard',
  organizationName: ' Olive Media ',
  accountName: 'First Client',
};

describe('POST /api/onboarding', () => {
  it('creates the organization, owner membership and first account, and moves the session there', async () => {
    const { client, email } = await newUser();
    const before = await client.get('/api/auth/user');
    expect(before.body).toMatchObject({
      requiresOnboarding: true,
      isInOrganization: false,
      isInAccount: false,
    });

    const res = await client.post('/api/onboarding', VALID);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true });

    const user = await client.get('/api/auth/user');
    expect(user.body).toMatchObject({
      isAuthenticated: true,
      requiresOnboarding: false,
      isInOrganization: true,
      isInAccount: true,
      email,
      firstName: 'Olive',
      lastName: 'Onboard',
      currentOrganization: { name: 'Olive Media', planCode: 'trial', hasWhiteLabelFeature: true },
      currentAccount: { name: 'First Client' },
    });
    const orgId = user.body.currentOrganization.id;
    expect(Date.now() - Date.parse(user.body.currentOrganization.createdAt)).toBeLessThan(60_000);
    expect(user.body.currentAccount.organizationId).toBe(orgId);

    const [membership] = await db.select().from(t.memberships).where(eq(t.memberships.organizationId, orgId));
    expect(membership).toMatchObject({ userId: user.body.id, role: 'owner' });
    const [row] = await db.select().from(t.users).where(eq(t.users.id, user.body.id));
    expect(row!.onboardedAt).toBeInstanceOf(Date);
    expect(row).toMatchObject({ lastOrganizationId: orgId, lastAccountId: user.body.currentAccount.id });

    const organizations = await client.get('/api/organization');
    expect(organizations.body.map((o: { name: string }) => o.name)).toEqual(['Olive Media']);
    // The billing screen works at once: a fresh 7-day trial.
    expect((await client.get('/api/billing')).body.trial).toMatchObject({ days: 7, daysLeft: 7 });
  });

  it('answers 409 the second time, and creates nothing more', async () => {
    const { client } = await newUser();
    expect((await client.post('/api/onboarding', VALID)).status).toBe(201);
    const orgCount = (await db.select().from(t.organizations)).length;
    const again = await client.post('/api/onboarding', { ...VALID, organizationName: 'Second' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      message: 'You have already finished onboarding.',
      errorCode: 'ALREADY_ONBOARDED',
    });
    expect((await db.select().from(t.organizations)).length).toBe(orgCount);

    const demo = await signedIn(db, 'demo');
    expect((await demo.post('/api/onboarding', VALID)).status).toBe(409);
  });

  it('creates one organization when two requests race', async () => {
    const { client } = await newUser();
    const orgCount = (await db.select().from(t.organizations)).length;
    const results = await Promise.all([
      client.post('/api/onboarding', VALID),
      client.post('/api/onboarding', VALID),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect((await db.select().from(t.organizations)).length).toBe(orgCount + 1);
  });

  it('names every missing or invalid field with 400, and changes nothing', async () => {
    const { client } = await newUser();
    const empty = await client.post('/api/onboarding', {});
    expect(empty.status).toBe(400);
    expect(empty.body.validationErrors).toEqual({
      firstName: { message: 'Enter your first name' },
      lastName: { message: 'Enter your last name' },
      organizationName: { message: 'Enter a name for your organization' },
      accountName: { message: 'Enter a name for your first account' },
    });
    expect(empty.body.message).toBe('firstName: Enter your first name');

    const blank = await client.post('/api/onboarding', { ...VALID, accountName: '   ' });
    expect(blank.status).toBe(400);
    expect(Object.keys(blank.body.validationErrors)).toEqual(['accountName']);

    const long = await client.post('/api/onboarding', {
      ...VALID,
      firstName: 'x'.repeat(101),
      organizationName: 'y'.repeat(201),
    });
    expect(long.status).toBe(400);
    expect(long.body.validationErrors).toEqual({
      firstName: { message: 'Use at most 100 characters' },
      organizationName: { message: 'Use at most 200 characters' },
    });
    expect((await client.post('/api/onboarding', 'nope', { 'content-type': 'text/plain' })).status).toBe(415);
    expect((await client.get('/api/auth/user')).body.requiresOnboarding).toBe(true);
  });

  it('refuses signed-out callers with 401', async () => {
    const res = await new TestClient(testApp(db)).post('/api/onboarding', VALID);
    expect(res.status).toBe(401);
    expect(res.body.errorCode).toBe('UNAUTHENTICATED');
  });

  it('answers other methods with 405', async () => {
    const res = await (await newUser()).client.get('/api/onboarding');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
  });
});

describe('PATCH /api/auth/profile', () => {
  it('changes the names, trimmed, and returns the profile', async () => {
    const { client, email } = await newUser();
    const res = await client.patch('/api/auth/profile', { firstName: ' Pat ', lastName: 'Profile' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email, firstName: 'Pat', lastName: 'Profile' });
    const partial = await client.patch('/api/auth/profile', { lastName: 'Only' });
    expect(partial.body).toMatchObject({ firstName: 'Pat', lastName: 'Only' });
    expect((await client.get('/api/auth/user')).body).toMatchObject({ firstName: 'Pat', lastName: 'Only' });
  });

  it('refuses empty or too long names, and signed-out callers', async () => {
    const { client } = await newUser();
    const empty = await client.patch('/api/auth/profile', { firstName: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.validationErrors.firstName.message).toBe('Enter your first name');
    const long = await client.patch('/api/auth/profile', { lastName: 'z'.repeat(101) });
    expect(long.status).toBe(400);
    expect(long.body.validationErrors.lastName.message).toBe('Use at most 100 characters');
    expect((await new TestClient(testApp(db)).patch('/api/auth/profile', { firstName: 'A' })).status).toBe(
      401,
    );
  });
});
