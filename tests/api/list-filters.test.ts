import { likeContains } from '@server/data/list';
import { seedBulkCampaigns } from '@server/seed/seed';
import { beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../support/db';
import { signedIn, type TestClient } from '../support/http';

/**
 * The filtered lists take cheaper paths (server/data/list.ts, docs/list-performance.md "Third round"):
 * a name fragment shorter than a trigram compares the stored lower(name), a single budget or date bound
 * counts its total in its index's order, a single status runs as a reused plan. Each must answer exactly
 * what the plain statement answers: `name ILIKE` the literal text, the count of every matching row.
 */
const { db } = await freshDatabase();
let demo: TestClient;
let accountId: string;

const NAMES = [
  'Ärger im Büro',
  'ärger klein',
  'STRASSE Sale',
  'Strasse',
  'straße',
  '50% off',
  '50 off',
  'a_b',
  'axb',
  'back\\slash',
  'Ho Ho Ho',
  'hö hö',
  'ÖL',
];

beforeAll(async () => {
  demo = await signedIn(db, 'demo');
  const { rows } = await db.$client.query(
    "SELECT last_account_id FROM users WHERE email = 'demo@flightplan.test'",
  );
  accountId = rows[0].last_account_id;
  await seedBulkCampaigns(db, accountId, 200);
  // Renamed after they were written: the folded copy must follow an UPDATE as well as an INSERT.
  await db.$client.query(
    `UPDATE campaigns c SET name = n.name
       FROM (SELECT id, row_number() OVER (ORDER BY id) AS i FROM campaigns WHERE account_id = $1) r,
            unnest($2::text[]) WITH ORDINALITY AS n(name, i)
      WHERE c.id = r.id AND r.i = n.i`,
    [accountId, NAMES],
  );
  // Another tenant's campaign that matches every fragment: never in a result.
  await db.$client.query(
    `UPDATE campaigns SET name = 'Ärger STRASSE 50% a_b back\\slash Ho hö ÖL'
      WHERE id = (SELECT id FROM campaigns WHERE account_id <> $1 LIMIT 1)`,
    [accountId],
  );
});

async function reference(where: string, values: unknown[], order = 'name ASC, id ASC') {
  const { rows } = await db.$client.query(
    `SELECT id FROM campaigns WHERE account_id = $1 AND ${where} ORDER BY ${order}`,
    [accountId, ...values],
  );
  return rows.map((row) => row.id as string);
}

async function list(query: string) {
  const res = await demo.get(`/api/campaigns?${query}`);
  expect(res.status).toBe(200);
  return {
    ids: res.body.map((row: { id: string }) => row.id),
    total: Number(res.headers.get('x-total-count')),
  };
}

const namesOf = async (ids: string[]) => {
  const { rows } = await db.$client.query('SELECT name FROM campaigns WHERE id = ANY($1) ORDER BY name', [
    ids,
  ]);
  return rows.map((row) => row.name as string);
};

describe('name_like and q: case-insensitive contains of the literal text', () => {
  it('match what ILIKE matches, for short and long, mixed-case, non-ASCII and pattern-character fragments', async () => {
    const fragments = [
      'er',
      'ÄR',
      'är',
      'ss',
      'SS',
      'ß',
      '%',
      '_',
      '\\',
      '50%',
      'a_',
      'ho',
      'HO',
      'ö',
      'Ö',
      'x',
      'strasse',
      'Ärger',
      '50% off',
    ];
    for (const fragment of fragments) {
      const expected = await reference("name ILIKE $2 ESCAPE '\\'", [likeContains(fragment)]);
      for (const param of ['name_like', 'q']) {
        const query = new URLSearchParams({ _start: '0', _end: '100', _sort: 'name', [param]: fragment });
        const answer = await list(query.toString());
        expect({ fragment, param, ...answer }).toEqual({
          fragment,
          param,
          ids: expected.slice(0, 100),
          total: expected.length,
        });
      }
    }
  });

  it('treat %, _ and \\ as literal characters and ignore ASCII case', async () => {
    const names = async (fragment: string) =>
      namesOf((await list(new URLSearchParams({ _end: '100', name_like: fragment }).toString())).ids);
    expect(await names('%')).toEqual(['50% off']);
    expect(await names('_')).toEqual(['a_b']);
    expect(await names('\\')).toEqual(['back\\slash']);
    expect(await names('ss')).toEqual(['STRASSE Sale', 'Strasse']);
    expect(await names('sS')).toEqual(['STRASSE Sale', 'Strasse']);
  });

  it('find a campaign by its new name once renamed', async () => {
    const [id] = await reference("name = 'axb'", []);
    await db.$client.query("UPDATE campaigns SET name = 'Zq renamed' WHERE id = $1", [id]);
    expect((await list('name_like=zQ')).ids).toEqual([id]);
    expect((await list('name_like=xb')).ids).toEqual([]);
  });
});

describe('a single budget or date bound', () => {
  it('answers the count of every matching row and the page, in every sort, asked many times', async () => {
    const bounds = [
      ['budgetMinor_gte', 'budget_minor >= $2', 50_000],
      ['budgetMinor_gte', 'budget_minor >= $2', 3_000_000],
      ['budgetMinor_lte', 'budget_minor <= $2', 1_000_000],
      ['startDate_lte', 'start_date <= $2', new Date().toISOString().slice(0, 10)],
      ['startDate_gte', 'start_date >= $2', new Date().toISOString().slice(0, 10)],
    ] as const;
    for (const [param, where, value] of bounds) {
      for (const [sort, column] of [
        ['name', 'name'],
        ['budgetMinor', 'budget_minor'],
        ['createdAt', 'created_at'],
      ]) {
        const expected = await reference(where, [value], `${column} DESC NULLS LAST, id DESC`);
        expect(expected.length).toBeGreaterThan(0);
        for (const start of [0, 10, 40, 0, 10, 40, 0]) {
          const answer = await list(
            `_start=${start}&_end=${start + 10}&_sort=${sort}&_order=desc&${param}=${value}`,
          );
          expect(answer).toEqual({ ids: expected.slice(start, start + 10), total: expected.length });
        }
      }
    }
  });
});

describe('a single status (a reused plan per status and sort)', () => {
  it('answers every page of every status, asked more often than PostgreSQL switches to a reused plan', async () => {
    for (const status of ['draft', 'completed', 'active']) {
      const expected = await reference('status = $2', [status], 'budget_minor ASC, id ASC');
      for (const start of [0, 10, 20, 0, 30, 150, 10, 0]) {
        const answer = await list(`_start=${start}&_end=${start + 10}&_sort=budgetMinor&status=${status}`);
        expect(answer).toEqual({ ids: expected.slice(start, start + 10), total: expected.length });
      }
    }
    const either = await reference('status = ANY($2)', [['draft', 'active']], 'created_at DESC, id DESC');
    expect(await list('_start=0&_end=100&status=draft&status=active')).toEqual({
      ids: either.slice(0, 100),
      total: either.length,
    });
  });

  it('still refuses a status outside the set with a 400 naming it', async () => {
    const res = await demo.get("/api/campaigns?status=active'--");
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('status');
  });
});
