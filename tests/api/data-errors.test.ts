import type { Campaign } from '@contract/resources';
import { beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../support/db';
import { signedIn, TestClient, type TestResponse, testApp } from '../support/http';

/** Every bad input to the data provider is a 4xx JSON answer whose message names the problem; never a 500. */

const { db } = await freshDatabase();
let demo: TestClient;
let campaign: Campaign;

beforeAll(async () => {
  demo = await signedIn(db, 'demo');
  campaign = (await demo.get<Campaign[]>('/api/campaigns')).body[0]!;
});

const RESOURCES = [
  'accounts',
  'organizations',
  'customers',
  'campaigns',
  'bookings',
  'budgets',
  'objectives',
  'platforms',
];

function expectError(res: TestResponse<any>, status: number, message: string | RegExp) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/application\/json/);
  if (typeof message === 'string') expect(res.body.message).toBe(message);
  else expect(res.body.message).toMatch(message);
}

describe('unknown resources and methods', () => {
  it('answers an unknown resource with 404 naming it, for every method', async () => {
    for (const res of [
      await demo.get('/api/foo'),
      await demo.get('/api/foo/1'),
      await demo.post('/api/foo', { name: 'x' }),
      await demo.patch('/api/foo/1', { name: 'x' }),
      await demo.delete('/api/foo/1'),
    ]) {
      expectError(res, 404, 'Unknown resource "foo"');
    }
    expectError(await demo.get('/api/__proto__'), 404, 'Unknown resource "__proto__"');
    expectError(await demo.get('/api/constructor'), 404, 'Unknown resource "constructor"');
  });

  it('answers unsupported methods with 405 and an Allow header', async () => {
    const put = await demo.request('PUT', `/api/campaigns/${campaign.id}`, { name: 'x' });
    expectError(put, 405, /PUT is not supported.*use PATCH/);
    expect(put.headers.get('allow')).toBe('GET, HEAD, PATCH, DELETE');
    const postOne = await demo.post(`/api/campaigns/${campaign.id}`, { name: 'x' });
    expectError(postOne, 405, /POST is not supported/);
    const deleteAll = await demo.delete('/api/campaigns');
    expectError(deleteAll, 405, /DELETE is not supported on \/api\/campaigns/);
    expect(deleteAll.headers.get('allow')).toBe('GET, HEAD, POST');
    const patchAll = await demo.patch('/api/customers', { name: 'x' });
    expectError(patchAll, 405, /PATCH is not supported/);
    expectError(
      await demo.delete('/api/organizations/00000000-0000-4000-8000-000000000000'),
      405,
      /cannot be deleted/,
    );
    expect((await demo.get('/api/campaigns')).body).toHaveLength(10);
  });
});

describe('sessions and scope', () => {
  it('answers every resource without a session with 401', async () => {
    const anonymous = new TestClient(testApp(db));
    for (const resource of RESOURCES) {
      expectError(await anonymous.get(`/api/${resource}`), 401, 'Sign in to continue');
      expectError(await anonymous.get(`/api/${resource}/1`), 401, 'Sign in to continue');
      expectError(await anonymous.post(`/api/${resource}`, { name: 'x' }), 401, 'Sign in to continue');
      expectError(await anonymous.delete(`/api/${resource}/1`), 401, 'Sign in to continue');
    }
  });

  it('answers account-scoped resources without a current account with 409', async () => {
    const fresh = new TestClient(testApp(db));
    await fresh.post('/api/auth/signup', { email: 'lost@flightplan.test', password: 'long-enough' });
    for (const resource of ['customers', 'campaigns', 'bookings', 'budgets']) {
      const res = await fresh.get(`/api/${resource}`);
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({
        message: 'Choose an organization first',
        errorCode: 'ORGANIZATION_REQUIRED',
      });
      expect((await fresh.post(`/api/${resource}`, { name: 'x' })).status).toBe(409);
    }
    expect((await fresh.get('/api/accounts')).status).toBe(409);
  });
});

describe('list query errors', () => {
  const bad = async (query: string, message: string | RegExp, resource = 'campaigns') => {
    const res = await demo.get(`/api/${resource}?${query}`);
    expectError(res, 400, message);
    return res;
  };

  it('refuses malformed paging', async () => {
    await bad('_start=abc', '_start must be a whole number of 0 or more, not "abc"');
    await bad('_start=-1', '_start must be a whole number of 0 or more, not "-1"');
    await bad('_end=-5', '_end must be a whole number of 0 or more, not "-5"');
    await bad('_start=1.5', /_start must be a whole number/);
    await bad('_start=', /_start must be a whole number/);
    await bad('_end=1e3', /_end must be a whole number/);
    await bad('_start=20&_end=10', '_end (10) must not be less than _start (20)');
    await bad('_start=0&_end=101', 'A page holds at most 100 rows; _start=0&_end=101 asks for 101');
    await bad('_start=0&_start=10', '_start may appear only once');
    const res = await bad('_end=500', /at most 100 rows/);
    expect(res.body.validationErrors._end.message).toMatch(/at most 100 rows/);
  });

  it('a default page past 100 rows is fine: only its size is limited', async () => {
    const res = await demo.get('/api/campaigns?_start=1000');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it('refuses unknown or unsortable sort fields and bad orders', async () => {
    await bad('_sort=colour', 'Unknown sort field "colour" for campaigns');
    await bad('_sort=name,colour', 'Unknown sort field "colour" for campaigns');
    await bad('_sort=platforms', 'Unknown sort field "platforms" for campaigns');
    await bad('_sort=organizationId', 'Unknown sort field "organizationId" for campaigns');
    await bad('_sort=', 'Unknown sort field "" for campaigns');
    await bad('_sort=name&_order=up', '_order must be asc or desc, not "up"');
    await bad('_order=desc', '_order needs _sort: name the fields to sort by');
    await bad('_sort=name&_order=asc,desc', '_order has more entries than _sort');
    await bad('_sort=position', 'Unknown sort field "position" for objectives', 'objectives');
  });

  it('refuses unknown filter fields, operators and parameters, naming them', async () => {
    const res = await bad('colour=red', 'Unknown filter field "colour" for campaigns');
    expect(res.body.validationErrors).toEqual({
      colour: { message: 'Unknown filter field "colour" for campaigns' },
    });
    await bad(
      'accountId=00000000-0000-4000-8000-000000000000',
      'Unknown filter field "accountId" for campaigns',
    );
    await bad('organizationId=x', 'Unknown filter field "organizationId" for campaigns');
    await bad('colour_like=red', 'Unknown filter field "colour_like" for campaigns');
    await bad(
      'name_gt=a',
      'Unknown filter operator "_gt" in "name_gt": use name, name_ne, name_gte, name_lte or name_like',
    );
    await bad('name_eq=a', /Unknown filter operator "_eq"/);
    await bad('_limit=5', 'Unknown query parameter "_limit"');
    await bad('_page=2', 'Unknown query parameter "_page"');
    await bad('_embed=bookings', 'Unknown query parameter "_embed"');
    await bad('constructor=1', 'Unknown filter field "constructor" for campaigns');
    await bad('__proto__=1', 'Unknown query parameter "__proto__"');
  });

  it("refuses refine's 'or' and 'and' filter operators", async () => {
    await bad('or=name', 'The filter operator "or" is not supported');
    await bad('and=name', 'The filter operator "and" is not supported');
    await bad('_or=x', 'The filter operator "or" is not supported');
    await bad('name_or=x', 'The filter operator "or" is not supported');
  });

  it('refuses operators that do not fit the field type', async () => {
    await bad('customerId_like=abc', 'customerId_like: the like operator applies to text fields only');
    await bad('budgetMinor_like=1', /like operator applies to text fields only/);
    await bad('platforms_like=me', /like operator applies to text fields only/);
    await bad('startDate_like=2026', /like operator applies to text fields only/);
    await bad(
      'id_gte=00000000-0000-4000-8000-000000000000',
      'id_gte: the gte operator does not apply to this field',
    );
    await bad('platforms_lte=meta', /lte operator does not apply/);
    await bad('whiteLabelIsEnabled_gte=true', /gte operator does not apply/, 'organizations');
  });

  it('validates filter values by field type, naming the field', async () => {
    const uuid = await bad(
      'customerId=not-a-uuid',
      'Filter customerId: "not-a-uuid" is not a valid id (a UUID)',
    );
    expect(uuid.body.validationErrors.customerId.message).toBe('Use a valid id (a UUID)');
    await bad('id=123', 'Filter id: "123" is not a valid id (a UUID)');
    await bad(`id=${campaign.id}&id=nope`, 'Filter id: "nope" is not a valid id (a UUID)');
    await bad('objectiveId=abc', 'Filter objectiveId: "abc" is not a whole number');
    await bad('budgetMinor_gte=1.5', 'Filter budgetMinor_gte: "1.5" is not a whole number');
    await bad('budgetMinor_gte=99999999999999999999', /is not a whole number/);
    await bad('startDate=2026-13-01', 'Filter startDate: "2026-13-01" is not a date in the form YYYY-MM-DD');
    await bad('startDate_gte=2026-02-30', /not a date in the form YYYY-MM-DD/);
    await bad('endDate_lte=tomorrow', /not a date in the form YYYY-MM-DD/);
    await bad(
      'createdAt_gte=yesterday',
      'Filter createdAt_gte: "yesterday" is not an ISO 8601 date or date-time',
    );
    await bad('createdAt_gte=2026-01-01T25:00:00Z', /ISO 8601/);
    await bad('status=bogus', /Filter status: "bogus" is not one of draft, launching, scheduled, active/);
    await bad('currency=XYZ', 'Filter currency: "XYZ" is not one of EUR, USD, GBP');
    await bad('platforms=myspace', /Filter platforms: "myspace" is not one of meta, google/);
    await bad(
      'whiteLabelIsEnabled=yes',
      'Filter whiteLabelIsEnabled: "yes" is not true or false',
      'organizations',
    );
    await bad('id=abc', 'Filter id: "abc" is not a whole number', 'objectives');
    await bad(`name_like=${'x'.repeat(201)}`, /at most 200 characters/);
    await bad(`q=${'x'.repeat(201)}`, 'q must be at most 200 characters long');
  });

  it('refuses a getMany of more than 100 ids', async () => {
    const many = Array.from(
      { length: 101 },
      (_, i) => `id=00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    await bad(many.join('&'), 'id may be given at most 100 times');
  });
});

describe('body and id errors', () => {
  it('refuses malformed JSON, non-object JSON and non-JSON bodies', async () => {
    for (const [method, path] of [
      ['POST', '/api/campaigns'],
      ['PATCH', `/api/campaigns/${campaign.id}`],
    ] as const) {
      expectError(await demo.request(method, path, '{"name":'), 400, 'The request body is not valid JSON');
      expectError(await demo.request(method, path, '[1,2]'), 400, 'The request body must be a JSON object');
      expectError(await demo.request(method, path, 'null'), 400, 'The request body must be a JSON object');
      expectError(
        await demo.request(method, path, 'name=x', { 'content-type': 'application/x-www-form-urlencoded' }),
        415,
        'Send the body as JSON (Content-Type: application/json)',
      );
    }
  });

  it('answers a malformed id like a missing one: 404 with the same body', async () => {
    const missing = await demo.get('/api/campaigns/00000000-0000-4000-8000-000000000000');
    expectError(missing, 404, 'Campaign not found');
    for (const path of ['/api/campaigns/nope', '/api/campaigns/1', `/api/campaigns/${campaign.id}x`]) {
      const res = await demo.get(path);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(missing.body);
      expect((await demo.patch(path, { name: 'x' })).body).toEqual(missing.body);
      expect((await demo.delete(path)).body).toEqual(missing.body);
    }
    expectError(await demo.get('/api/objectives/99'), 404, 'Objective not found');
    expectError(await demo.get('/api/objectives/one'), 404, 'Objective not found');
    expectError(await demo.get('/api/platforms/myspace'), 404, 'Platform not found');
    expectError(await demo.get('/api/organizations/nope'), 404, 'Organization not found');
  });

  it('validates PATCH bodies like POST bodies, field by field', async () => {
    for (const [body, field] of [
      [{ status: 'deleting' }, 'status'],
      [{ objectiveId: 'two' }, 'objectiveId'],
      [{ endDate: '2026-02-30' }, 'endDate'],
      [{ platforms: [1] }, 'platforms.0'],
      [{ currency: null }, 'currency'],
    ] as const) {
      const res = await demo.patch(`/api/campaigns/${campaign.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.validationErrors)).toContain(field);
      expect(res.body.message).toContain(field);
    }
    expect((await demo.get<Campaign>(`/api/campaigns/${campaign.id}`)).body).toEqual(campaign);
  });

  it('never answers with a 500, whatever the input', async () => {
    const queries = [
      'name=%00',
      'q=%27%3B%20DROP%20TABLE%20campaigns%3B--',
      'name_like=%5C',
      '_sort=name;DROP',
      '_sort=name%20desc',
      'id[]=1',
      'startDate=0000-00-00',
      'budgetMinor=9223372036854775808',
      'objectiveId=99999999999',
      '_start=999999999999999',
      'createdAt=2026-01-01T00:00:00%2B99:99',
      '%ZZ=1',
    ];
    for (const query of queries) {
      const res = await demo.get(`/api/campaigns?${query}`);
      expect(res.status, `${query} → ${JSON.stringify(res.body)}`).toBeLessThan(500);
      expect(typeof res.body === 'object' && res.body !== null, query).toBe(true);
    }
    const bodies = [
      { name: 'x', budgetMinor: 1e20 },
      { name: 'x', objectiveId: 2 ** 40 },
      { name: 'x', customerId: null, startDate: null },
      { name: '\u0000' },
      { name: 'x', platforms: Array.from({ length: 50 }, () => 'meta') },
      { name: 'x', __proto__: { admin: true } },
    ];
    for (const body of bodies) {
      const res = await demo.post('/api/campaigns', body);
      expect(res.status, `${JSON.stringify(body)} → ${JSON.stringify(res.body)}`).toBeLessThan(500);
    }
  });
});
