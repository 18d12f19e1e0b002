import { isTrialExemptPath, isTrialExpired, trialDaysLeft } from '@contract/billing';
import { pageTitle } from '@contract/whiteLabel';
import { createAuthRoutes } from '@server/auth/routes';
import { loadSession } from '@server/auth/sessions';
import { requireFeature } from '@server/billing/requireFeature';
import { readConfig, selectAdapters } from '@server/config';
import * as t from '@server/db/schema';
import type { AppEnv } from '@server/http/env';
import { errorResponse } from '@server/http/errors';
import { outboxEmail } from '@server/provider/delivery';
import { createShellRoutes } from '@server/shell/routes';
import { asc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../support/db';
import { signedIn, TestClient, testApp } from '../support/http';

const { db } = await freshDatabase();
const DAY = 86_400_000;
let demo: TestClient;
let rival: TestClient;
let demoOrgId: string;
let rivalOrgId: string;

beforeAll(async () => {
  demo = await signedIn(db, 'demo');
  rival = await signedIn(db, 'rival');
  demoOrgId = (await demo.get('/api/auth/user')).body.currentOrganization.id;
  rivalOrgId = (await rival.get('/api/auth/user')).body.currentOrganization.id;
});

async function setCreatedAt(organizationId: string, daysAgo: number) {
  const createdAt = new Date(Date.now() - daysAgo * DAY);
  await db.update(t.organizations).set({ createdAt }).where(eq(t.organizations.id, organizationId));
  return createdAt;
}

describe('trialDaysLeft', () => {
  const created = new Date('2026-03-01T12:00:00Z');
  it('is 7 minus whole days since creation, between 0 and 7', () => {
    expect(trialDaysLeft(created, created)).toBe(7);
    expect(trialDaysLeft(created, created.getTime() + DAY - 1)).toBe(7);
    expect(trialDaysLeft(created, created.getTime() + DAY)).toBe(6);
    expect(trialDaysLeft(created.toISOString(), created.getTime() + 6.5 * DAY)).toBe(1);
    expect(trialDaysLeft(created, created.getTime() + 7 * DAY)).toBe(0);
    expect(trialDaysLeft(created, created.getTime() + 30 * DAY)).toBe(0);
    expect(trialDaysLeft(created, created.getTime() - 3 * DAY)).toBe(7);
  });
});

describe('shared shell rules', () => {
  it('expires only the trial plan, once no days remain', () => {
    const old = new Date(Date.now() - 8 * DAY).toISOString();
    expect(isTrialExpired({ planCode: 'trial', createdAt: old })).toBe(true);
    expect(isTrialExpired({ planCode: 'starter', createdAt: old })).toBe(false);
    expect(isTrialExpired({ planCode: 'trial', createdAt: new Date().toISOString() })).toBe(false);
  });

  it('keeps billing, organizations, platforms and reports usable after the trial', () => {
    for (const path of [
      '/billing',
      '/billing/plans',
      '/organizations',
      '/accounts/1/platforms',
      '/reports/x',
    ]) {
      expect(isTrialExemptPath(path), path).toBe(true);
    }
    for (const path of ['/', '/campaigns', '/billingish', '/budgets/1/edit']) {
      expect(isTrialExemptPath(path), path).toBe(false);
    }
  });

  it('titles the page with the brand name only when white-label is enabled and included', () => {
    const org = { whiteLabelIsEnabled: true, hasWhiteLabelFeature: true, whiteLabelBrandName: 'Acme Ads' };
    expect(pageTitle(org, 'Flightplan')).toBe('Acme Ads');
    expect(pageTitle({ ...org, hasWhiteLabelFeature: false }, 'Flightplan')).toBe('Flightplan');
    expect(pageTitle({ ...org, whiteLabelIsEnabled: false }, 'Flightplan')).toBe('Flightplan');
    expect(pageTitle({ ...org, whiteLabelBrandName: null }, 'Flightplan')).toBe('Flightplan');
    expect(pageTitle(null, 'Flightplan')).toBe('Flightplan');
  });
});

describe('GET /api/billing', () => {
  it('shows the plan, every plan with the current one flagged, and the trial', async () => {
    const createdAt = await setCreatedAt(demoOrgId, 0);
    const res = await demo.get('/api/billing');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      planCode: 'trial',
      plans: [
        { code: 'trial', name: 'Trial', hasWhiteLabelFeature: true, monthlyPriceMinor: 0, current: true },
        {
          code: 'starter',
          name: 'Starter',
          hasWhiteLabelFeature: false,
          monthlyPriceMinor: 4900,
          current: false,
        },
        {
          code: 'agency',
          name: 'Agency',
          hasWhiteLabelFeature: true,
          monthlyPriceMinor: 19900,
          current: false,
        },
      ],
      trial: { days: 7, daysLeft: 7, endsAt: new Date(createdAt.getTime() + 7 * DAY).toISOString() },
    });
  });

  it.each([
    [0, 7],
    [6, 1],
    [8, 0],
  ])('counts %i days since creation as %i days left', async (daysAgo, daysLeft) => {
    await setCreatedAt(demoOrgId, daysAgo);
    expect((await demo.get('/api/billing')).body.trial.daysLeft).toBe(daysLeft);
  });

  it('reads only the session organization', async () => {
    await setCreatedAt(demoOrgId, 8);
    await setCreatedAt(rivalOrgId, 2);
    await db.update(t.organizations).set({ planCode: 'agency' }).where(eq(t.organizations.id, rivalOrgId));
    const res = await rival.get('/api/billing');
    expect(res.body.planCode).toBe('agency');
    expect(res.body.trial.daysLeft).toBe(5);
    // A client-sent id changes nothing: there is no parameter to send.
    expect((await rival.get(`/api/billing?organizationId=${demoOrgId}`)).body.planCode).toBe('agency');
    await db.update(t.organizations).set({ planCode: 'trial' }).where(eq(t.organizations.id, rivalOrgId));
    await setCreatedAt(demoOrgId, 0);
  });

  it('needs a signed-in user in an organization', async () => {
    expect((await new TestClient(testApp(db)).get('/api/billing')).status).toBe(401);
    const loner = new TestClient(testApp(db));
    await loner.post('/api/auth/signup', { email: 'loner@flightplan.test', password: 'correct-horse' });
    const res = await loner.get('/api/billing');
    expect(res.status).toBe(409);
    expect(res.body.errorCode).toBe('ORGANIZATION_REQUIRED');
  });
});

describe('POST /api/billing/plan', () => {
  it('moves trial → starter → agency, recording each change', async () => {
    const userId = (await demo.get('/api/auth/user')).body.id;
    const starter = await demo.post('/api/billing/plan', { planCode: 'starter' });
    expect(starter.status).toBe(200);
    expect(starter.body.planCode).toBe('starter');
    expect(starter.body.plans.filter((p: { current: boolean }) => p.current).map((p: any) => p.code)).toEqual(
      ['starter'],
    );
    expect(starter.body.checkoutUrl).toBeUndefined();
    expect((await demo.get('/api/auth/user')).body.currentOrganization).toMatchObject({
      planCode: 'starter',
      hasWhiteLabelFeature: false,
    });

    const agency = await demo.post('/api/billing/plan', { planCode: 'agency' });
    expect(agency.body.planCode).toBe('agency');
    // Choosing the current plan again is not a change.
    expect((await demo.post('/api/billing/plan', { planCode: 'agency' })).body.planCode).toBe('agency');

    const changes = await db
      .select()
      .from(t.planChanges)
      .where(eq(t.planChanges.organizationId, demoOrgId))
      .orderBy(asc(t.planChanges.changedAt));
    expect(changes.map((c) => [c.fromPlanCode, c.toPlanCode, c.userId])).toEqual([
      ['trial', 'starter', userId],
      ['starter', 'agency', userId],
    ]);
    expect(changes.every((c) => Date.now() - c.changedAt.getTime() < 60_000)).toBe(true);
    // Rival Media is untouched.
    expect((await rival.get('/api/billing')).body.planCode).toBe('trial');
    expect(await db.select().from(t.planChanges).where(eq(t.planChanges.organizationId, rivalOrgId))).toEqual(
      [],
    );
  });

  it('refuses an unknown plan, the trial, or no plan with 400', async () => {
    const before = (await demo.get('/api/billing')).body.planCode;
    for (const body of [{ planCode: 'platinum' }, { planCode: 'trial' }, {}, { planCode: 7 }]) {
      const res = await demo.post('/api/billing/plan', body);
      expect(res.status).toBe(400);
      expect(res.body.validationErrors.planCode.message).toBe('Choose one of the plans: starter, agency');
    }
    expect((await demo.get('/api/billing')).body.planCode).toBe(before);
  });

  it('hands back the checkout URL when the provider needs a payment first', async () => {
    const app = new Hono<AppEnv>();
    app.onError((error, c) => errorResponse(c, error));
    app.use('*', loadSession(db));
    app.route('/', createAuthRoutes({ email: outboxEmail(db) }));
    const requests: unknown[] = [];
    app.route(
      '/',
      createShellRoutes({
        billing: () => ({
          name: 'fake-checkout',
          async changePlan(request) {
            requests.push(request);
            return { status: 'redirect', url: 'https://pay.example.com/checkout/123' };
          },
        }),
        analytics: selectAdapters(readConfig({})).analytics,
      }),
    );
    const client = await new TestClient(app as any).signIn('rival@flightplan.test');
    const res = await client.post('/api/billing/plan', { planCode: 'starter' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      planCode: 'trial',
      checkoutUrl: 'https://pay.example.com/checkout/123',
    });
    expect(requests).toEqual([
      { organizationId: rivalOrgId, planCode: 'starter', userId: expect.any(String) },
    ]);
  });
});

describe('adapter selection and plan gating', () => {
  it('defaults to local and fails clearly on an unknown provider', () => {
    const billing = (env: NodeJS.ProcessEnv) => selectAdapters(readConfig(env)).billing;
    expect(billing({})({ db }).name).toBe('local');
    expect(billing({ BILLING_PROVIDER: 'local' })({ db }).name).toBe('local');
    expect(() => billing({ BILLING_PROVIDER: 'stripe' })).toThrow(
      'BILLING_PROVIDER must be one of local; got "stripe"',
    );
    expect(() => billing({ BILLING_PROVIDER: 'toString' })).toThrow(/BILLING_PROVIDER/);
  });

  it('requireFeature throws REQUIRES_UPGRADE for plans without the feature', () => {
    expect(() => requireFeature({ planCode: 'agency' }, 'whiteLabel')).not.toThrow();
    expect(() => requireFeature({ planCode: 'trial' }, 'whiteLabel')).not.toThrow();
    let error: any;
    try {
      requireFeature({ planCode: 'starter' }, 'whiteLabel');
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({
      status: 403,
      message: 'Your plan does not include white-label branding. Upgrade to use it.',
      extra: { errorCode: 'REQUIRES_UPGRADE' },
    });
  });
});
