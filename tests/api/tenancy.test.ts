import { randomUUID } from 'node:crypto';
import { findScoped } from '@server/data';
import * as t from '@server/db/schema';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../support/db';
import { signedIn, type TestClient, type TestResponse } from '../support/http';

/**
 * rival@ (Rival Media) sees, changes and deletes none of Demo Agency's rows through any resource, and
 * every answer about a foreign id is exactly the answer about an id that does not exist.
 */

const { db } = await freshDatabase();
let demo: TestClient;
let rival: TestClient;
let demoOrgId: string;
/** Demo Agency's ids per resource, as the demo user sees them. */
const foreign: Record<string, string[]> = {};
const SCOPED = ['accounts', 'customers', 'campaigns', 'bookings', 'budgets', 'organizations'] as const;

/** Everything Demo Agency owns, straight from the database. */
async function demoRows() {
  const org = demoOrgId;
  return {
    organizations: await db.select().from(t.organizations).where(eq(t.organizations.id, org)),
    accounts: await db
      .select()
      .from(t.accounts)
      .where(eq(t.accounts.organizationId, org))
      .orderBy(asc(t.accounts.id)),
    customers: await db
      .select()
      .from(t.customers)
      .where(eq(t.customers.organizationId, org))
      .orderBy(asc(t.customers.id)),
    campaigns: await db
      .select()
      .from(t.campaigns)
      .where(eq(t.campaigns.organizationId, org))
      .orderBy(asc(t.campaigns.id)),
    bookings: await db
      .select()
      .from(t.bookings)
      .where(eq(t.bookings.organizationId, org))
      .orderBy(asc(t.bookings.id)),
    budgets: await db
      .select()
      .from(t.budgets)
      .where(eq(t.budgets.organizationId, org))
      .orderBy(asc(t.budgets.id)),
    memberships: await db.select().from(t.memberships).where(eq(t.memberships.organizationId, org)),
  };
}
let before: Awaited<ReturnType<typeof demoRows>>;

beforeAll(async () => {
  demo = await signedIn(db, 'demo');
  rival = await signedIn(db, 'rival');
  demoOrgId = (await demo.get('/api/auth/user')).body.currentOrganization.id;
  for (const resource of SCOPED) {
    foreign[resource] = (await demo.get<{ id: string }[]>(`/api/${resource}?_end=100`)).body.map((r) => r.id);
    expect(foreign[resource]!.length, resource).toBeGreaterThan(0);
  }
  before = await demoRows();
});

const same = (a: TestResponse, b: TestResponse, what: string) => {
  expect(a.status, what).toBe(b.status);
  expect(a.body, what).toEqual(b.body);
  expect(a.headers.get('x-total-count'), what).toBe(b.headers.get('x-total-count'));
};

describe('rival sees nothing of Demo Agency', () => {
  it('lists: none of the demo rows appear, in any resource, even when filtered for', async () => {
    for (const resource of SCOPED) {
      const list = await rival.get<{ id: string }[]>(`/api/${resource}?_end=100`);
      expect(list.status).toBe(200);
      const seen = new Set(list.body.map((r) => r.id));
      for (const id of foreign[resource]!) expect(seen.has(id), `${resource} ${id}`).toBe(false);
      expect(Number(list.headers.get('x-total-count'))).toBe(list.body.length);
      for (const query of ['q=demo', 'q=acme', 'name_like=a']) {
        const searched = await rival.get<{ id: string }[]>(`/api/${resource}?${query}&_end=100`);
        for (const r of searched.body) expect(foreign[resource]).not.toContain(r.id);
      }
    }
    const rivalOrgs = await rival.get<{ name: string }[]>('/api/organizations');
    expect(rivalOrgs.body.map((o) => o.name)).toEqual(['Rival Media']);
  });

  it('getOne of a demo id answers exactly like a missing id', async () => {
    for (const resource of SCOPED) {
      const missing = await rival.get(`/api/${resource}/${randomUUID()}`);
      expect(missing.status).toBe(404);
      for (const id of foreign[resource]!)
        same(await rival.get(`/api/${resource}/${id}`), missing, `${resource} ${id}`);
    }
  });

  it('getMany and id filters over demo ids answer like missing ids: empty, total 0', async () => {
    for (const resource of SCOPED) {
      const theirs = foreign[resource]!.slice(0, 20);
      const missing = await rival.get(`/api/${resource}?${theirs.map(() => `id=${randomUUID()}`).join('&')}`);
      expect(missing.body).toEqual([]);
      same(
        await rival.get(`/api/${resource}?${theirs.map((id) => `id=${id}`).join('&')}`),
        missing,
        resource,
      );
    }
    const customer = foreign.customers![0]!;
    const campaign = foreign.campaigns![0]!;
    same(
      await rival.get(`/api/campaigns?customerId=${customer}`),
      await rival.get(`/api/campaigns?customerId=${randomUUID()}`),
      'campaigns by foreign customer',
    );
    same(
      await rival.get(`/api/bookings?campaignId=${campaign}`),
      await rival.get(`/api/bookings?campaignId=${randomUUID()}`),
      'bookings by foreign campaign',
    );
  });
});

describe('rival changes nothing of Demo Agency', () => {
  it('PATCH of a demo id answers exactly like PATCH of a missing id', async () => {
    for (const resource of SCOPED) {
      const body = { name: 'Pwned by Rival' };
      const missing = await rival.patch(`/api/${resource}/${randomUUID()}`, body);
      // Bookings are read-only (they come from plans): 405 whoever's the id.
      expect(missing.status).toBe(resource === 'bookings' ? 405 : 404);
      for (const id of foreign[resource]!)
        same(await rival.patch(`/api/${resource}/${id}`, body), missing, resource);
    }
  });

  it('DELETE of a demo id answers exactly like DELETE of a missing id', async () => {
    for (const resource of SCOPED) {
      const missing = await rival.delete(`/api/${resource}/${randomUUID()}`);
      expect(missing.status).toBe(resource === 'organizations' || resource === 'bookings' ? 405 : 404);
      for (const id of foreign[resource]!)
        same(await rival.delete(`/api/${resource}/${id}`), missing, resource);
    }
  });

  it('creating with a demo customer answers exactly like a missing one', async () => {
    const customer = foreign.customers![0]!;
    const cases: [string, (id: string) => Record<string, unknown>, string][] = [
      ['/api/campaigns', (id) => ({ name: 'Stolen', customerId: id }), customer],
      [
        '/planning/wizard/new/overview',
        (id) => ({ name: 'Stolen', objectiveId: 1, customerId: id, currency: 'EUR' }),
        customer,
      ],
      [
        '/api/budgets',
        (id) => ({ name: 'Stolen', customerId: id, periodStart: '2026-01-01', periodEnd: '2026-02-01' }),
        customer,
      ],
    ];
    for (const [path, body, id] of cases) {
      const missing = await rival.post(path, body(randomUUID()));
      expect(missing.status).toBe(400);
      same(await rival.post(path, body(id)), missing, path);
    }
    // The same through PATCH of rival's own campaign.
    const own = (await rival.get<{ id: string }[]>('/api/campaigns')).body[0]!;
    same(
      await rival.patch(`/api/campaigns/${own.id}`, { customerId: customer }),
      await rival.patch(`/api/campaigns/${own.id}`, { customerId: randomUUID() }),
      'patch with foreign customer',
    );
  });

  it('refuses to create rows in a demo account or organization chosen by the client', async () => {
    const me = (await demo.get('/api/auth/user')).body;
    const intoAccount = await rival.post('/api/campaigns', {
      name: 'Planted',
      accountId: me.currentAccount.id,
    });
    expect(intoAccount.status).toBe(400);
    expect(intoAccount.body.validationErrors.accountId).toBeDefined();
    const intoOrg = await rival.post('/api/accounts', { name: 'Planted', organizationId: demoOrgId });
    expect(intoOrg.status).toBe(400);
    expect(intoOrg.body.validationErrors.organizationId).toBeDefined();
    const intoCustomer = await rival.post('/api/customers', {
      name: 'Planted',
      accountId: me.currentAccount.id,
    });
    expect(intoCustomer.status).toBe(400);
  });

  it("leaves every Demo Agency row exactly as it was, and rival's own data works", async () => {
    expect(await demoRows()).toEqual(before);
    const mine = await rival.post<{ id: string; accountId: string }>('/api/customers', {
      name: 'Rival customer',
    });
    expect(mine.status).toBe(201);
    const rivalUser = (await rival.get('/api/auth/user')).body;
    expect(mine.body.accountId).toBe(rivalUser.currentAccount.id);
    expect((await demo.get(`/api/customers/${mine.body.id}`)).status).toBe(404);
  });
});

describe('accounts of one organization are separate too', () => {
  it("demo in Acme Outdoor neither sees nor touches Bluebird Coffee's rows, nor references them", async () => {
    const accounts = (await demo.get<{ id: string; name: string }[]>('/api/accounts')).body;
    const bluebird = accounts.find((a) => a.name === 'Bluebird Coffee')!;
    const other = await signedIn(db, 'demo');
    expect(
      (await other.get(`/account/switch?id=${bluebird.id}`, { 'sec-fetch-site': 'same-origin' })).status,
    ).toBe(302);
    const theirCampaign = (await other.get<{ id: string }[]>('/api/campaigns')).body[0]!.id;
    const theirCustomer = (await other.get<{ id: string }[]>('/api/customers')).body[0]!.id;
    // `other` moved the demo user's resume point, not this session: demo is still in Acme Outdoor.
    expect((await demo.get('/api/auth/user')).body.currentAccount.name).toBe('Acme Outdoor');
    const missingId = randomUUID();
    same(
      await demo.get(`/api/campaigns/${theirCampaign}`),
      await demo.get(`/api/campaigns/${missingId}`),
      'get',
    );
    same(
      await demo.patch(`/api/campaigns/${theirCampaign}`, { name: 'x' }),
      await demo.patch(`/api/campaigns/${missingId}`, { name: 'x' }),
      'patch',
    );
    same(
      await demo.delete(`/api/campaigns/${theirCampaign}`),
      await demo.delete(`/api/campaigns/${missingId}`),
      'delete',
    );
    same(
      await demo.post('/api/campaigns', { name: 'Cross', customerId: theirCustomer }),
      await demo.post('/api/campaigns', { name: 'Cross', customerId: missingId }),
      'reference',
    );
    expect((await other.get(`/api/campaigns/${theirCampaign}`)).status).toBe(200);
  });
});

describe('findScoped, for features that look records up by id', () => {
  it('finds a record for its own tenant only', async () => {
    const session = async (email: string) => {
      const [user] = await db.select().from(t.users).where(eq(t.users.email, email));
      return {
        id: 'test',
        userId: user!.id,
        organizationId: user!.lastOrganizationId,
        accountId: user!.lastAccountId,
        expiresAt: new Date(),
        role: 'owner' as const,
        accountIds: null,
      };
    };
    // The demo user's resume point moved to Bluebird above; the campaigns looked at are Acme Outdoor's.
    const [acme] = await db.select().from(t.accounts).where(eq(t.accounts.name, 'Acme Outdoor'));
    const demoSession = { ...(await session('demo@flightplan.test')), accountId: acme!.id };
    const rivalSession = await session('rival@flightplan.test');
    const id = foreign.campaigns![0]!;
    const mine = await findScoped(db, demoSession, 'campaigns', id);
    expect(mine?.id).toBe(id);
    expect(await findScoped(db, rivalSession, 'campaigns', id)).toBeNull();
    expect(await findScoped(db, demoSession, 'campaigns', 'not-a-uuid')).toBeNull();
    expect(await findScoped(db, { ...demoSession, accountId: null }, 'campaigns', id)).toBeNull();
    expect((await findScoped(db, rivalSession, 'objectives', '2'))?.label).toBe('Traffic');
    expect(await findScoped(db, rivalSession, 'organizations', demoOrgId)).toBeNull();
  });
});
