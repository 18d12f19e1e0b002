import { readConfig, selectAdapters } from '@server/config';
import * as t from '@server/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freshDatabase } from '../support/db';
import { signedIn, TestClient, testApp } from '../support/http';

const { db } = await freshDatabase();
let demo: TestClient;
let demoUser: { id: string; currentOrganization: { id: string } };
const logged = vi.spyOn(console, 'error').mockImplementation(() => {});

beforeAll(async () => {
  demo = await signedIn(db, 'demo');
  demoUser = (await demo.get('/api/auth/user')).body;
});
afterAll(() => logged.mockRestore());

const REPORT = {
  message: 'Cannot read properties of undefined (reading "name")',
  stack:
    'TypeError: Cannot read properties of undefined\n    at CampaignRow (campaigns.tsx:12:5)\n    at render',
  url: 'http://localhost/campaigns?page=2',
  status: 500,
  componentStack: '\n    at CampaignRow\n    at CampaignsTable',
};

describe('POST /api/client-errors', () => {
  it('stores the report with the user and organization, and logs one line', async () => {
    logged.mockClear();
    const res = await demo.post('/api/client-errors', REPORT, { 'user-agent': 'TestBrowser/1.0' });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ received: true });
    const [row] = await db.select().from(t.clientErrors).where(eq(t.clientErrors.message, REPORT.message));
    expect(row).toMatchObject({
      ...REPORT,
      userId: demoUser.id,
      organizationId: demoUser.currentOrganization.id,
      userAgent: 'TestBrowser/1.0',
    });
    expect(logged).toHaveBeenCalledTimes(1);
    const line = String(logged.mock.calls[0]![0]);
    expect(line).not.toContain('\n');
    expect(line).toContain(REPORT.message.replaceAll('"', '\\"'));
    expect(line).toContain('at CampaignRow (campaigns.tsx:12:5)');
  });

  it('works signed out, and through sendBeacon (text/plain)', async () => {
    const anonymous = new TestClient(testApp(db));
    const res = await anonymous.post('/api/client-errors', {
      message: 'signed-out boom',
      url: '/auth/login',
    });
    expect(res.status).toBe(202);
    const beacon = await anonymous.post(
      '/api/client-errors',
      JSON.stringify({ message: 'beacon boom', url: '/x', userAgent: 'Beacon/2' }),
      { 'content-type': 'text/plain;charset=UTF-8' },
    );
    expect(beacon.status).toBe(202);
    const rows = await db.select().from(t.clientErrors);
    expect(rows.find((r) => r.message === 'signed-out boom')).toMatchObject({
      userId: null,
      organizationId: null,
    });
    expect(rows.find((r) => r.message === 'beacon boom')).toMatchObject({ userAgent: 'Beacon/2' });
  });

  it('caps long fields and replaces characters Postgres cannot store', async () => {
    const res = await demo.post('/api/client-errors', {
      message: `nul\u0000byte ${'m'.repeat(3000)}`,
      url: '/long',
      stack: 's'.repeat(9000),
    });
    expect(res.status).toBe(202);
    const [row] = await db.select().from(t.clientErrors).where(eq(t.clientErrors.url, '/long'));
    expect(row!.message).toHaveLength(2000);
    expect(row!.message.startsWith('nul\uFFFDbyte')).toBe(true);
    expect(row!.stack).toHaveLength(8000);
  });

  it('refuses a body over 16 KB with 413, and a report without message or url with 400', async () => {
    const big = await demo.post('/api/client-errors', {
      message: 'x',
      url: '/',
      stack: 'y'.repeat(17 * 1024),
    });
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('The error report must be 16 KB or smaller');
    const empty = await demo.post('/api/client-errors', {});
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.body.validationErrors)).toEqual(['message', 'url']);
    const badStatus = await demo.post('/api/client-errors', { message: 'x', url: '/', status: 'teapot' });
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.validationErrors.status.message).toBe('status must be an HTTP status number');
  });

  it('throttles a flood from one session with 429', async () => {
    const looping = await signedIn(db, 'rival');
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) {
      statuses.push((await looping.post('/api/client-errors', { message: `loop ${i}`, url: '/' })).status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 202)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
    const blocked = await looping.post('/api/client-errors', { message: 'again', url: '/' });
    expect(blocked.body.errorCode).toBe('THROTTLED');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    const stored = await db.select().from(t.clientErrors);
    expect(stored.filter((r) => r.message.startsWith('loop ')).length).toBe(30);
    // Another session is not affected.
    expect((await demo.post('/api/client-errors', { message: 'other', url: '/' })).status).toBe(202);
  });
});

describe('POST /api/events', () => {
  it('stores a page view with the session user and organization', async () => {
    const res = await demo.post('/api/events', {
      type: 'page',
      name: '/campaigns',
      properties: { search: '?page=2', title: 'Flightplan' },
      anonymousId: 'aid-123',
    });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ received: true });
    const [row] = await db
      .select()
      .from(t.analyticsEvents)
      .where(eq(t.analyticsEvents.anonymousId, 'aid-123'));
    expect(row).toMatchObject({
      type: 'page',
      name: '/campaigns',
      properties: { search: '?page=2', title: 'Flightplan' },
      userId: demoUser.id,
      organizationId: demoUser.currentOrganization.id,
    });
    expect(Date.now() - row!.occurredAt.getTime()).toBeLessThan(60_000);
  });

  it('takes identify and group ids from the session, and page views signed out', async () => {
    expect((await demo.post('/api/events', { type: 'identify', anonymousId: 'aid-ident' })).status).toBe(202);
    const [identify] = await db
      .select()
      .from(t.analyticsEvents)
      .where(eq(t.analyticsEvents.anonymousId, 'aid-ident'));
    expect(identify).toMatchObject({ type: 'identify', userId: demoUser.id, name: null, properties: {} });

    const anonymous = new TestClient(testApp(db));
    expect(
      (await anonymous.post('/api/events', { type: 'page', name: '/auth/login', anonymousId: 'aid-anon' }))
        .status,
    ).toBe(202);
    const [page] = await db
      .select()
      .from(t.analyticsEvents)
      .where(eq(t.analyticsEvents.anonymousId, 'aid-anon'));
    expect(page).toMatchObject({ userId: null, organizationId: null, name: '/auth/login' });
  });

  it('refuses an unknown type, oversized or non-object properties with 400', async () => {
    const count = (await db.select().from(t.analyticsEvents)).length;
    const badType = await demo.post('/api/events', { type: 'track', name: 'x' });
    expect(badType.status).toBe(400);
    expect(badType.body.validationErrors.type.message).toBe('type must be one of page, identify, group');
    expect((await demo.post('/api/events', {})).status).toBe(400);
    const big = await demo.post('/api/events', { type: 'page', properties: { blob: 'x'.repeat(9000) } });
    expect(big.status).toBe(400);
    expect(big.body.validationErrors.properties.message).toBe('Keep properties to 8 KB or less');
    const list = await demo.post('/api/events', { type: 'page', properties: [1, 2] });
    expect(list.body.validationErrors.properties.message).toBe('properties must be an object');
    const nul = await demo.post('/api/events', { type: 'page', properties: { a: 'x\u0000y' } });
    expect(nul.status).toBe(400);
    expect((await db.select().from(t.analyticsEvents)).length).toBe(count);
  });

  it('chooses the adapter from ANALYTICS_PROVIDER and fails clearly on an unknown one', () => {
    const analytics = (env: NodeJS.ProcessEnv) => selectAdapters(readConfig(env)).analytics;
    expect(analytics({})({ db }).name).toBe('database');
    expect(analytics({ ANALYTICS_PROVIDER: 'none' })({ db }).name).toBe('none');
    expect(() => analytics({ ANALYTICS_PROVIDER: 'segment' })).toThrow(
      'ANALYTICS_PROVIDER must be one of database, none; got "segment"',
    );
  });
});
