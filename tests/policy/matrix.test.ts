import { randomUUID } from 'node:crypto';
import { hashPassword } from '@server/auth/password';
import * as t from '@server/db/schema';
import { DEMO_EMAIL } from '@server/seed/seed';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../support/db';
import { TestClient, testApp } from '../support/http';

/**
 * Issue 26's matrix, like the lifecycle's: every route of an organization × every role × the account the
 * member works in, granted or not. The expectations are written out here by hand from the issue's roles
 * (not computed from contract/policy.ts), so a slip in the policy table fails a row below.
 *
 * A role the policy refuses gets 403 FORBIDDEN with a message naming what it may not do; a role it lets
 * through gets whatever the route answers (200, or 400/404 for the deliberately empty bodies and unknown
 * ids below) — never FORBIDDEN. Writes use unknown ids and empty bodies, so nothing changes between rows.
 */

type Role = 'owner' | 'admin' | 'planner' | 'analyst' | 'client';
const EVERYONE: Role[] = ['owner', 'admin', 'planner', 'analyst', 'client'];
const STAFF: Role[] = ['owner', 'admin', 'planner', 'analyst'];
const PLANNERS: Role[] = ['owner', 'admin', 'planner'];
const ADMINS: Role[] = ['owner', 'admin'];
const OWNER: Role[] = ['owner'];
const SIGNERS: Role[] = ['owner', 'admin', 'planner', 'client'];

const { db } = await freshDatabase();
const [demoUser] = await db.select().from(t.users).where(eq(t.users.email, DEMO_EMAIL));
const orgId = demoUser!.lastOrganizationId!;
const orgAccounts = await db.select().from(t.accounts).where(eq(t.accounts.organizationId, orgId));
const acme = orgAccounts.find((a) => a.name === 'Acme Outdoor')!;
const bluebird = orgAccounts.find((a) => a.name === 'Bluebird Coffee')!;
const [campaign] = await db.select().from(t.campaigns).where(eq(t.campaigns.accountId, acme.id)).limit(1);
const [budget] = await db.select().from(t.budgets).where(eq(t.budgets.accountId, acme.id)).limit(1);
const unknown = randomUUID();

/** [method, path, body, the roles that may] — written from the issue, not from the policy. */
const ROWS: [string, string, unknown, Role[]][] = [
  ['GET', '/api/campaigns', undefined, EVERYONE],
  ['GET', `/api/campaigns/${campaign!.id}`, undefined, EVERYONE],
  ['POST', '/api/campaigns', {}, PLANNERS],
  ['PATCH', `/api/campaigns/${unknown}`, {}, PLANNERS],
  ['DELETE', `/api/campaigns/${unknown}`, undefined, PLANNERS],
  ['GET', '/api/customers', undefined, EVERYONE],
  ['POST', '/api/customers', {}, PLANNERS],
  ['PATCH', `/api/customers/${unknown}`, {}, PLANNERS],
  ['DELETE', `/api/customers/${unknown}`, undefined, PLANNERS],
  ['GET', '/api/bookings', undefined, EVERYONE],
  ['POST', '/api/bookings', {}, PLANNERS],
  ['GET', '/api/budgets', undefined, EVERYONE],
  ['POST', '/api/budgets', {}, PLANNERS],
  ['PATCH', `/api/budgets/${unknown}`, {}, PLANNERS],
  ['GET', '/api/accounts', undefined, EVERYONE],
  ['POST', '/api/accounts', {}, ADMINS],
  ['PATCH', `/api/accounts/${unknown}`, {}, ADMINS],
  ['PATCH', `/api/organizations/${orgId}`, {}, ADMINS],
  ['GET', '/api/organizations', undefined, EVERYONE],
  ['GET', '/api/objectives', undefined, EVERYONE],
  ['GET', `/data/campaigns/get?id=${campaign!.id}`, undefined, EVERYONE],
  ['GET', `/data/campaigns/detail?id=${campaign!.id}`, undefined, EVERYONE],
  ['GET', `/data/campaigns/${campaign!.id}/platforms`, undefined, EVERYONE],
  ['GET', `/data/campaigns/launch-readiness?campaignId=${campaign!.id}`, undefined, EVERYONE],
  ['POST', '/data/campaigns/delete', {}, PLANNERS],
  ['POST', '/data/campaigns/pause', {}, PLANNERS],
  ['POST', '/data/campaigns/resume', {}, PLANNERS],
  ['POST', '/data/campaigns/duplicate', {}, PLANNERS],
  // Issue 28: one platform at a time, as the whole campaign.
  ['POST', `/api/campaigns/${unknown}/platforms/tiktok/pause`, {}, PLANNERS],
  ['POST', `/api/campaigns/${unknown}/platforms/tiktok/resume`, {}, PLANNERS],
  ['GET', `/data/customers/get?id=${unknown}`, undefined, EVERYONE],
  ['POST', '/data/customers/delete', {}, PLANNERS],
  ['GET', `/planning/wizard/${campaign!.id}`, undefined, EVERYONE],
  ['GET', `/planning/wizard/${campaign!.id}/preflight`, undefined, EVERYONE],
  ['POST', '/planning/wizard/new/overview', {}, PLANNERS],
  ['PUT', `/planning/wizard/${unknown}/overview`, {}, PLANNERS],
  ['PUT', `/planning/wizard/${unknown}/platforms`, {}, PLANNERS],
  ['PUT', `/planning/wizard/${unknown}/audience`, {}, PLANNERS],
  ['PUT', `/planning/wizard/${unknown}/schedule`, {}, PLANNERS],
  ['PUT', `/planning/wizard/${unknown}/creative`, {}, PLANNERS],
  ['PUT', `/planning/wizard/${unknown}/budget`, {}, PLANNERS],
  ['POST', `/planning/wizard/${unknown}/review`, {}, PLANNERS],
  ['GET', '/planning/platforms', undefined, EVERYONE],
  ['GET', '/planning/creative-specs', undefined, EVERYONE],
  ['POST', '/planning/audience-estimates', {}, EVERYONE],
  ['GET', `/api/budgets/${budget!.id}/pacing`, undefined, EVERYONE],
  ['GET', `/api/budgets/${budget!.id}/drawdown`, undefined, EVERYONE],
  ['GET', `/api/campaigns/${campaign!.id}/delivery`, undefined, EVERYONE],
  ['GET', '/api/dashboard/spend', undefined, EVERYONE],
  // Issue 28: pacing alert thresholds — everyone reads them, planners change them.
  ['GET', '/api/pacing/settings', undefined, EVERYONE],
  ['PUT', '/api/pacing/settings', {}, PLANNERS],
  ['GET', '/api/reports', undefined, EVERYONE],
  ['GET', `/api/campaigns/${campaign!.id}/export/mediaplan.json`, undefined, EVERYONE],
  ['GET', `/api/campaigns/${campaign!.id}/export/flowchart.csv`, undefined, EVERYONE],
  ['POST', '/api/campaigns/import', {}, PLANNERS],
  ['GET', '/api/assets', undefined, EVERYONE],
  ['POST', '/api/assets', undefined, PLANNERS],
  ['DELETE', `/api/assets/${unknown}`, undefined, PLANNERS],
  ['GET', '/api/platforms/connections', undefined, STAFF],
  ['POST', '/api/platforms/nowhere/connect', {}, PLANNERS],
  ['DELETE', '/api/platforms/nowhere/connection', undefined, PLANNERS],
  ['GET', `/api/platforms/nowhere/ad-account-choices/${unknown}`, undefined, PLANNERS],
  ['POST', `/api/platforms/nowhere/ad-account-choices/${unknown}`, {}, PLANNERS],
  ['POST', '/api/platforms/nowhere/sync', {}, PLANNERS],
  ['GET', '/api/billing', undefined, ADMINS],
  ['POST', '/api/billing/plan', {}, OWNER],
  ['GET', '/api/organization/white-label', undefined, EVERYONE],
  ['PATCH', '/api/organization/white-label', { whiteLabelBrandName: 123 }, ADMINS],
  ['GET', `/api/organizations/${orgId}/members`, undefined, PLANNERS],
  ['GET', `/api/organizations/${orgId}/invitations`, undefined, PLANNERS],
  ['POST', `/api/organizations/${orgId}/invitations`, {}, ADMINS],
  ['POST', `/api/organizations/${orgId}/invitations/${unknown}/resend`, {}, ADMINS],
  ['DELETE', `/api/organizations/${orgId}/invitations/${unknown}`, undefined, ADMINS],
  ['PATCH', `/api/organizations/${orgId}/members/${unknown}`, {}, ADMINS],
  ['DELETE', `/api/organizations/${orgId}/members/${unknown}`, undefined, ADMINS],
  ['GET', `/api/organizations/${orgId}/activity`, undefined, ADMINS],
  // Issue 27: the change log — everyone but clients reads it.
  ['GET', '/api/activity', undefined, STAFF],
  ['GET', `/api/activity?campaignId=${campaign!.id}`, undefined, STAFF],
  ['GET', '/api/activity.csv', undefined, STAFF],
  ['GET', '/api/activity/actors', undefined, STAFF],
  ['GET', `/api/organizations/${orgId}/domains`, undefined, EVERYONE],
  ['POST', `/api/organizations/${orgId}/domains`, { domain: 'not a domain' }, ADMINS],
  ['DELETE', `/api/organizations/${orgId}/domains/nowhere.example`, undefined, ADMINS],
  ['GET', `/api/organizations/${orgId}/sso`, undefined, ADMINS],
  ['PUT', `/api/organizations/${orgId}/sso`, {}, ADMINS],
  // Issue 27: revisions and sign-off. Analysts read, never decide; clients decide what they are asked to.
  ['GET', `/api/campaigns/${campaign!.id}/revisions`, undefined, EVERYONE],
  ['GET', `/api/campaigns/${campaign!.id}/revisions/1/diff/1`, undefined, EVERYONE],
  ['GET', `/api/campaigns/${unknown}/approvers`, undefined, PLANNERS],
  ['POST', `/api/campaigns/${unknown}/revisions/submit`, {}, PLANNERS],
  ['POST', `/api/campaigns/${unknown}/revisions/1/approve`, {}, SIGNERS],
  ['POST', `/api/campaigns/${unknown}/revisions/1/request-changes`, {}, SIGNERS],
  ['GET', `/api/organizations/${orgId}/sign-off`, undefined, EVERYONE],
  ['PUT', `/api/organizations/${orgId}/sign-off`, {}, ADMINS],
];

const clients = {} as Record<Role, TestClient>;
const PASSWORD = 'matrix-password';

/** A member of the demo organization with `role`, limited to Acme Outdoor unless owner or admin. */
async function memberWith(role: Role): Promise<TestClient> {
  if (role === 'owner') return new TestClient(testApp(db)).signIn(DEMO_EMAIL);
  const [user] = await db
    .insert(t.users)
    .values({
      email: `matrix-${role}@agency.test`,
      passwordHash: await hashPassword(PASSWORD),
      firstName: role,
      lastName: 'Member',
      onboardedAt: new Date(),
      lastOrganizationId: orgId,
      lastAccountId: acme.id,
    })
    .returning();
  const limited = role !== 'admin';
  await db
    .insert(t.memberships)
    .values({ userId: user!.id, organizationId: orgId, role, allAccounts: !limited });
  if (limited)
    await db
      .insert(t.membershipAccounts)
      .values({ userId: user!.id, organizationId: orgId, accountId: acme.id });
  return new TestClient(testApp(db)).signIn(user!.email, PASSWORD);
}

beforeAll(async () => {
  for (const role of EVERYONE) clients[role] = await memberWith(role);
});

describe('every route × every role', () => {
  it.each(ROWS)('%s %s', async (method, path, body, allowed) => {
    for (const role of EVERYONE) {
      const res = await clients[role].request(method, path, body);
      const forbidden = res.status === 403 && res.body?.errorCode === 'FORBIDDEN';
      expect(forbidden, `${role}: ${res.status} ${JSON.stringify(res.body)?.slice(0, 200)}`).toBe(
        !allowed.includes(role),
      );
      if (forbidden) expect(res.body.message).toMatch(/^(Owners|Admins|Planners|Analysts|Clients) can't /);
    }
  });
});

describe('every role × the account: own, granted, ungranted', () => {
  it('owner and admin work in every account; the others only in those granted', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    for (const role of EVERYONE) {
      const client = clients[role];
      const listed = (await client.get('/api/accounts')).body.map((a: { id: string }) => a.id).sort();
      const everyAccount = role === 'owner' || role === 'admin';
      expect(listed, role).toEqual(everyAccount ? orgAccounts.map((a) => a.id).sort() : [acme.id]);
      // Granted (and own): switching in works. Ungranted: exactly like a missing account.
      expect((await client.request('POST', '/account/switch', `id=${acme.id}`, form)).status, role).toBe(303);
      const ungranted = await client.request('POST', '/account/switch', `id=${bluebird.id}`, form);
      expect(ungranted.status, role).toBe(everyAccount ? 303 : 404);
      const missing = await client.request('POST', '/account/switch', `id=${unknown}`, form);
      if (!everyAccount) expect(ungranted.body).toEqual(missing.body);
      expect((await client.get(`/api/accounts/${bluebird.id}`)).status, role).toBe(everyAccount ? 200 : 404);
      await client.request('POST', '/account/switch', `id=${acme.id}`, form);
    }
  });

  it('a granted account’s records are reachable; an ungranted account’s answer like missing ones', async () => {
    const [bluebirdCampaign] = await db
      .select()
      .from(t.campaigns)
      .where(and(eq(t.campaigns.accountId, bluebird.id)))
      .limit(1);
    for (const role of EVERYONE) {
      const client = clients[role];
      expect((await client.get(`/api/campaigns/${campaign!.id}`)).status, role).toBe(200);
      const other = await client.get(`/api/campaigns/${bluebirdCampaign!.id}`);
      const missing = await client.get(`/api/campaigns/${unknown}`);
      expect(other.status, role).toBe(404);
      expect(other.body, role).toEqual(missing.body);
    }
  });
});
