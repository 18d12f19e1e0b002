import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { saveAdAccountChoice } from '@server/connections/adAccountChoices';
import * as t from '@server/db/schema';
import { buildOpenApiDocument } from '@server/openapi/document';
import { DEMO_EMAIL } from '@server/seed/seed';
import { image } from '@tooling/fixtures/media';
import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { connectPlatforms, TEST_SECRET_BOX } from '../support/connections';
import { freshDatabase } from '../support/db';
import { ORIGIN, SANDBOX_CLOCK_CONFIG, socketEnv, TestClient, testApp } from '../support/http';
import { future, planCampaign } from '../support/planning';
import { conformingApp } from './conformance';

/**
 * Every documented operation answers as the document says, through the real app on the seeded template
 * database: each request below is checked against the operation's parameters and body, each answer
 * against the schema of the status it returned (conformance.ts). Each operation needs at least one
 * sample whose request is valid and whose answer is a 2xx, and each area one documented 4xx.
 */

const { db } = await freshDatabase();
const document = buildOpenApiDocument({ sandboxControl: true });
// The document lists the sandbox clock; the app serves it with SANDBOX_CLOCK_CONTROL=on.
// The charts explorer's coverage: a small run of one chart (the real file is the checkout's last test run).
const chartCoverageFile = path.join(mkdtempSync(path.join(tmpdir(), 'chart-coverage-')), 'coverage.json');
writeFileSync(
  chartCoverageFile,
  JSON.stringify({
    version: 1,
    ranAt: '2026-11-28T12:00:00.000Z',
    by: 'npm test',
    charts: {
      codeEntry: {
        machine: ['codeEntry.active.code.idle|code.change|0'],
        view: [],
        browser: null,
        viewUnreachable: [],
        paths: [
          {
            title: '#01 reaches active.code.loading',
            steps: [
              { event: 'xstate.init', state: 'active.code.idle', transitions: [], active: [], expects: [] },
            ],
            result: 'passed',
          },
        ],
      },
    },
    previous: null,
  }),
);
const conform = conformingApp(testApp(db, { config: SANDBOX_CLOCK_CONFIG, chartCoverageFile }), document);
const demo = new TestClient(conform.app);
const newcomer = new TestClient(conform.app);
const anonymous = new TestClient(conform.app);

const cookieOf = (client: TestClient) =>
  [...(client as unknown as { cookies: Map<string, string> }).cookies]
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');

/** TestClient sends JSON; an upload is the file's raw bytes. */
async function sendBytes(client: TestClient, method: string, url: string, bytes: Uint8Array, type: string) {
  const res = await conform.app.request(
    `${ORIGIN}${url}`,
    {
      method,
      body: new Uint8Array(bytes),
      headers: { origin: ORIGIN, cookie: cookieOf(client), 'content-type': type },
    },
    socketEnv(),
  );
  return {
    status: res.status,
    body: res.headers.get('content-type')?.includes('json') ? await res.json() : null,
  };
}

const ok = (res: { status: number; body: unknown }, status = 200) =>
  expect(res.status, JSON.stringify(res.body)).toBe(status);

const first = async <T = any>(path: string): Promise<T> => {
  const res = await demo.get<T[]>(path);
  ok(res);
  expect(res.body.length, path).toBeGreaterThan(0);
  return res.body[0]!;
};

beforeAll(async () => {
  await demo.signIn(DEMO_EMAIL);
});

describe('sign-in, settings and the system calls', () => {
  it('answers as documented', async () => {
    ok(await anonymous.get('/api/health'));
    ok(await anonymous.get('/api/openapi.json'));
    ok(await anonymous.get('/api/auth/user'));
    ok(await demo.get('/api/auth/user'));
    ok(await demo.get('/api/organization'));
    ok(
      await newcomer.post('/api/auth/signup', {
        email: 'newcomer@example.test',
        password: 'a long enough password',
        firstName: 'Nia',
        lastName: 'Newcomer',
      }),
      201,
    );
    ok(
      await newcomer.post('/api/onboarding', {
        firstName: 'Nia',
        lastName: 'Newcomer',
        organizationName: 'Newcomer Media',
        accountName: 'Main',
      }),
      201,
    );
    ok(await demo.patch('/api/auth/profile', { firstName: 'Dana' }));
    ok(await demo.get('/api/billing'));
    ok(await demo.post('/api/billing/plan', { planCode: 'agency' }));
    ok(await demo.get('/api/organization/white-label'));
    ok(await demo.patch('/api/organization/white-label', { whiteLabelBrandName: 'Acme Media' }));
    const icon = await sendBytes(
      demo,
      'PUT',
      '/api/organization/white-label/icon',
      await image('png', 256, 256),
      'image/png',
    );
    ok(icon);
    ok(await demo.get(`/api/brand-icons/${icon.body.whiteLabelIconUuid}`));
    ok(await demo.delete('/api/organization/white-label/icon'));
    ok(
      await anonymous.post('/api/client-errors', {
        message: 'TypeError: x is undefined',
        url: `${ORIGIN}/campaigns`,
      }),
      202,
    );
    ok(await anonymous.post('/api/events', { type: 'page', name: '/campaigns' }), 202);
    const leaving = await new TestClient(conform.app).signIn(DEMO_EMAIL);
    ok(await leaving.post('/api/auth/logout'));
  });

  it('refuses bad input with the error shape', async () => {
    expect((await anonymous.post('/api/auth/login', { email: 'not an address', password: 'x' })).status).toBe(
      400,
    );
    expect((await anonymous.post('/api/auth/login', { email: DEMO_EMAIL, password: 'wrong' })).status).toBe(
      401,
    );
    expect((await demo.post('/api/billing/plan', { planCode: 'platinum' })).status).toBe(400);
    expect((await anonymous.post('/api/events', { type: 'shout' })).status).toBe(400);
    expect((await anonymous.get('/api/organization')).status).toBe(401);
  });
});

describe('campaigns, customers and the planning wizard', () => {
  let planned: string;

  it('plans, reads and launches a campaign', async () => {
    planned = (await planCampaign(demo, { db, platforms: ['meta', 'google'] })).id;
    ok(await demo.get(`/planning/wizard/${planned}`, { accept: 'application/json' }));
    ok(await demo.get(`/planning/wizard/${planned}/preflight`));
    const plan = (await demo.get(`/planning/wizard/${planned}`, { accept: 'application/json' })).body;
    ok(
      await demo.put(`/planning/wizard/${planned}/overview`, {
        version: plan.campaign.version,
        name: 'Conformance campaign',
        objectiveId: plan.campaign.objectiveId,
        customerId: plan.campaign.customerId,
        currency: plan.campaign.currency,
      }),
    );
    const again = (await demo.get(`/planning/wizard/${planned}`, { accept: 'application/json' })).body;
    ok(
      await demo.put(`/planning/wizard/${planned}/budget`, {
        version: again.campaign.version,
        budgetId: null,
        overBudgetConfirmed: false,
      }),
    );
    ok(await demo.get('/planning/platforms'));
    ok(await demo.get('/planning/creative-specs'));
    const interests = await demo.get('/planning/platforms/meta/interests?q=sport&limit=5');
    ok(interests);
    ok(
      await demo.get(
        `/planning/platforms/meta/interests?${interests.body.map((i: { id: string }) => `id=${i.id}`).join('&')}`,
      ),
    );
    ok(
      await demo.post('/planning/audience-estimates', {
        platforms: ['meta'],
        objectiveId: 2,
        audience: { locations: ['DE'], ageMin: 18, ageMax: 65, genders: [], languages: [], interests: {} },
      }),
    );
    ok(await demo.get(`/data/campaigns/get?campaignId=${planned}`));
    ok(await demo.get(`/data/campaigns/detail?campaignId=${planned}`));
    ok(await demo.get(`/data/campaigns/${planned}/platforms`));
    ok(await demo.get(`/data/campaigns/launch-readiness?campaignId=${planned}`));
    for (const name of ['mediaplan.json', 'flowchart.csv', 'insertion-order.pdf'])
      ok(await demo.get(`/api/campaigns/${planned}/export/${name}`));
    ok(await demo.get(`/api/campaigns/${planned}/delivery`));
    ok(await demo.post(`/planning/wizard/${planned}/review`, { campaignId: planned }));
    ok(await demo.get(`/planning/wizard/${planned}/change`));
  });

  it('changes a live campaign', async () => {
    // The plan launched above, taken live by its platforms (no job workers here).
    const [launched] = await db
      .update(t.campaigns)
      .set({ status: 'active' })
      .where(eq(t.campaigns.id, planned))
      .returning();
    await db
      .update(t.campaignPlatforms)
      .set({ status: 'active', externalId: 'conformance-live', appliedHash: launched!.liveHash })
      .where(eq(t.campaignPlatforms.campaignId, planned));
    ok(await demo.get(`/planning/wizard/${planned}/change`));
    // Nothing to apply yet: the documented 409.
    ok(await demo.post(`/planning/wizard/${planned}/apply`, {}), 409);
    ok(await demo.post(`/planning/wizard/${planned}/apply`, { hash: 'not a hash' }), 400);
    const plan = (await demo.get(`/planning/wizard/${planned}`, { accept: 'application/json' })).body;
    ok(
      await demo.put(`/planning/wizard/${planned}/audience`, {
        version: plan.campaign.version,
        ...plan.audience,
        ageMin: plan.audience.ageMin + 1,
      }),
    );
    const change = await demo.get(`/planning/wizard/${planned}/change`);
    ok(change);
    ok(await demo.post(`/planning/wizard/${planned}/apply`, { hash: change.body.draftHash }), 202);
  });

  it('imports a plan, duplicates, pauses, resumes and deletes', async () => {
    const exported = (await demo.get(`/api/campaigns/${planned}/export/mediaplan.json`)).body;
    ok(await demo.post('/api/campaigns/import?dryRun=true', exported));
    const imported = await demo.post('/api/campaigns/import', exported);
    ok(imported, 201);
    const copy = await demo.post('/data/campaigns/duplicate', {
      campaignId: imported.body.campaignId,
      name: 'Copy',
    });
    ok(copy, 201);
    ok(await demo.post('/data/campaigns/delete', { campaignId: copy.body.campaignId }));
    const active = await first('/api/campaigns?status=active&_end=1');
    ok(await demo.post('/data/campaigns/pause', { campaignId: active.id }));
    const paused = await first('/api/campaigns?status=paused&_end=1');
    const [pausedOn] = (await demo.get<{ key: string }[]>(`/data/campaigns/${paused.id}/platforms`)).body;
    // One platform of a paused campaign resumed (202); pausing it again while that runs is refused (409).
    ok(await demo.post(`/api/campaigns/${paused.id}/platforms/${pausedOn!.key}/resume`, {}), 202);
    expect((await demo.post(`/api/campaigns/${paused.id}/platforms/${pausedOn!.key}/pause`, {})).status).toBe(
      409,
    );
    expect((await demo.post(`/api/campaigns/${paused.id}/platforms/nowhere/pause`, {})).status).toBe(404);
    const running = await first('/api/campaigns?status=active&_end=1');
    const [runningOn] = (await demo.get<{ key: string }[]>(`/data/campaigns/${running.id}/platforms`)).body;
    ok(await demo.post(`/api/campaigns/${running.id}/platforms/${runningOn!.key}/pause`, {}), 202);
    // No worker runs here: the paused campaign is put back as it was, for the whole-campaign resume.
    await db.update(t.campaigns).set({ status: 'paused' }).where(eq(t.campaigns.id, paused.id));
    ok(await demo.post('/data/campaigns/resume', { campaignId: paused.id }));
    const customer = await first('/api/customers?_end=1');
    ok(await demo.get(`/data/customers/get?customerId=${customer.id}`));
    const doomed = await demo.post('/api/customers', { name: 'Short-lived customer' });
    ok(doomed, 201);
    ok(await demo.post('/data/customers/delete', { customerId: doomed.body.id }));
  });

  it('refuses bad input with the error shape', async () => {
    expect((await demo.get('/data/campaigns/get')).status).toBe(400);
    expect((await demo.get('/data/campaigns/launch-readiness')).status).toBe(400);
    expect((await demo.get('/data/customers/get')).status).toBe(400);
    expect((await demo.post('/planning/wizard/new/overview', { name: '' })).status).toBe(400);
    expect((await demo.post('/api/campaigns/import', { nope: true })).status).toBe(400);
  });
});

describe('budgets, pacing and reports', () => {
  it('answers as documented', async () => {
    const budget = await first('/api/budgets?_end=1');
    ok(await demo.get(`/api/budgets/${budget.id}/drawdown`));
    ok(await demo.get(`/api/budgets/${budget.id}/pacing`));
    ok(await demo.get('/api/dashboard/spend'));
    const thresholds = await demo.get<{ underPercent: number; overPercent: number }>('/api/pacing/settings');
    ok(thresholds);
    ok(await demo.put('/api/pacing/settings', { underPercent: 20, overPercent: 25 }));
    ok(
      await demo.put('/api/pacing/settings', {
        underPercent: thresholds.body.underPercent,
        overPercent: thresholds.body.overPercent,
      }),
    );
    ok(
      await demo.get(
        `/api/reports?from=${future(-60)}&to=${future(0)}&groupBy=campaign,platform&compare=previous`,
      ),
    );
    ok(await demo.get(`/api/reports?from=${future(-60)}&to=${future(0)}&format=csv`));
  });

  it('refuses bad input with the error shape', async () => {
    const budget = await first('/api/budgets?_end=1');
    expect((await demo.get(`/api/budgets/${budget.id}/pacing?asOf=yesterday`)).status).toBe(400);
    expect((await demo.put('/api/pacing/settings', { underPercent: 0, overPercent: 15 })).status).toBe(400);
    expect((await demo.get('/api/reports?groupBy=galaxy')).status).toBe(400);
    expect((await demo.get('/api/budgets/00000000-0000-4000-8000-000000000000/drawdown')).status).toBe(404);
  });
});

describe('the change log', () => {
  it('answers as documented', async () => {
    const customer = await first('/api/customers?_end=1');
    ok(await demo.patch(`/api/customers/${customer.id}`, { name: `${customer.name} ` }));
    ok(await demo.patch(`/api/customers/${customer.id}`, { name: customer.name }));
    ok(await demo.get('/api/activity?entity=customer&_end=5'));
    ok(await demo.get(`/api/activity.csv?from=${future(-1)}`));
    ok(await demo.get('/api/activity/actors'));
  });

  it('refuses bad input with the error shape', async () => {
    expect((await demo.get('/api/activity?from=yesterday')).status).toBe(400);
  });
});

describe('the asset library', () => {
  it('answers as documented', async () => {
    const uploaded = await sendBytes(
      demo,
      'POST',
      '/api/assets?name=square.png',
      await image('png', 1080, 1080, 7),
      'image/png',
    );
    ok(uploaded, 201);
    const id = uploaded.body.id;
    ok(await demo.get('/api/assets?kind=image&_page=1&_limit=10'));
    ok(await demo.get(`/api/assets/${id}`));
    ok(await demo.get(`/api/assets/${id}/file`));
    expect((await demo.get(`/api/assets/${id}/file`, { range: 'bytes=0-9' })).status).toBe(206);
    ok(await demo.get(`/api/assets/${id}/thumbnail`));
    ok(await demo.get(`/api/assets/${id}/crop?aspect=4:5&fx=0.5&fy=0.5&w=200`));
    expect((await demo.delete(`/api/assets/${id}`)).status).toBe(204);
  });

  it('refuses bad input with the error shape', async () => {
    expect((await demo.get('/api/assets?kind=audio')).status).toBe(400);
    expect((await demo.get('/api/assets/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});

describe('platform connections and the sandbox', () => {
  it('answers as documented', async () => {
    ok(await demo.get('/api/platforms/connections'));
    ok(await demo.post('/api/platforms/meta/connect', { returnTo: '/platforms' }));
    const account = (await newcomer.get('/api/auth/user')).body.currentAccount.id;
    await connectPlatforms(db, account, ['meta', 'google']);
    ok(await newcomer.post('/api/platforms/meta/sync'), 202);
    ok(await newcomer.delete('/api/platforms/google/connection'));
    // A Google Ads grant reaching two client accounts under a manager: the planner chooses one.
    const user = (await newcomer.get('/api/auth/user')).body;
    const manager = { managerId: '1234567890', managerName: 'Agency MCC' };
    const choice = await saveAdAccountChoice(db, TEST_SECRET_BOX, {
      accountId: account,
      userId: user.id,
      platformKey: 'google',
      returnTo: '/platforms',
      tokens: {
        accessToken: 'access',
        refreshToken: 'refresh',
        accessExpiresAt: new Date(Date.now() + 3_600_000),
        refreshExpiresAt: null,
        scope: 'https://www.googleapis.com/auth/adwords',
      },
      adAccounts: [
        { id: '1112223334', name: 'Northwind', currency: 'EUR', ...manager },
        { id: '5556667778', name: 'Contoso', currency: 'USD', ...manager },
      ],
    });
    ok(await newcomer.get(`/api/platforms/google/ad-account-choices/${choice}`));
    expect((await newcomer.post(`/api/platforms/google/ad-account-choices/${choice}`, {})).status).toBe(400);
    ok(
      await newcomer.post(`/api/platforms/google/ad-account-choices/${choice}`, {
        adAccountId: '5556667778',
      }),
    );
    expect((await newcomer.get(`/api/platforms/google/ad-account-choices/${choice}`)).status).toBe(404);
    ok(await demo.get('/api/sandbox/clock'));
    ok(await demo.post('/api/sandbox/clock', { days: 0 }));
    ok(await demo.delete('/api/sandbox/clock'));
  });

  it('refuses bad input with the error shape', async () => {
    expect((await demo.post('/api/platforms/myspace/sync')).status).toBe(404);
    // The sync asked for above has run (as a worker would finish it): another within the minute is too soon.
    await db.$client.query(
      `UPDATE pgboss.job SET state = 'completed', completed_on = now() WHERE name = 'delivery-sync'`,
    );
    expect((await newcomer.post('/api/platforms/meta/sync')).status).toBe(429);
    expect((await demo.post('/api/sandbox/clock', { days: -1 })).status).toBe(400);
  });
});

describe('security settings', () => {
  it('answers as documented', async () => {
    ok(await demo.get('/api/security/provider'));
    const enrolment = await demo.post('/api/security/enrollment-token');
    ok(enrolment);
    // A set of recovery codes, added at the provider as the settings page does it.
    const added = await demo.post(
      '/provider/v1/client/user-authenticators/recovery-codes',
      {},
      { authorization: `Bearer ${enrolment.body.token}` },
    );
    ok(added);
    ok(await demo.get('/api/security/authenticators'));
    const notices = await demo.get('/api/security/notices');
    ok(notices);
    ok(
      await demo.post('/api/security/notices/dismiss', {
        ids: notices.body.notices.map((n: { id: string }) => n.id),
      }),
    );
    ok(await demo.get('/api/security/activity?_end=5'));
    ok(await demo.delete(`/api/security/authenticators/${added.body.userAuthenticatorId}`));
  });

  it('asks for a step-up before a risky action, as documented', async () => {
    const guarded = conformingApp(testApp(db, { enforceStepUp: true }), document);
    const careful = await new TestClient(guarded.app).signIn(DEMO_EMAIL);
    const asked = await careful.post('/api/security/enrollment-token');
    expect(asked.status).toBe(403);
    expect(asked.body).toMatchObject({
      errorCode: 'CHALLENGE_REQUIRED',
      challenge: { token: expect.any(String) },
    });
    expect(guarded.problems).toEqual([]);
  });

  it('refuses bad input with the error shape', async () => {
    expect((await demo.get('/api/security/activity?_end=0')).status).toBe(400);
    expect((await demo.post('/api/security/notices/dismiss', { ids: ['nope'] })).status).toBe(400);
  });
});

describe('the team', () => {
  /** The link token of the last e-mail the outbox holds for `email`. */
  const tokenFor = async (email: string) => {
    const [message] = await db
      .select({ link: t.providerOutbox.link })
      .from(t.providerOutbox)
      .where(eq(t.providerOutbox.recipient, email))
      .orderBy(desc(t.providerOutbox.createdAt));
    return message!.link!.split('/auth/invitation/')[1]!;
  };

  it('answers as documented', async () => {
    const orgId = (await demo.get('/api/auth/user')).body.currentOrganization.id;
    ok(await demo.get(`/api/organizations/${orgId}/members`));
    ok(await demo.get(`/api/organizations/${orgId}/invitations`));
    const email = 'teammate@example.test';
    const invited = await demo.post(`/api/organizations/${orgId}/invitations`, { email, role: 'analyst' });
    ok(invited, 201);
    ok(await demo.post(`/api/organizations/${orgId}/invitations/${invited.body.id}/resend`));
    const token = await tokenFor(email);
    ok(await anonymous.get(`/api/invitations/${token}`));
    const teammate = new TestClient(conform.app);
    ok(
      await teammate.post('/api/auth/signup', {
        email,
        password: 'a long enough password',
        firstName: 'Tia',
        lastName: 'Mate',
      }),
      201,
    );
    ok(await teammate.post(`/api/invitations/${token}/accept`));
    const userId = (await teammate.get('/api/auth/user')).body.id;
    ok(await demo.patch(`/api/organizations/${orgId}/members/${userId}`, { role: 'planner' }));
    ok(await demo.get(`/api/organizations/${orgId}/activity`));
    ok(await demo.delete(`/api/organizations/${orgId}/members/${userId}`), 204);
    const other = await demo.post(`/api/organizations/${orgId}/invitations`, {
      email: 'second@example.test',
      role: 'planner',
    });
    ok(await demo.delete(`/api/organizations/${orgId}/invitations/${other.body.id}`), 204);
  });
});

describe('plan revisions', () => {
  it('answers as documented', async () => {
    const user = (await demo.get('/api/auth/user')).body;
    const orgId = user.currentOrganization.id;
    const { id } = await planCampaign(demo, { db, name: 'Conformance sign-off', until: 'schedule' });
    ok(await demo.get(`/api/campaigns/${id}/revisions`));
    ok(await demo.get(`/api/campaigns/${id}/approvers`));
    ok(await demo.get(`/api/organizations/${orgId}/sign-off`));
    ok(await demo.put(`/api/organizations/${orgId}/sign-off`, { launchNeedsSignOff: false }));
    ok(await demo.post(`/api/campaigns/${id}/revisions/submit`, { approverIds: [user.id] }), 201);
    expect(
      (await demo.post(`/api/campaigns/${id}/revisions/submit`, { approverIds: [user.id] })).status,
    ).toBe(409);
    ok(await demo.get(`/api/campaigns/${id}/revisions/1`));
    ok(await demo.post(`/api/campaigns/${id}/revisions/1/request-changes`, { comment: 'A shorter name' }));
    ok(await demo.patch(`/api/campaigns/${id}`, { name: 'Conformance sign-off, shorter' }));
    ok(await demo.post(`/api/campaigns/${id}/revisions/submit`, { approverIds: [user.id] }), 201);
    ok(await demo.get(`/api/campaigns/${id}/revisions/1/diff/2`));
    ok(
      await demo.post(`/api/campaigns/${id}/revisions/2/approve`, {
        name: `${user.firstName} ${user.lastName}`,
      }),
    );
  });
});

describe('charts explorer', () => {
  it('answers as documented', async () => {
    ok(await demo.get('/api/charts/coverage'));
    ok(await demo.get('/api/charts/coverage/codeEntry'));
    expect((await demo.get('/api/charts/coverage/noSuchChart')).status).toBe(404);
    expect((await anonymous.get('/api/charts/coverage')).status).toBe(401);
  });
});

describe('notifications', () => {
  it('answers as documented', async () => {
    const user = (await demo.get('/api/auth/user')).body;
    const [note] = await db
      .insert(t.notifications)
      .values({
        userId: user.id,
        organizationId: user.currentOrganization.id,
        accountId: user.currentAccount.id,
        kind: 'plan_approved',
        title: 'Spring: revision 1 approved',
        link: '/campaigns',
      })
      .returning();
    ok(await demo.get('/api/notifications?_start=0&_end=10'));
    ok(await demo.post(`/api/notifications/${note!.id}/read`));
    ok(await demo.post('/api/notifications/read-all'));
    expect((await demo.post('/api/notifications/00000000-0000-4000-8000-000000000000/read')).status).toBe(
      404,
    );
    ok(await demo.get('/api/notifications/preferences'));
    ok(await demo.put('/api/notifications/preferences', { kind: 'budget_off_pace', email: true }));
    ok(await demo.get('/api/notifications/digest'));
    ok(await demo.put('/api/notifications/digest', { pacingDigest: true }));
    ok(await demo.put('/api/notifications/digest', { pacingDigest: false }));
    expect((await demo.put('/api/notifications/digest', { pacingDigest: 1 })).status).toBe(400);
    expect((await demo.put('/api/notifications/preferences', { kind: 'nope', email: true })).status).toBe(
      400,
    );
  });
});

describe('single sign-on', () => {
  it('answers as documented', async () => {
    const orgId = (await demo.get('/api/auth/user')).body.currentOrganization.id;
    ok(await demo.get(`/api/organizations/${orgId}/sso`));
    ok(
      await demo.put(`/api/organizations/${orgId}/sso`, {
        issuer: 'https://login.example.com',
        clientId: 'flightplan',
        clientSecret: 'a secret',
        domains: ['example.com'],
        role: 'planner',
        accountIds: null,
        requireSso: false,
      }),
    );
    ok(await demo.get(`/api/organizations/${orgId}/sso`));
    ok(await anonymous.get('/api/auth/sso?email=someone@example.com'));
  });

  it('refuses bad input with the error shape', async () => {
    const orgId = (await demo.get('/api/auth/user')).body.currentOrganization.id;
    expect((await demo.put(`/api/organizations/${orgId}/sso`, { issuer: 'nope' })).status).toBe(400);
    expect((await demo.get('/api/organizations/00000000-0000-4000-8000-000000000000/sso')).status).toBe(404);
  });

  it('custom domains and the branded sign-in page answer as documented', async () => {
    const orgId = (await demo.get('/api/auth/user')).body.currentOrganization.id;
    await db.update(t.organizations).set({ planCode: 'agency' }).where(eq(t.organizations.id, orgId));
    ok(await demo.post(`/api/organizations/${orgId}/domains`, { domain: 'ads.conformance.example' }), 201);
    ok(await demo.get(`/api/organizations/${orgId}/domains`));
    ok(await anonymous.get('/api/auth/brand?domain=ads.conformance.example'));
    ok(await demo.delete(`/api/organizations/${orgId}/domains/ads.conformance.example`), 204);
    expect((await demo.post(`/api/organizations/${orgId}/domains`, { domain: 'https://x' })).status).toBe(
      400,
    );
  });

  it('refuses bad input with the error shape', async () => {
    const orgId = (await demo.get('/api/auth/user')).body.currentOrganization.id;
    expect(
      (await demo.post(`/api/organizations/${orgId}/invitations`, { email: 'x', role: 'boss' })).status,
    ).toBe(400);
    expect((await demo.get('/api/organizations/00000000-0000-4000-8000-000000000000/members')).status).toBe(
      404,
    );
  });
});

describe('the data API', () => {
  const today = future(0);
  const bodies: Record<string, { create: object; update: object }> = {
    customers: { create: { name: 'Data API customer' }, update: { name: 'Renamed customer' } },
    campaigns: {
      create: { name: 'Data API campaign', platforms: ['meta'] },
      update: { name: 'Renamed campaign' },
    },
    budgets: {
      create: { name: 'Data API budget', periodStart: today, periodEnd: future(30), amountMinor: 100_000 },
      update: { amountMinor: 120_000 },
    },
    accounts: { create: { name: 'Data API account' }, update: { name: 'Renamed account' } },
    organizations: { create: { name: 'Data API organization' }, update: { name: 'Renamed organization' } },
  };

  it('lists and reads every resource, and writes the writable ones', async () => {
    const resources = [
      ...new Set(
        conform.operations.filter((op) => op.tags.includes('Data API')).map((op) => op.path.split('/')[2]!),
      ),
    ];
    for (const resource of resources) {
      const list = await demo.get<{ id?: string | number; key?: string }[]>(
        `/api/${resource}?_start=0&_end=2`,
      );
      ok(list);
      // Platforms are known by their key.
      const [row] = list.body;
      ok(await demo.get(`/api/${resource}/${row!.id ?? row!.key}`));
      const write = conform.operations.find((op) => op.key === `POST /api/${resource}`);
      if (!write) continue;
      const body = bodies[resource];
      expect(body, `a sample body for ${resource}`).toBeDefined();
      const created = await demo.post(`/api/${resource}`, body!.create);
      ok(created, 201);
      ok(await demo.patch(`/api/${resource}/${created.body.id}`, body!.update));
      if (conform.operations.some((op) => op.key === `DELETE /api/${resource}/{id}`))
        ok(await demo.delete(`/api/${resource}/${created.body.id}`));
    }
    ok(
      await demo.get(
        '/api/campaigns?status=active&status=paused&name_like=a&budgetMinor_gte=1&_sort=name&_order=desc',
      ),
    );
  });

  it('refuses bad input with the error shape', async () => {
    expect((await demo.get('/api/campaigns?_sort=colour')).status).toBe(400);
    expect((await demo.post('/api/customers', { name: 42 })).status).toBe(400);
    expect((await demo.get('/api/campaigns/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});

describe('the whole document', () => {
  it('every answer matched the document', () => {
    expect(conform.problems).toEqual([]);
  });

  it('every operation has a valid request answered with a 2xx', () => {
    const sampled = new Set(
      conform.samples.filter((s) => s.requestValid && s.status < 300).map((s) => s.key),
    );
    const invalid = conform.samples.filter((s) => !s.requestValid && s.status < 300);
    expect(invalid.map((s) => `${s.key}: ${s.requestProblems.join('; ')}`)).toEqual([]);
    const missing = conform.operations.map((op) => op.key).filter((key) => !sampled.has(key));
    expect(missing).toEqual([]);
  });

  it('every area answered a documented 4xx', () => {
    const tags = new Set(conform.operations.flatMap((op) => op.tags));
    const refused = new Set(
      conform.samples.filter((s) => s.status >= 400 && s.status < 500).flatMap((s) => s.tags),
    );
    expect([...tags].filter((tag) => !refused.has(tag))).toEqual([]);
  });
});
