import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, type TestDatabase } from '../support/db';

/**
 * `campaign_counts` answers the campaigns list's total (server/data/list.ts). It must equal a count of the
 * rows after any mix of inserts, status changes, moves between accounts and deletes, one row or many per
 * statement, committed or rolled back.
 */
let t: TestDatabase;
let accounts: { id: string; organizationId: string }[];

beforeAll(async () => {
  t = await freshDatabase();
  const { rows } = await t.db.$client.query('SELECT id, organization_id FROM accounts ORDER BY id LIMIT 2');
  accounts = rows.map((row) => ({ id: row.id, organizationId: row.organization_id }));
});

const STATUSES = ['draft', 'active', 'paused', 'completed'] as const;

async function mismatches() {
  const { rows } = await t.db.$client.query(`
    SELECT coalesce(c.account_id, k.account_id) AS account_id, coalesce(c.status, k.status) AS status,
           coalesce(c.n, 0) AS actual, coalesce(k.count, 0) AS kept
    FROM (SELECT account_id, status, count(*)::int AS n FROM campaigns GROUP BY 1, 2) c
    FULL JOIN campaign_counts k ON k.account_id = c.account_id AND k.status = c.status
    WHERE coalesce(c.n, 0) <> coalesce(k.count, 0)`);
  return rows;
}

describe('campaign_counts', () => {
  it('matches the campaigns after any mix of writes', async () => {
    expect(await mismatches()).toEqual([]);
    const operation = fc.oneof(
      fc.record({
        kind: fc.constant('insert' as const),
        n: fc.integer({ min: 1, max: 5 }),
        account: fc.nat(1),
        status: fc.constantFrom(...STATUSES),
      }),
      fc.record({
        kind: fc.constant('status' as const),
        status: fc.constantFrom(...STATUSES),
        pick: fc.nat(9),
      }),
      fc.record({ kind: fc.constant('move' as const), account: fc.nat(1), pick: fc.nat(9) }),
      fc.record({ kind: fc.constant('delete' as const), pick: fc.nat(9) }),
      fc.record({ kind: fc.constant('rolledBack' as const), status: fc.constantFrom(...STATUSES) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 8 }), async (operations) => {
        for (const op of operations) {
          const sample = `SELECT id FROM campaigns WHERE name LIKE 'Count %' ORDER BY id OFFSET $1 LIMIT 3`;
          if (op.kind === 'insert') {
            const account = accounts[op.account]!;
            await t.db.$client.query(
              `INSERT INTO campaigns (organization_id, account_id, objective_id, name, status)
               SELECT $1, $2, 1, 'Count ' || g, $3 FROM generate_series(1, $4) g`,
              [account.organizationId, account.id, op.status, op.n],
            );
          } else if (op.kind === 'status') {
            await t.db.$client.query(`UPDATE campaigns SET status = $2 WHERE id IN (${sample})`, [
              op.pick,
              op.status,
            ]);
          } else if (op.kind === 'move') {
            const account = accounts[op.account]!;
            await t.db.$client.query(
              `UPDATE campaigns SET account_id = $1, organization_id = $2 WHERE id IN (${sample.replace('$1', '$3')})`,
              [account.id, account.organizationId, op.pick],
            );
          } else if (op.kind === 'delete') {
            await t.db.$client.query(`DELETE FROM campaigns WHERE id IN (${sample})`, [op.pick]);
          } else {
            const client = await t.db.$client.connect();
            try {
              await client.query('BEGIN');
              await client.query(`UPDATE campaigns SET status = $1 WHERE name LIKE 'Count %'`, [op.status]);
              await client.query('ROLLBACK');
            } finally {
              client.release();
            }
          }
        }
        expect(await mismatches()).toEqual([]);
      }),
      { numRuns: 25 },
    );
  });
});
