import { randomUUID } from 'node:crypto';
import type { ActivityEntry } from '@contract/activity';
import type { Plan } from '@contract/planning';
import { listActivity } from '@server/activity/store';
import { withActor } from '@server/db/actor';
import * as t from '@server/db/schema';
import { inTransaction } from '@server/db/transaction';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../support/db';
import { TestClient as Client, signedIn, type TestClient, testApp } from '../support/http';
import { testConnectors } from '../support/planning';

/**
 * The change log (issue 27, docs/activity.md) against real PostgreSQL: written by triggers in the same
 * transaction as the change, with who, field, before and after; nothing for a refused save; append-only
 * whatever the application tries; read back scoped to the account, in people's words, as JSON and CSV.
 */

const { db } = await freshDatabase();
let demo: TestClient;
let rival: TestClient;
let me: { id: string; email: string; currentOrganization: { id: string }; currentAccount: { id: string } };
let campaign: { id: string; name: string; currency: string; budgetMinor: number };
let customer: { id: string; name: string };

const PAGE = { start: 0, end: 100 };
const logOf = (entityId: string) =>
  db.select().from(t.changeLog).where(eq(t.changeLog.entityId, entityId)).orderBy(t.changeLog.id);

beforeAll(async () => {
  demo = await signedIn(db, 'demo', { connectors: testConnectors(db) });
  rival = await signedIn(db, 'rival');
  me = (await demo.get('/api/auth/user')).body;
  campaign = (await demo.get('/api/campaigns?_end=1&status=draft')).body[0];
  customer = (await demo.get('/api/customers?_end=1')).body[0];
});

describe('writing the log', () => {
  it('the seed creates no entries; a change through the API writes one row per changed field, with who', async () => {
    // The seed's rows were inserted without an actor; its few later updates are Flightplan's own.
    const seeded = await db.select().from(t.changeLog);
    expect(seeded.filter((r) => r.op === 'create' || r.actorUserId !== null)).toEqual([]);
    const res = await demo.patch(`/api/campaigns/${campaign.id}`, {
      name: `${campaign.name} (renamed)`,
      budgetMinor: 120_000,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows = await logOf(campaign.id);
    const fields = rows.map((r) => r.field).sort();
    expect(fields).toEqual(campaign.budgetMinor === 120_000 ? ['name'] : ['budget_minor', 'name']);
    const name = rows.find((r) => r.field === 'name')!;
    expect(name).toMatchObject({
      actorUserId: me.id,
      entity: 'campaign',
      op: 'update',
      before: campaign.name,
      after: `${campaign.name} (renamed)`,
      accountId: me.currentAccount.id,
      organizationId: me.currentOrganization.id,
      campaignId: campaign.id,
      revision: 1,
    });
    // updated_at and version changed too, but are never logged.
    expect(fields).not.toContain('updated_at');
    expect(fields).not.toContain('version');
  });

  it('a created and a deleted row are one entry each, with the row', async () => {
    const created = await demo.post('/api/customers', { name: 'Logged Ltd' });
    expect(created.status).toBe(201);
    const deleted = await demo.delete(`/api/customers/${created.body.id}`);
    expect(deleted.status).toBe(200);
    const rows = await logOf(created.body.id);
    expect(rows.map((r) => [r.op, r.field])).toEqual([
      ['create', null],
      ['delete', null],
    ]);
    expect(rows[0]!.after).toMatchObject({ name: 'Logged Ltd' });
    expect(rows[1]!.before).toMatchObject({ name: 'Logged Ltd' });
    expect(rows[0]!.after).not.toHaveProperty('updated_at');
  });

  it('a rolled-back transaction leaves no entry', async () => {
    const before = (await db.select().from(t.changeLog)).length;
    await expect(
      withActor(me.id, () =>
        inTransaction(db, async (tx) => {
          await tx.update(t.customers).set({ name: 'Never saved' }).where(eq(t.customers.id, customer.id));
          throw new Error('refused after a partial write');
        }),
      ),
    ).rejects.toThrow('refused after a partial write');
    expect((await db.select().from(t.changeLog)).length).toBe(before);
    const [row] = await db.select().from(t.customers).where(eq(t.customers.id, customer.id));
    expect(row!.name).toBe(customer.name);
  });

  it('a refused save through the API (400) leaves no entry', async () => {
    const before = (await db.select().from(t.changeLog)).length;
    const res = await demo.patch(`/api/campaigns/${campaign.id}`, {
      startDate: '2030-02-01',
      endDate: '2030-01-01',
    });
    expect(res.status).toBe(400);
    expect((await db.select().from(t.changeLog)).length).toBe(before);
  });

  it('an update without an actor (a job, a sync) is logged with no one; an insert without one is not', async () => {
    await db.update(t.customers).set({ name: 'Renamed by a sync' }).where(eq(t.customers.id, customer.id));
    const rows = await logOf(customer.id);
    expect(rows.at(-1)).toMatchObject({ field: 'name', actorUserId: null, after: 'Renamed by a sync' });
    const [inserted] = await db
      .insert(t.customers)
      .values({ organizationId: me.currentOrganization.id, accountId: me.currentAccount.id, name: 'Seeded' })
      .returning();
    expect(await logOf(inserted!.id)).toEqual([]);
    await db.update(t.customers).set({ name: customer.name }).where(eq(t.customers.id, customer.id));
  });

  it('the planning wizard’s step save logs its fields, into the draft revision', async () => {
    const plan = (await demo.get<Plan>(`/planning/wizard/${campaign.id}`, { accept: 'application/json' }))
      .body;
    const res = await demo.put(`/planning/wizard/${campaign.id}/overview`, {
      version: plan.campaign.version,
      name: 'Wizard named',
      customerId: customer.id,
      objectiveId: plan.campaign.objectiveId,
      currency: plan.campaign.currency,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows = await logOf(campaign.id);
    expect(rows.at(-1)).toMatchObject({
      field: 'name',
      after: 'Wizard named',
      actorUserId: me.id,
      revision: 1,
    });
  });

  it('a member’s role change logs at the organization, not in an account', async () => {
    const orgId = me.currentOrganization.id;
    const email = `logged-${randomUUID()}@agency.test`;
    const invited = await demo.post(`/api/organizations/${orgId}/invitations`, { email, role: 'planner' });
    expect(invited.status).toBe(201);
    const [message] = await db.select().from(t.providerOutbox).where(eq(t.providerOutbox.recipient, email));
    const token = message!.link!.split('/auth/invitation/')[1]!;
    const client = new Client(testApp(db));
    await client.post('/api/auth/signup', {
      email,
      password: 'correct-horse',
      firstName: 'Lou',
      lastName: 'Logged',
    });
    expect((await client.post(`/api/invitations/${token}/accept`)).status).toBe(200);
    const userId = (await client.get('/api/auth/user')).body.id as string;
    const changed = await demo.patch(`/api/organizations/${orgId}/members/${userId}`, { role: 'analyst' });
    expect(changed.status).toBe(200);
    const rows = await logOf(userId);
    expect(rows.at(-1)).toMatchObject({
      entity: 'member',
      field: 'role',
      before: 'planner',
      after: 'analyst',
      actorUserId: me.id,
      organizationId: orgId,
      accountId: null,
    });
    const page = await demo.get<ActivityEntry[]>('/api/activity?entity=member');
    expect(page.body[0]).toMatchObject({
      entityLabel: 'Member Lou Logged',
      fieldLabel: 'Role',
      beforeText: 'Planner',
      afterText: 'Analyst',
    });
    // Who may not manage members reads the account's log without the organization's members.
    const scope = { organizationId: orgId, accountId: me.currentAccount.id };
    const forAnalyst = await listActivity(db, { ...scope, seesMembers: false }, { entity: 'member' }, PAGE);
    expect(forAnalyst).toEqual({ rows: [], total: 0 });
    const forAdmin = await listActivity(db, { ...scope, seesMembers: true }, { entity: 'member' }, PAGE);
    expect(forAdmin.total).toBeGreaterThan(0);
  });
});

describe('append-only', () => {
  it('the application’s connection cannot update, delete or truncate the log', async () => {
    const before = await db.select().from(t.changeLog).orderBy(t.changeLog.id);
    expect(before.length).toBeGreaterThan(0);
    for (const statement of [
      sql`UPDATE change_log SET after = '"forged"'::jsonb`,
      sql`DELETE FROM change_log`,
      sql`TRUNCATE change_log`,
    ]) {
      const error = await db.execute(statement).then(
        () => null,
        (e: Error & { cause?: Error }) => e.cause?.message ?? e.message,
      );
      expect(error).toMatch(/append-only|permission denied/);
    }
    expect(await db.select().from(t.changeLog).orderBy(t.changeLog.id)).toEqual(before);
  });
});

describe('reading the log', () => {
  it('pages newest first with the total, in people’s words: money with its currency, names not ids', async () => {
    await demo.patch(`/api/campaigns/${campaign.id}`, { budgetMinor: 250_000, customerId: customer.id });
    const res = await demo.get<ActivityEntry[]>(`/api/activity?campaignId=${campaign.id}&_end=5`);
    expect(res.status).toBe(200);
    expect(Number(res.headers.get('x-total-count'))).toBeGreaterThanOrEqual(res.body.length);
    const times = res.body.map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);
    const budget = res.body.find((e) => e.field === 'budgetMinor')!;
    const symbol = { EUR: '€', USD: '$', GBP: '£' }[campaign.currency as 'EUR'];
    expect(budget).toMatchObject({
      entity: 'campaign',
      entityLabel: 'Campaign',
      fieldLabel: 'Budget',
      after: 250_000,
      afterText: `${symbol}2,500.00`,
      actor: { id: me.id, email: me.email, name: expect.any(String) },
      revision: 1,
      campaignId: campaign.id,
    });
    const log = await logOf(campaign.id);
    const customerRow = log.find((r) => r.field === 'customer_id' && r.after === customer.id);
    if (customerRow) {
      const entry = (
        await demo.get<ActivityEntry[]>(`/api/activity?campaignId=${campaign.id}&_end=100`)
      ).body.find((e) => e.id === String(customerRow.id))!;
      expect(entry.afterText).toBe(customer.name);
    }
  });

  it('filters by who, what and when', async () => {
    const byMe = await demo.get<ActivityEntry[]>(`/api/activity?actorId=${me.id}&_end=100`);
    expect(byMe.body.length).toBeGreaterThan(0);
    expect(byMe.body.every((e) => e.actor?.id === me.id)).toBe(true);
    const customers = await demo.get<ActivityEntry[]>('/api/activity?entity=customer&_end=100');
    expect(customers.body.every((e) => e.entity === 'customer')).toBe(true);
    expect(customers.body.some((e) => e.actor === null)).toBe(true);
    const future = await demo.get<ActivityEntry[]>('/api/activity?from=2999-01-01');
    expect(future.body).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    const todays = await demo.get<ActivityEntry[]>(`/api/activity?from=${today}&to=${today}`);
    expect(todays.body.length).toBeGreaterThan(0);
  });

  it('names who appears in the log, for the "who" filter', async () => {
    const res = await demo.get<{ id: string; name: string }[]>('/api/activity/actors');
    expect(res.status).toBe(200);
    expect(res.body.map((a) => a.id)).toContain(me.id);
    expect(
      (await rival.get<unknown[]>('/api/activity/actors')).body.some(
        (a) => (a as { id: string }).id === me.id,
      ),
    ).toBe(false);
  });

  it('refuses bad filter values with a 400 naming the parameter', async () => {
    for (const [query, parameter] of [
      ['campaignId=nope', 'campaignId'],
      ['actorId=1', 'actorId'],
      ['entity=invoice', 'entity'],
      ['from=2026-02-30', 'from'],
      ['to=yesterday', 'to'],
      ['from=2026-03-02&to=2026-03-01', 'to'],
      ['_end=1000', '_end'],
      ['_start=-1', '_start'],
      ['sort=at', 'sort'],
    ] as const) {
      const res = await demo.get(`/api/activity?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.validationErrors, query).toHaveProperty(parameter);
      expect(res.body.message, query).toContain(parameter);
    }
  });

  it('another account’s rows never appear', async () => {
    const mine = await demo.get<ActivityEntry[]>('/api/activity?_end=100');
    expect(mine.body.length).toBeGreaterThan(0);
    const theirs = await rival.get<ActivityEntry[]>('/api/activity?_end=100');
    expect(theirs.status).toBe(200);
    const ids = new Set(mine.body.map((e) => e.id));
    expect(theirs.body.filter((e) => ids.has(e.id))).toEqual([]);
    const foreign = await rival.get<ActivityEntry[]>(`/api/activity?campaignId=${campaign.id}`);
    expect(foreign.status).toBe(200);
    expect(foreign.body).toEqual([]);
    expect(foreign.headers.get('x-total-count')).toBe('0');
  });

  it('exports CSV with a header row, safe against formulas', async () => {
    await demo.patch(`/api/customers/${customer.id}`, { name: '=HYPERLINK("http://evil.test")' });
    const res = await demo.get<string>(`/api/activity.csv?entity=customer`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="flightplan-activity-/);
    const lines = String(res.body).split('\r\n');
    expect(lines[0]).toBe('When (UTC),Who,Email,What,Campaign,Field,Before,After,Revision');
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.test"")"`);
    expect(String(res.body)).not.toMatch(/,=HYPERLINK/);
    expect((await demo.get('/api/activity.csv?_end=5')).status).toBe(400);
    await demo.patch(`/api/customers/${customer.id}`, { name: customer.name });
  });

  it('a signed-out caller is refused', async () => {
    const res = await new Client(testApp(db)).get('/api/activity');
    expect(res.status).toBe(401);
    const rows = await db
      .select()
      .from(t.changeLog)
      .where(and(eq(t.changeLog.entity, 'campaign')));
    expect(rows.length).toBeGreaterThan(0);
  });
});
