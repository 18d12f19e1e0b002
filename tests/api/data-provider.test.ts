import type { Account, Organization } from '@contract/auth';
import type { Booking, Budget, Campaign, Customer } from '@contract/resources';
import { querySharedRows } from '@server/data/sql';
import * as t from '@server/db/schema';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../support/db';
import { TestClient as Client, signedIn, type TestClient, testApp } from '../support/http';

/** The generic data provider in refine simple-rest / json-server conventions, against real PostgreSQL. */

const { db } = await freshDatabase();
let demo: TestClient;
/** All 30 seeded campaigns of the demo user's current account (Acme Outdoor). */
let seeded: Campaign[];

beforeAll(async () => {
  demo = await signedIn(db, 'demo');
  const all = await demo.get<Campaign[]>('/api/campaigns?_start=0&_end=100');
  seeded = all.body;
});

const ids = (rows: { id: string }[]) => rows.map((r) => r.id);
const total = (res: { headers: Headers }) => Number(res.headers.get('x-total-count'));
const byKeys =
  <T>(...keys: [keyof T, 'asc' | 'desc'][]) =>
  (a: T, b: T) => {
    for (const [key, order] of keys) {
      const x = a[key] as unknown as string | number | null;
      const y = b[key] as unknown as string | number | null;
      if (x === y) continue;
      if (x === null) return 1; // NULLs last either way
      if (y === null) return -1;
      const cmp = x < y ? -1 : 1;
      return order === 'asc' ? cmp : -cmp;
    }
    return 0;
  };
/** Postgres sorts text here in the C collation (byte order), like JS `<` on these ASCII names. */
/** The server's order: the keys, then the id in the direction of the last key (one index scan either way). */
const sortLike = <T extends { id: string }>(rows: T[], ...keys: [keyof T, 'asc' | 'desc'][]) =>
  [...rows].sort((a, b) => byKeys<T>(...keys, ['id', keys.at(-1)?.[1] ?? 'asc'])(a, b));

describe('list: response shape and paging', () => {
  it('returns a JSON array with x-total-count, exposed to browsers', async () => {
    const res = await demo.get('/api/campaigns');
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body).toHaveLength(10);
    expect(total(res)).toBe(32);
    expect(res.headers.get('access-control-expose-headers')).toMatch(/x-total-count/i);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(seeded).toHaveLength(32);
    const head = await demo.request('HEAD', '/api/campaigns');
    expect(head.status).toBe(200);
    expect(head.headers.get('x-total-count')).toBe('32');
    expect(head.body).toBeUndefined();
  });

  it('serves records in the wire shape of the contract', async () => {
    const [campaign] = seeded;
    expect(Object.keys(campaign!).sort()).toEqual(
      [
        'id',
        'accountId',
        'customerId',
        'objectiveId',
        'name',
        'status',
        'startDate',
        'endDate',
        'budgetMinor',
        'currency',
        'platforms',
        'createdAt',
        'updatedAt',
      ].sort(),
    );
    expect(campaign!.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(campaign!.startDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(typeof campaign!.budgetMinor).toBe('number');
  });

  it('pages with _start/_end: consecutive pages are disjoint and cover the list', async () => {
    const pages = await Promise.all(
      [0, 10, 20, 30].map((start) =>
        demo.get<Campaign[]>(`/api/campaigns?_sort=name&_start=${start}&_end=${start + 10}`),
      ),
    );
    const all = pages.flatMap((p) => ids(p.body));
    expect(new Set(all).size).toBe(32);
    expect(all).toEqual(ids(sortLike(seeded, ['name', 'asc'])));
    for (const page of pages) expect(total(page)).toBe(32);
  });

  it('defaults _start to 0 and _end to _start + 10', async () => {
    const from5 = await demo.get<Campaign[]>('/api/campaigns?_start=5&_sort=name');
    const explicit = await demo.get<Campaign[]>('/api/campaigns?_start=5&_end=15&_sort=name');
    expect(ids(from5.body)).toEqual(ids(explicit.body));
    const to3 = await demo.get<Campaign[]>('/api/campaigns?_end=3&_sort=name');
    expect(ids(to3.body)).toEqual(ids(sortLike(seeded, ['name', 'asc'])).slice(0, 3));
  });

  it('answers a page past the end, or an empty range, with [] and the total', async () => {
    const past = await demo.get('/api/campaigns?_start=200&_end=210');
    expect(past.status).toBe(200);
    expect(past.body).toEqual([]);
    expect(total(past)).toBe(32);
    const empty = await demo.get('/api/campaigns?_start=4&_end=4');
    expect(empty.body).toEqual([]);
    expect(total(empty)).toBe(32);
  });

  it('allows a page of exactly 100 rows', async () => {
    const res = await demo.get('/api/campaigns?_start=0&_end=100');
    expect(res.status).toBe(200);
  });

  it('pages stably through ties: the id breaks them', async () => {
    // Twelve customers with the same name: paging one at a time by name must neither repeat nor skip.
    const created = [];
    for (let i = 0; i < 12; i++)
      created.push((await demo.post<Customer>('/api/customers', { name: 'Twin' })).body);
    const seen: string[] = [];
    for (let start = 0; start < 12; start++) {
      const page = await demo.get<Customer[]>(
        `/api/customers?name=Twin&_sort=name&_start=${start}&_end=${start + 1}`,
      );
      seen.push(...ids(page.body));
    }
    expect(seen).toEqual([...ids(created)].sort());
    for (const c of created) await demo.delete(`/api/customers/${c.id}`);
  });
});

describe('list: sorting', () => {
  it('sorts by one field in either order', async () => {
    const asc = await demo.get<Campaign[]>('/api/campaigns?_sort=budgetMinor&_order=asc&_end=100');
    expect(ids(asc.body)).toEqual(ids(sortLike(seeded, ['budgetMinor', 'asc'])));
    const desc = await demo.get<Campaign[]>('/api/campaigns?_sort=createdAt&_order=desc&_end=100');
    expect(ids(desc.body)).toEqual(ids(sortLike(seeded, ['createdAt', 'desc'])));
  });

  it('sorts by several fields with comma-separated _sort/_order; a missing order is asc', async () => {
    const res = await demo.get<Campaign[]>(
      '/api/campaigns?_sort=status,budgetMinor&_order=asc,desc&_end=100',
    );
    expect(ids(res.body)).toEqual(ids(sortLike(seeded, ['status', 'asc'], ['budgetMinor', 'desc'])));
    const partial = await demo.get<Campaign[]>('/api/campaigns?_sort=currency,name&_order=desc&_end=100');
    expect(ids(partial.body)).toEqual(ids(sortLike(seeded, ['currency', 'desc'], ['name', 'asc'])));
  });

  it('accepts ASC/DESC in any case', async () => {
    const res = await demo.get<Campaign[]>('/api/campaigns?_sort=name&_order=DESC&_end=100');
    expect(ids(res.body)).toEqual(ids(sortLike(seeded, ['name', 'desc'])));
  });

  it('puts campaigns without dates last in both orders', async () => {
    const undated = (await demo.post<Campaign>('/api/campaigns', { name: 'Undated' })).body;
    for (const order of ['asc', 'desc']) {
      const res = await demo.get<Campaign[]>(`/api/campaigns?_sort=startDate&_order=${order}&_end=100`);
      expect(res.body.at(-1)!.id).toBe(undated.id);
    }
    await demo.delete(`/api/campaigns/${undated.id}`);
  });

  it('sorts reference data by its natural position by default', async () => {
    const objectives = await demo.get<{ id: number }[]>('/api/objectives');
    expect(objectives.body.map((o) => o.id)).toEqual([1, 2, 3, 4, 5, 6]);
    const byLabel = await demo.get<{ label: string }[]>('/api/objectives?_sort=label&_order=desc');
    expect(byLabel.body.map((o) => o.label)).toEqual(
      ['Awareness', 'Traffic', 'Engagement', 'Leads', 'App promotion', 'Sales'].sort().reverse(),
    );
  });
});

describe('list: filters', () => {
  const check = async (query: string, expected: Campaign[]) => {
    const res = await demo.get<Campaign[]>(`/api/campaigns?${query}&_end=100`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(ids(res.body).sort()).toEqual(ids(expected).sort());
    expect(total(res)).toBe(expected.length);
  };
  const someStatus = () => seeded[0]!.status;

  it('field=value is equality', async () => {
    await check(
      `status=${someStatus()}`,
      seeded.filter((c) => c.status === someStatus()),
    );
    const objective = seeded[3]!.objectiveId;
    await check(
      `objectiveId=${objective}`,
      seeded.filter((c) => c.objectiveId === objective),
    );
    const customer = seeded.find((c) => c.customerId)!.customerId!;
    await check(
      `customerId=${customer}`,
      seeded.filter((c) => c.customerId === customer),
    );
  });

  it('a repeated field means any of the values (refine getMany / in)', async () => {
    await check(
      'status=active&status=paused',
      seeded.filter((c) => ['active', 'paused'].includes(c.status)),
    );
    await check(
      'currency=EUR&currency=USD',
      seeded.filter((c) => ['EUR', 'USD'].includes(c.currency)),
    );
  });

  it('field_ne excludes a value; repeated, it excludes each', async () => {
    await check(
      'status_ne=draft',
      seeded.filter((c) => c.status !== 'draft'),
    );
    await check(
      'status_ne=draft&status_ne=active',
      seeded.filter((c) => !['draft', 'active'].includes(c.status)),
    );
    // NULL customer ids differ from any id.
    const customer = seeded.find((c) => c.customerId)!.customerId!;
    await check(
      `customerId_ne=${customer}`,
      seeded.filter((c) => c.customerId !== customer),
    );
  });

  it('field_gte / field_lte bound numbers, dates and timestamps', async () => {
    await check(
      'budgetMinor_gte=1000000',
      seeded.filter((c) => c.budgetMinor >= 1_000_000),
    );
    await check(
      'budgetMinor_gte=1000000&budgetMinor_lte=3000000',
      seeded.filter((c) => c.budgetMinor >= 1_000_000 && c.budgetMinor <= 3_000_000),
    );
    const mid = sortLike(seeded, ['startDate', 'asc'])[15]!.startDate!;
    await check(
      `startDate_gte=${mid}`,
      seeded.filter((c) => c.startDate !== null && c.startDate >= mid),
    );
    await check(
      `startDate_lte=${mid}`,
      seeded.filter((c) => c.startDate !== null && c.startDate <= mid),
    );
    const created = sortLike(seeded, ['createdAt', 'asc'])[20]!.createdAt;
    await check(
      `createdAt_gte=${encodeURIComponent(created)}`,
      seeded.filter((c) => c.createdAt >= created),
    );
  });

  it('field_like is a case-insensitive contains', async () => {
    await check(
      'name_like=SALE',
      seeded.filter((c) => c.name.toLowerCase().includes('sale')),
    );
    await check(
      'name_like=acme%20s',
      seeded.filter((c) => c.name.toLowerCase().includes('acme s')),
    );
  });

  it('field_like treats %, _, ( and \\ as literal text, not patterns', async () => {
    const names = [
      '100% Off',
      '1000 Off',
      'snake_case promo',
      'snakeXcase promo',
      'Promo (beta)',
      'back\\slash deal',
    ];
    const made: Campaign[] = [];
    for (const name of names) made.push((await demo.post<Campaign>('/api/campaigns', { name })).body);
    const named = (name: string) => made.filter((c) => c.name === name);
    const like = async (needle: string, expected: Campaign[]) => {
      const res = await demo.get<Campaign[]>(
        `/api/campaigns?name_like=${encodeURIComponent(needle)}&_end=100`,
      );
      expect(res.status).toBe(200);
      expect(ids(res.body).sort()).toEqual(ids(expected).sort());
    };
    await like('%', named('100% Off'));
    await like('0% o', named('100% Off'));
    await like('_', named('snake_case promo'));
    await like('e_c', named('snake_case promo'));
    await like('(', named('Promo (beta)'));
    await like('(beta)', named('Promo (beta)'));
    await like('\\', named('back\\slash deal'));
    await like('.*', []);
    for (const c of made) await demo.delete(`/api/campaigns/${c.id}`);
  });

  it('q searches the text fields', async () => {
    await check(
      'q=bLaCk',
      seeded.filter((c) => c.name.toLowerCase().includes('black')),
    );
    const customers = await demo.get<Customer[]>('/api/customers?q=acme');
    expect(customers.body.map((c) => c.name).sort()).toEqual(['Acme Outdoor EU', 'Acme Outdoor US']);
    const platforms = await demo.get<{ key: string }[]>('/api/platforms?q=ads');
    expect(platforms.body.map((p) => p.key)).toEqual(['google']);
  });

  it('platforms=key means "contains"; repeated, contains any; _ne, contains none', async () => {
    await check(
      'platforms=meta',
      seeded.filter((c) => c.platforms.includes('meta')),
    );
    await check(
      'platforms=meta&platforms=google',
      seeded.filter((c) => c.platforms.includes('meta') || c.platforms.includes('google')),
    );
    await check(
      'platforms_ne=meta',
      seeded.filter((c) => !c.platforms.includes('meta')),
    );
  });

  it('combines filters with AND, then sorts and pages the result', async () => {
    const expected = sortLike(
      seeded.filter((c) => c.status !== 'draft' && c.platforms.includes('meta')),
      ['name', 'desc'],
    );
    const res = await demo.get<Campaign[]>(
      '/api/campaigns?status_ne=draft&platforms=meta&_sort=name&_order=desc&_end=3',
    );
    expect(ids(res.body)).toEqual(ids(expected).slice(0, 3));
    expect(total(res)).toBe(expected.length);
  });

  it('answers the campaigns table’s filters together: customer, name, platform (contains) and status', async () => {
    const withCustomer = seeded.find((c) => c.customerId !== null && c.platforms.length > 0)!;
    const [platform] = withCustomer.platforms;
    const word = withCustomer.name.split(' ')[0]!.toLowerCase();
    await check(
      `customerId=${withCustomer.customerId}&name_like=${encodeURIComponent(word)}&platforms=${platform}&status=${withCustomer.status}`,
      seeded.filter(
        (c) =>
          c.customerId === withCustomer.customerId &&
          c.name.toLowerCase().includes(word) &&
          c.platforms.includes(platform!) &&
          c.status === withCustomer.status,
      ),
    );
    // Another tenant's customer id filters like an unknown one: nothing matches (no hint it exists).
    const rival = await signedIn(db, 'rival');
    const rivalCustomers = await rival.get<Customer[]>('/api/customers');
    await check(`customerId=${rivalCustomers.body[0]!.id}`, []);
    // Values the table would never send are refused, naming the parameter.
    const unknownPlatform = await demo.get<{ message: string }>('/api/campaigns?platforms=myspace');
    expect(unknownPlatform.status).toBe(400);
    expect(unknownPlatform.body.message).toMatch(/platforms.*"myspace"/);
    const badCustomer = await demo.get<{ message: string }>('/api/campaigns?customerId=42');
    expect(badCustomer.status).toBe(400);
    expect(badCustomer.body.message).toMatch(/customerId/);
  });

  it('id=a&id=b is getMany: exactly those records, all of them even past 10', async () => {
    const wanted = seeded.slice(0, 3);
    const res = await demo.get<Campaign[]>(`/api/campaigns?${wanted.map((c) => `id=${c.id}`).join('&')}`);
    expect(ids(res.body).sort()).toEqual(ids(wanted).sort());
    const twelve = seeded.slice(0, 12);
    const many = await demo.get<Campaign[]>(`/api/campaigns?${twelve.map((c) => `id=${c.id}`).join('&')}`);
    expect(many.body).toHaveLength(12);
    expect(total(many)).toBe(12);
    const upper = await demo.get<Campaign[]>(`/api/campaigns?id=${wanted[0]!.id.toUpperCase()}`);
    expect(ids(upper.body)).toEqual([wanted[0]!.id]);
  });

  it('filters the other resources by their own fields', async () => {
    const bookings = await demo.get<Booking[]>('/api/bookings?status=confirmed&_end=100');
    expect(bookings.body.length).toBeGreaterThan(0);
    expect(bookings.body.every((b) => b.status === 'confirmed')).toBe(true);
    const budgets = await demo.get<Budget[]>('/api/budgets?periodStart_gte=2026-04-01');
    expect(budgets.body.every((b) => b.periodStart >= '2026-04-01')).toBe(true);
    const orgs = await demo.get<Organization[]>('/api/organizations?whiteLabelIsEnabled=false');
    expect(orgs.body.map((o) => o.name)).toEqual(['Demo Agency']);
    const objectives = await demo.get('/api/objectives?id=2&id=4');
    expect(objectives.body).toEqual([
      { id: 2, label: 'Traffic', icon: 'cursor' },
      { id: 4, label: 'Leads', icon: 'funnel' },
    ]);
    const platforms = await demo.get('/api/platforms?id=meta&id=tiktok');
    expect(platforms.body).toEqual([
      { key: 'meta', displayName: 'Meta' },
      { key: 'tiktok', displayName: 'TikTok' },
    ]);
  });
});

describe('campaigns: create, read, update, delete', () => {
  it('creates with defaults and server-set scope (client scope/ids ignored), then reads it back', async () => {
    const me = (await demo.get('/api/auth/user')).body;
    const customer = (await demo.get<Customer[]>('/api/customers')).body[0]!;
    const res = await demo.post<Campaign>('/api/campaigns', {
      name: '  Autumn push  ',
      customerId: customer.id,
      objectiveId: 3,
      platforms: ['meta', 'google', 'meta'],
      startDate: '2026-09-01',
      endDate: '2026-09-30',
      budgetMinor: 250_000,
      currency: 'USD',
      id: '00000000-0000-4000-8000-000000000000',
      accountId: me.currentAccount.id,
      createdAt: '2000-01-01T00:00:00.000Z',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Autumn push',
      accountId: me.currentAccount.id,
      customerId: customer.id,
      objectiveId: 3,
      status: 'draft',
      platforms: ['meta', 'google'],
      startDate: '2026-09-01',
      endDate: '2026-09-30',
      budgetMinor: 250_000,
      currency: 'USD',
    });
    expect(res.body.id).not.toBe('00000000-0000-4000-8000-000000000000');
    expect(res.body.createdAt).not.toBe('2000-01-01T00:00:00.000Z');
    const read = await demo.get<Campaign>(`/api/campaigns/${res.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(res.body);
    const minimal = await demo.post<Campaign>('/api/campaigns', { name: 'Minimal' });
    expect(minimal.body).toMatchObject({
      objectiveId: 1,
      status: 'draft',
      budgetMinor: 0,
      currency: 'EUR',
      platforms: [],
      customerId: null,
      startDate: null,
    });
  });

  it('PATCH changes only the fields sent and bumps updatedAt', async () => {
    const created = (
      await demo.post<Campaign>('/api/campaigns', {
        name: 'Patch me',
        startDate: '2026-01-01',
        endDate: '2026-01-31',
      })
    ).body;
    await new Promise((r) => setTimeout(r, 5));
    const res = await demo.patch<Campaign>(`/api/campaigns/${created.id}`, { name: 'Patched' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...created, name: 'Patched', updatedAt: res.body.updatedAt });
    expect(res.body.updatedAt > created.updatedAt).toBe(true);
    const cleared = await demo.patch<Campaign>(`/api/campaigns/${created.id}`, {
      startDate: null,
      endDate: null,
    });
    expect(cleared.body).toMatchObject({ startDate: null, endDate: null, name: 'Patched' });
    // The whole record sent back (as an edit form might) is fine without its status, which is not writable.
    const { status: _status, ...record } = cleared.body;
    const echoed = await demo.patch<Campaign>(`/api/campaigns/${created.id}`, {
      ...record,
      name: 'Round trip',
    });
    expect(echoed.status).toBe(200);
    expect(echoed.body.name).toBe('Round trip');
  });

  it('DELETE answers with the deleted record; afterwards it is gone', async () => {
    const created = (await demo.post<Campaign>('/api/campaigns', { name: 'Delete me' })).body;
    const res = await demo.delete<Campaign>(`/api/campaigns/${created.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(created);
    expect((await demo.get(`/api/campaigns/${created.id}`)).status).toBe(404);
    expect((await demo.delete(`/api/campaigns/${created.id}`)).status).toBe(404);
  });

  it('refuses references that do not exist, naming the field', async () => {
    const missing = '3f1b0000-0000-4000-8000-00000000abcd';
    const customer = await demo.post('/api/campaigns', { name: 'X', customerId: missing });
    expect(customer.status).toBe(400);
    expect(customer.body).toEqual({
      message: 'customerId: Customer not found',
      validationErrors: { customerId: { message: 'Customer not found' } },
    });
    const objective = await demo.post('/api/campaigns', { name: 'X', objectiveId: 99 });
    expect(objective.status).toBe(400);
    expect(objective.body.validationErrors.objectiveId.message).toBe('Objective not found');
    const platform = await demo.post('/api/campaigns', { name: 'X', platforms: ['meta', 'myspace'] });
    expect(platform.status).toBe(400);
    expect(platform.body.validationErrors.platforms.message).toBe('Unknown platform "myspace"');
    const existing = seeded[0]!;
    const patch = await demo.patch(`/api/campaigns/${existing.id}`, { customerId: missing });
    expect(patch.status).toBe(400);
    expect(patch.body.validationErrors.customerId.message).toBe('Customer not found');
  });

  it('refuses an end date before the start date, also across a PATCH', async () => {
    const bad = await demo.post('/api/campaigns', {
      name: 'X',
      startDate: '2026-05-02',
      endDate: '2026-05-01',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.validationErrors.endDate.message).toBe('must be on or after startDate');
    const sameDay = await demo.post<Campaign>('/api/campaigns', {
      name: 'One day',
      startDate: '2026-05-01',
      endDate: '2026-05-01',
    });
    expect(sameDay.status).toBe(201);
    const patch = await demo.patch(`/api/campaigns/${sameDay.body.id}`, { startDate: '2026-05-02' });
    expect(patch.status).toBe(400);
    expect(patch.body.validationErrors.endDate).toBeDefined();
  });

  it('answers invalid bodies with 400, a message and validationErrors per field', async () => {
    const empty = await demo.post('/api/campaigns', {});
    expect(empty.status).toBe(400);
    expect(empty.body.validationErrors.name.message).toBeTruthy();
    expect(empty.body.message).toMatch(/^name: /);
    const blank = await demo.post('/api/campaigns', { name: '   ' });
    expect(blank.body.validationErrors.name.message).toBe('Enter a campaign name');
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'X', budgetMinor: -1 }, 'budgetMinor'],
      [{ name: 'X', budgetMinor: 1.5 }, 'budgetMinor'],
      [{ name: 'X', budgetMinor: '100' }, 'budgetMinor'],
      [{ name: 'X', currency: 'XYZ' }, 'currency'],
      [{ name: 'X', status: 'launching' }, 'status'],
      [{ name: 'X', startDate: '2026-02-30' }, 'startDate'],
      [{ name: 'X', startDate: '01/02/2026' }, 'startDate'],
      [{ name: 'X', customerId: 'nope' }, 'customerId'],
      [{ name: 'X', platforms: 'meta' }, 'platforms'],
      [{ name: 'x'.repeat(201) }, 'name'],
      [{ name: 42 }, 'name'],
    ];
    for (const [body, field] of cases) {
      const res = await demo.post('/api/campaigns', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.validationErrors), JSON.stringify(body)).toContain(field);
      expect(res.body.message).toContain(field);
    }
    const patch = await demo.patch(`/api/campaigns/${seeded[0]!.id}`, { name: '' });
    expect(patch.status).toBe(400);
    expect(patch.body.validationErrors.name).toBeDefined();
  });

  it('refuses a client-chosen account or organization that is not the session one', async () => {
    const accounts = (await demo.get<Account[]>('/api/accounts')).body;
    const other = accounts.find((a) => a.name === 'Bluebird Coffee')!;
    const res = await demo.post('/api/campaigns', { name: 'Elsewhere', accountId: other.id });
    expect(res.status).toBe(400);
    expect(res.body.validationErrors.accountId.message).toMatch(/session/);
    const patch = await demo.patch(`/api/campaigns/${seeded[0]!.id}`, { organizationId: other.id });
    expect(patch.status).toBe(400);
    const [row] = await db.select().from(t.campaigns).where(eq(t.campaigns.name, 'Elsewhere'));
    expect(row).toBeUndefined();
  });
});

describe('customers, bookings and budgets', () => {
  it('customers: CRUD, an empty name allowed', async () => {
    const created = await demo.post<Customer>('/api/customers', { name: ' Northwind ' });
    expect(created.status).toBe(201);
    expect(created.body.name).toBe('Northwind');
    const unnamed = await demo.post<Customer>('/api/customers', {});
    expect(unnamed.body.name).toBe('');
    const patched = await demo.patch<Customer>(`/api/customers/${created.body.id}`, {
      name: 'Northwind Ltd',
    });
    expect(patched.body.name).toBe('Northwind Ltd');
    expect(patched.body.updatedAt >= created.body.updatedAt).toBe(true);
    expect((await demo.get<Customer>(`/api/customers/${created.body.id}`)).body).toEqual(patched.body);
    expect((await demo.delete(`/api/customers/${unnamed.body.id}`)).status).toBe(200);
    expect((await demo.delete(`/api/customers/${created.body.id}`)).body).toEqual(patched.body);
  });

  it('deleting a customer keeps its campaigns, without the customer', async () => {
    const customer = (await demo.post<Customer>('/api/customers', { name: 'Short-lived' })).body;
    const campaign = (
      await demo.post<Campaign>('/api/campaigns', { name: 'Orphan', customerId: customer.id })
    ).body;
    await demo.delete(`/api/customers/${customer.id}`);
    expect((await demo.get<Campaign>(`/api/campaigns/${campaign.id}`)).body.customerId).toBeNull();
  });

  it('bookings: read-only (they come from plans), listed and filtered', async () => {
    const campaign = seeded[1]!;
    const body = {
      name: 'Homepage takeover',
      campaignId: campaign.id,
      platformKey: 'google',
      startDate: '2026-03-01',
      endDate: '2026-03-15',
      amountMinor: 99_00,
    };
    const created = await demo.post('/api/bookings', body);
    expect(created.status).toBe(405);
    expect(created.headers.get('allow')).toBe('GET, HEAD');
    expect(created.body.message).toMatch(/^Bookings come from a plan's flights/);
    const listed = await demo.get<Booking[]>(`/api/bookings?campaignId=${campaign.id}`);
    expect(listed.status).toBe(200);
    expect(listed.body.length).toBeGreaterThan(0);
    const one = listed.body[0]!;
    expect((await demo.patch(`/api/bookings/${one.id}`, { status: 'confirmed' })).status).toBe(405);
    expect((await demo.delete(`/api/bookings/${one.id}`)).status).toBe(405);
    expect((await demo.get<Booking>(`/api/bookings/${one.id}`)).body).toEqual(one);
  });

  it('budgets: CRUD with a customer reference and period order', async () => {
    const customer = (await demo.get<Customer[]>('/api/customers')).body[1]!;
    const created = await demo.post<Budget>('/api/budgets', {
      name: 'FY27',
      customerId: customer.id,
      periodStart: '2027-01-01',
      periodEnd: '2027-12-31',
      amountMinor: 1_000_000_00,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ customerId: customer.id, periodEnd: '2027-12-31', currency: 'EUR' });
    const reversed = await demo.patch(`/api/budgets/${created.body.id}`, { periodEnd: '2026-12-31' });
    expect(reversed.status).toBe(400);
    expect(reversed.body.validationErrors.periodEnd.message).toBe('must be on or after periodStart');
    const patched = await demo.patch<Budget>(`/api/budgets/${created.body.id}`, {
      amountMinor: 5,
      customerId: null,
    });
    expect(patched.body).toMatchObject({ amountMinor: 5, customerId: null });
    expect((await demo.delete(`/api/budgets/${created.body.id}`)).status).toBe(200);
  });
});

describe('accounts and organizations', () => {
  it('accounts: the current organization’s, and POST creates one in it', async () => {
    const me = (await demo.get('/api/auth/user')).body;
    const list = await demo.get<Account[]>('/api/accounts');
    expect(list.body.map((a) => a.name)).toEqual(['Acme Outdoor', 'Bluebird Coffee', 'Cobalt Fitness']);
    expect(total(list)).toBe(3);
    const created = await demo.post<Account>('/api/accounts', { name: 'Delta Dairy' });
    expect(created.status).toBe(201);
    expect(created.body.organizationId).toBe(me.currentOrganization.id);
    expect(created.body.tenantId).toMatch(/^acc_/);
    const renamed = await demo.patch<Account>(`/api/accounts/${created.body.id}`, { name: 'Delta Dairy Co' });
    expect(renamed.body.name).toBe('Delta Dairy Co');
    expect((await demo.get<Account[]>('/api/accounts?q=delta')).body.map((a) => a.id)).toEqual([
      created.body.id,
    ]);
    expect((await demo.delete(`/api/accounts/${created.body.id}`)).status).toBe(200);
  });

  it('organizations: the user’s memberships; POST creates one with the user as owner and nothing else', async () => {
    const before = await demo.get<Organization[]>('/api/organizations');
    expect(before.body.map((o) => o.name)).toEqual(['Demo Agency']);
    const created = await demo.post<Organization>('/api/organizations', {
      name: 'Second Agency',
      planCode: 'pro',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Second Agency',
      planCode: 'trial',
      whiteLabelIsEnabled: false,
    });
    const after = await demo.get<Organization[]>('/api/organizations?_sort=name');
    expect(after.body.map((o) => o.name)).toEqual(['Demo Agency', 'Second Agency']);
    const [membership] = await db
      .select()
      .from(t.memberships)
      .where(eq(t.memberships.organizationId, created.body.id));
    expect(membership?.role).toBe('owner');
    const accounts = await db.select().from(t.accounts).where(eq(t.accounts.organizationId, created.body.id));
    expect(accounts).toEqual([]);
    // The session stays where it was.
    expect((await demo.get('/api/auth/user')).body.currentOrganization.name).toBe('Demo Agency');
    const renamed = await demo.patch<Organization>(`/api/organizations/${created.body.id}`, {
      name: 'Second Agency Ltd',
      planCode: 'enterprise',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Second Agency Ltd', planCode: 'trial' });
    const del = await demo.delete(`/api/organizations/${created.body.id}`);
    expect(del.status).toBe(405);
    expect(del.body.message).toBe('Organizations cannot be deleted through the data API');
    expect((await demo.get(`/api/organizations/${created.body.id}`)).status).toBe(200);
  });

  it('a new user without an organization lists none, may create one, and has no account yet (409)', async () => {
    const fresh = new Client(testApp(db));
    await fresh.post('/api/auth/signup', { email: 'newbie@flightplan.test', password: 'long-enough' });
    const orgs = await fresh.get('/api/organizations');
    expect(orgs.status).toBe(200);
    expect(orgs.body).toEqual([]);
    expect(orgs.headers.get('x-total-count')).toBe('0');
    const campaigns = await fresh.get('/api/campaigns');
    expect(campaigns.status).toBe(409);
    expect(campaigns.body.errorCode).toBe('ORGANIZATION_REQUIRED');
    expect((await fresh.post('/api/organizations', { name: 'Newbie Inc' })).status).toBe(201);
    expect((await fresh.get<Organization[]>('/api/organizations')).body.map((o) => o.name)).toEqual([
      'Newbie Inc',
    ]);
    expect((await fresh.get('/api/objectives')).status).toBe(200);
  });
});

describe('read-only reference data', () => {
  it('serves objectives and platforms by id', async () => {
    expect((await demo.get('/api/objectives/1')).body).toEqual({
      id: 1,
      label: 'Awareness',
      icon: 'megaphone',
    });
    expect((await demo.get('/api/platforms/tiktok')).body).toEqual({ key: 'tiktok', displayName: 'TikTok' });
    expect((await demo.get('/api/platforms')).headers.get('x-total-count')).toBe('7');
  });

  it('answers writes with 405 and a message', async () => {
    for (const [path, message] of [
      ['/api/objectives', 'Objectives are read-only reference data'],
      ['/api/platforms', 'Platforms are read-only reference data'],
    ] as const) {
      const key = path.endsWith('objectives') ? '1' : 'meta';
      for (const res of [
        await demo.post(path, { label: 'x' }),
        await demo.patch(`${path}/${key}`, { label: 'x' }),
        await demo.delete(`${path}/${key}`),
        await demo.request('PUT', `${path}/${key}`, { label: 'x' }),
      ]) {
        expect(res.status).toBe(405);
        expect(res.body).toEqual({ message });
        expect(res.headers.get('allow')).toBe('GET, HEAD');
      }
    }
    expect((await demo.get('/api/objectives/1')).body.label).toBe('Awareness');
  });
});

describe('request collapsing of identical list reads', () => {
  const text = 'SELECT (SELECT count(*)::int FROM customers) AS n, pg_sleep($1::float8) IS NULL AS slept';

  it('shares a statement among identical reads that arrive before it is sent', async () => {
    const connect = db.$client.connect.bind(db.$client);
    let connections = 0;
    db.$client.connect = (() => {
      connections++;
      return connect();
    }) as typeof db.$client.connect;
    try {
      const results = await Promise.all(
        Array.from({ length: 20 }, () => querySharedRows<{ n: number }>(db, text, [0])),
      );
      expect(new Set(results.map((r) => r[0]!.n)).size).toBe(1);
      expect(connections).toBeLessThan(20);
    } finally {
      db.$client.connect = connect as typeof db.$client.connect;
    }
  });

  it('never answers a read with a statement sent before it arrived: writes committed earlier are seen', async () => {
    const count = async () => (await db.select().from(t.customers)).length;
    const initial = await count();
    const first = querySharedRows<{ n: number }>(db, text, [0.3]);
    await new Promise((r) => setTimeout(r, 100)); // `first` is running in Postgres now
    const [account] = await db.select().from(t.accounts).limit(1);
    await db.insert(t.customers).values({
      organizationId: account!.organizationId,
      accountId: account!.id,
      name: 'Committed meanwhile',
    });
    const second = querySharedRows<{ n: number }>(db, text, [0.3]);
    const third = querySharedRows<{ n: number }>(db, text, [0.3]);
    expect(third).toBe(second);
    expect((await first)[0]!.n).toBe(initial);
    expect((await second)[0]!.n).toBe(initial + 1);
  });

  it('serves the same list to many concurrent callers and stays correct after a create', async () => {
    const lists = await Promise.all(Array.from({ length: 10 }, () => demo.get('/api/campaigns?_sort=name')));
    const totals = new Set(lists.map((l) => l.headers.get('x-total-count')));
    expect(totals.size).toBe(1);
    const before = Number([...totals][0]);
    const created = (await demo.post<Campaign>('/api/campaigns', { name: 'Collapsed' })).body;
    const after = await Promise.all(Array.from({ length: 10 }, () => demo.get('/api/campaigns?_sort=name')));
    for (const res of after) expect(Number(res.headers.get('x-total-count'))).toBe(before + 1);
    await demo.delete(`/api/campaigns/${created.id}`);
  });
});
