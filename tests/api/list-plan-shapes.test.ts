import { prepareList } from '@server/data/list';
import { resourceNamed } from '@server/data/resources';
import { seedBulkCampaigns } from '@server/seed/seed';
import { beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../support/db';
import { signedIn, type TestClient } from '../support/http';

/**
 * The plans the filtered lists were built for (docs/list-performance.md, "Fourth round"), read with
 * EXPLAIN on a table big enough for the planner to care: a single budget bound runs as one reused plan
 * that walks indexes only (the sort indexes carry status and budget, migration 0021), and a
 * contains-search reads the table's matching rows once for both its total and its page.
 */
const { db } = await freshDatabase();
const campaigns = resourceNamed('campaigns')!;
let demo: TestClient;
let scope: { userId: string; accountId: string; organizationId: string };

beforeAll(async () => {
  demo = await signedIn(db, 'demo');
  const { rows } = await db.$client.query(
    `SELECT u.id AS user_id, a.id AS account_id, a.organization_id
       FROM users u JOIN accounts a ON a.id = u.last_account_id WHERE u.email = 'demo@flightplan.test'`,
  );
  scope = { userId: rows[0].user_id, accountId: rows[0].account_id, organizationId: rows[0].organization_id };
  await seedBulkCampaigns(db, scope.accountId, 3000);
  await db.$client.query('VACUUM (ANALYZE) campaigns');
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}
const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];

/** The plan PostgreSQL runs for a list query string: its generic (reused) plan, or one made for the values. */
async function planOf(query: string, mode: 'force_generic_plan' | 'force_custom_plan'): Promise<PlanNode[]> {
  const { text, params, slots } = prepareList(campaigns, query);
  const values = params.slice();
  for (const [index, key] of slots) values[index] = scope[key as keyof typeof scope];
  const client = await db.$client.connect();
  try {
    await client.query(`SET plan_cache_mode = ${mode}`);
    await client.query(`PREPARE plan_shape AS ${text}`);
    const args = values.map((value) => client.escapeLiteral(String(value))).join(', ');
    const { rows } = await client.query(`EXPLAIN (FORMAT JSON) EXECUTE plan_shape(${args})`);
    return nodes(rows[0]['QUERY PLAN'][0].Plan);
  } finally {
    await client.query('DEALLOCATE plan_shape');
    await client.query('RESET plan_cache_mode');
    client.release();
  }
}

const campaignScans = (plan: PlanNode[]) =>
  plan
    .filter((node) => node['Relation Name'] === 'campaigns' && node['Index Name'] !== 'campaigns_pkey')
    .map((node) => `${node['Node Type']}${node['Index Name'] ? ` ${node['Index Name']}` : ''}`);

describe('a single budget bound', () => {
  it('runs one reused plan that reads only indexes for its total and its page, in every sort', async () => {
    for (const sort of ['name', 'createdAt', 'startDate', 'status', 'budgetMinor']) {
      const plan = await planOf(
        `_start=1500&_end=1510&_sort=${sort}&_order=desc&budgetMinor_gte=1000000`,
        'force_generic_plan',
      );
      for (const scan of campaignScans(plan))
        expect({ sort, scan }).toEqual({ sort, scan: expect.stringMatching(/^Index Only Scan /) });
    }
  });

  it('answers a bound above every budget with no rows and a total of 0, after the plan is reused', async () => {
    for (let i = 0; i < 7; i++) {
      const res = await demo.get(`/api/campaigns?_sort=name&budgetMinor_gte=${999_999_999_999 + i}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual([]);
      expect(res.headers.get('x-total-count')).toBe('0');
    }
  });
});

describe('a contains-search', () => {
  it('reads the table for its matches once, for a short and a long fragment', async () => {
    for (const fragment of ['er', 'sale']) {
      const plan = await planOf(
        `_start=200&_end=210&_sort=startDate&name_like=${fragment}`,
        'force_custom_plan',
      );
      expect({ fragment, scans: campaignScans(plan).length }).toEqual({ fragment, scans: 1 });
    }
  });

  it('pages through the matches in every sort, a sort key named twice included', async () => {
    for (const [sort, order] of [
      ['name,name', 'name ASC, id ASC'],
      ['startDate', 'start_date ASC NULLS LAST, id ASC'],
      ['budgetMinor,createdAt', 'budget_minor ASC, created_at ASC, id ASC'],
    ]) {
      const { rows } = await db.$client.query(
        `SELECT id FROM campaigns WHERE account_id = $1 AND name ILIKE '%sale%' AND status <> 'draft' ORDER BY ${order}`,
        [scope.accountId],
      );
      const expected = rows.map((row) => row.id);
      for (const start of [0, 30, expected.length - 5]) {
        const res = await demo.get(
          `/api/campaigns?_start=${start}&_end=${start + 10}&_sort=${sort}&name_like=sale&status_ne=draft`,
        );
        expect(res.status).toBe(200);
        expect(res.body.map((row: { id: string }) => row.id)).toEqual(expected.slice(start, start + 10));
        expect(Number(res.headers.get('x-total-count'))).toBe(expected.length);
      }
    }
  });
});
