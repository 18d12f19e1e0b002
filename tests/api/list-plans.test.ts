import { seedBulkCampaigns } from '@server/seed/seed';
import { beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../support/db';
import { signedIn, TestClient, testApp } from '../support/http';

/**
 * A list without filters runs as a named statement whose plan PostgreSQL reuses after a few runs on a
 * connection, with the page size written into its text (server/data/list.ts). Whatever plan it runs, every
 * page, page size and order answers exactly the rows the database orders that way, and the security
 * headers set before the handler are on every answer.
 */
const { db } = await freshDatabase();
let demo: TestClient;
let accountId: string;

const SORTS = {
  createdAt: 'created_at',
  name: 'name',
  budgetMinor: 'budget_minor',
  startDate: 'start_date',
  status: 'status',
} as const;

beforeAll(async () => {
  demo = await signedIn(db, 'demo');
  const { rows } = await db.$client.query(
    "SELECT last_account_id FROM users WHERE email = 'demo@flightplan.test'",
  );
  accountId = rows[0].last_account_id;
  await seedBulkCampaigns(db, accountId, 300);
});

/** The account's campaign ids in the list's order: the column, NULLs last, then the id the same way. */
async function expectedIds(column: string, order: 'asc' | 'desc'): Promise<string[]> {
  const { rows } = await db.$client.query(
    `SELECT id FROM campaigns WHERE account_id = $1 ORDER BY ${column} ${order} NULLS LAST, id ${order}`,
    [accountId],
  );
  return rows.map((row) => row.id);
}

describe('lists without filters (a reused plan)', () => {
  it('answer every page and page size in every order, asked many times over', async () => {
    for (const [field, column] of Object.entries(SORTS)) {
      for (const order of ['asc', 'desc'] as const) {
        const all = await expectedIds(column, order);
        // More runs than PostgreSQL's five before it switches a named statement to a reused plan, with
        // page sizes that must not share one statement text.
        const pages = [
          [0, 10],
          [10, 20],
          [0, 5],
          [200, 210],
          [0, 25],
          [295, 305],
          [40, 41],
          [0, 10],
          [150, 250],
          [all.length, all.length + 10],
        ];
        for (const [start, end] of pages) {
          const res = await demo.get(
            `/api/campaigns?_start=${start}&_end=${end}&_sort=${field}&_order=${order}`,
          );
          expect(res.status).toBe(200);
          expect(Number(res.headers.get('x-total-count'))).toBe(all.length);
          expect(res.body.map((row: { id: string }) => row.id)).toEqual(all.slice(start, end));
        }
      }
    }
  });

  it('answer the default order (newest first: createdAt descending) the same way', async () => {
    const all = await expectedIds('created_at', 'desc');
    for (let i = 0; i < 7; i++) {
      const res = await demo.get(`/api/campaigns?_start=${i * 10}&_end=${i * 10 + 10}`);
      expect(res.body.map((row: { id: string }) => row.id)).toEqual(all.slice(i * 10, i * 10 + 10));
    }
  });
});

describe('security headers set before the handler', () => {
  it('are on a list, on a 400 about its query, on a 401 and on a route without a session', async () => {
    const anonymous = new TestClient(testApp(db));
    const answers = [
      await demo.get('/api/campaigns?_start=0&_end=10&_sort=name'),
      await demo.get('/api/campaigns?_sort=nope'),
      await anonymous.get('/api/campaigns'),
      await anonymous.get('/api/health'),
    ];
    expect(answers.map((res) => res.status)).toEqual([200, 400, 401, 200]);
    for (const res of answers) {
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('cache-control')).toBe('private, no-store');
    }
  });
});
