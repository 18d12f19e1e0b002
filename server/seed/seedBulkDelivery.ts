/**
 * The reports' benchmark account (`npm run seed -- --delivery`): 10 000 campaigns delivering on all seven
 * platforms every day of the last year, from the sandbox's own delivery model, written with COPY FROM STDIN
 * (a bulk load, not 25 million upserts). The rollups are deferred during the load and rebuilt once.
 */
import { once } from 'node:events';
import { PLATFORMS } from '@contract/reference';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database } from '../db/connect';
import { rebuildPlatformRollup, rebuildRollups } from '../delivery/store';
import { deliveryDays } from '../platforms/sandbox/delivery';
import { type BulkCampaign, BulkDeliveryRollups, type BulkDeliveryRow } from './bulkDeliveryRollups';
import { DEMO_EMAIL, random } from './seed';

export interface BulkDeliveryOptions {
  /** Reuse this account (its campaigns stay; new ones are added). Default: a new account in the demo organization. */
  accountId?: string;
  campaigns?: number;
  /** Days of delivery, ending yesterday. */
  days?: number;
  /** The platforms' today (YYYY-MM-DD); default: today (UTC). */
  asOf?: string;
  log?: (line: string) => void;
}

export interface BulkDeliveryResult {
  accountId: string;
  campaigns: number;
  rows: number;
  seconds: number;
}

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
// Most of an agency's campaigns run in its home currency; a few in others (the report's currency switch).
const CURRENCY_MIX = ['EUR', 'EUR', 'EUR', 'EUR', 'EUR', 'EUR', 'EUR', 'EUR', 'USD', 'GBP'] as const;
const CUSTOMERS = 40;
const BUDGETS = 100;

export async function seedBulkDelivery(
  db: Database,
  options: BulkDeliveryOptions = {},
): Promise<BulkDeliveryResult> {
  const started = performance.now();
  const count = options.campaigns ?? 10_000;
  const days = options.days ?? 365;
  const asOf = options.asOf ?? isoDay(Date.now());
  const log = options.log ?? (() => {});
  const firstDay = isoDay(Date.parse(`${asOf}T00:00:00Z`) - days * DAY_MS);
  const lastDay = isoDay(Date.parse(`${asOf}T00:00:00Z`) - DAY_MS);
  const rnd = random(count * 31 + days);

  const client = await db.$client.connect();
  try {
    const q = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
      (await client.query(text, values)).rows as T[];
    let accountId = options.accountId;
    let organizationId: string;
    if (accountId) {
      const [account] = await q<{ organization_id: string }>(
        'SELECT organization_id FROM accounts WHERE id = $1',
        [accountId],
      );
      if (!account) throw new Error(`No account with id ${accountId}`);
      organizationId = account.organization_id;
    } else {
      const [demo] = await q<{ organization_id: string }>(
        'SELECT m.organization_id FROM users u JOIN memberships m ON m.user_id = u.id WHERE u.email = $1 LIMIT 1',
        [DEMO_EMAIL],
      );
      if (!demo) throw new Error('Seed the demo data first (npm run seed).');
      organizationId = demo.organization_id;
      const [account] = await q<{ id: string }>(
        'INSERT INTO accounts (organization_id, name) VALUES ($1, $2) RETURNING id',
        [organizationId, `Delivery benchmark (${count} campaigns)`],
      );
      accountId = account!.id;
    }

    const customerIds = (
      await q<{ id: string }>(
        `INSERT INTO customers (organization_id, account_id, name)
         SELECT $1, $2, 'Bulk customer ' || i FROM generate_series(1, $3) i RETURNING id`,
        [organizationId, accountId, CUSTOMERS],
      )
    ).map((row) => row.id);
    const budgetIds = (
      await q<{ id: string }>(
        `INSERT INTO budgets (organization_id, account_id, customer_id, name, period_start, period_end, amount_minor, currency)
         SELECT $1, $2, ($3::uuid[])[1 + (i % $4)], 'Bulk budget ' || i, $5, $6, 500000000, 'EUR'
         FROM generate_series(1, $7) i RETURNING id`,
        [organizationId, accountId, customerIds, CUSTOMERS, firstDay, lastDay, BUDGETS],
      )
    ).map((row) => row.id);

    const platformKeys = PLATFORMS.map((platform) => platform.key);
    const campaigns: (BulkCampaign & { objectiveId: number })[] = [];
    for (let offset = 0; offset < count; offset += 1000) {
      const size = Math.min(1000, count - offset);
      const rows = Array.from({ length: size }, (_, i) => {
        const currency = rnd.pick(CURRENCY_MIX);
        return {
          name: `Delivery #${offset + i + 1} ${rnd.pick(['Spring', 'Summer', 'Always-on', 'Launch', 'Retargeting', 'Brand'])}`,
          customer: rnd.next() < 0.05 ? null : rnd.pick(customerIds),
          objective: rnd.int(1, 6),
          status: rnd.pick(['active', 'active', 'paused', 'completed'] as const),
          currency,
          budget: currency === 'EUR' ? rnd.pick(budgetIds) : null,
        };
      });
      const inserted = await q<{
        id: string;
        objective_id: number;
        currency: string;
        customer_id: string | null;
      }>(
        `INSERT INTO campaigns (organization_id, account_id, customer_id, objective_id, name, status, start_date, end_date,
           budget_minor, currency, platforms, budget_id)
         SELECT $1, $2, t.customer, t.objective, t.name, t.status, $3, $4, 0, t.currency, $5, t.budget
         FROM unnest($6::uuid[], $7::int[], $8::text[], $9::text[], $10::text[], $11::uuid[])
           AS t(customer, objective, name, status, currency, budget)
         RETURNING id, objective_id, currency, customer_id`,
        [
          organizationId,
          accountId,
          firstDay,
          lastDay,
          platformKeys,
          rows.map((row) => row.customer),
          rows.map((row) => row.objective),
          rows.map((row) => row.name),
          rows.map((row) => row.status),
          rows.map((row) => row.currency),
          rows.map((row) => row.budget),
        ],
      );
      campaigns.push(
        ...inserted.map((row) => ({
          id: row.id,
          objectiveId: row.objective_id,
          currency: row.currency,
          customerId: row.customer_id,
        })),
      );
    }
    log(`${count} campaigns, ${CUSTOMERS} customers, ${BUDGETS} budgets in account ${accountId}`);

    // A fresh account's rollups are computed while its rows are generated; rows the account had before
    // would be missing from them, so an account that already delivered is rebuilt from the table instead.
    const [existing] = await q<{ any: boolean }>(
      'SELECT EXISTS (SELECT 1 FROM delivery_rollup_daily WHERE account_id = $1) AS any',
      [accountId],
    );
    const rollups = existing?.any ? null : new BulkDeliveryRollups(accountId);
    // The running totals go through a second connection at the same time: one connection runs one COPY.
    const totalsClient = rollups ? await db.$client.connect() : null;
    let rows = 0;
    try {
      const [role] = await q<{ rolsuper: boolean }>(
        'SELECT rolsuper FROM pg_roles WHERE rolname = current_user',
      );
      for (const session of totalsClient ? [client, totalsClient] : [client]) {
        await session.query('BEGIN');
        await drizzle(session).execute(sql`SELECT set_config('flightplan.rollups', 'deferred', true)`);
        // A superuser can skip every trigger during the load: the foreign-key checks (queued per row, three
        // per row, they cost more than the COPY) and the rollup triggers' transition table. The rows
        // reference campaigns and the account created just above.
        if (role?.rolsuper) await session.query('SET LOCAL session_replication_role = replica');
      }
      // Built once after the load instead of row by row during it.
      await client.query('DROP INDEX IF EXISTS delivery_daily_account_date_idx');
      const copy = copyInto(
        client,
        'delivery_daily (account_id, campaign_id, platform_key, date, impressions, reach, clicks, spend_minor, conversions)',
      );
      const totals = totalsClient
        ? copyInto(
            totalsClient,
            'delivery_campaign_cumulative (campaign_id, date, account_id, impressions, reach, clicks, spend_minor, conversions)',
          )
        : null;
      for (const campaign of campaigns) {
        const delivered: BulkDeliveryRow[] = [];
        for (const platformKey of platformKeys) {
          const externalId = `${platformKey}_bulk_${campaign.id}`;
          const amountMinor = rnd.int(2_000, 60_000) * 100;
          for (const { date, counts } of deliveryDays(
            {
              externalId,
              platformKey,
              objectiveId: campaign.objectiveId,
              audienceSize: rnd.int(50, 5000) * 10_000,
              flights: [{ startDate: firstDay, endDate: lastDay, amountMinor, pacing: 'even' }],
            },
            { from: firstDay, to: lastDay, asOf },
          )) {
            copy.push(
              `${accountId}\t${campaign.id}\t${platformKey}\t${date}\t${counts.impressions}\t${counts.reach}\t${counts.clicks}\t${counts.spendMinor}\t${counts.conversions}\n`,
            );
            delivered.push({ platformKey, date, counts });
          }
        }
        rows += delivered.length;
        if (rollups && totals) for (const line of rollups.addCampaign(campaign, delivered)) totals.push(line);
        await copy.flushIfFull();
        await totals?.flushIfFull();
      }
      await copy.end();
      await totals?.end();
      log(`${rows} delivery rows copied in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      await client.query(
        'CREATE INDEX delivery_daily_account_date_idx ON delivery_daily USING btree (account_id, date)',
      );
      log(`index rebuilt at ${((performance.now() - started) / 1000).toFixed(1)} s`);
      if (rollups) {
        await copyLines(
          client,
          'delivery_rollup_daily (account_id, currency, date, platform_key, customer_id, impressions, reach, clicks, spend_minor, conversions)',
          rollups.dailyLines(),
        );
        await rebuildPlatformRollup(drizzle(client), accountId);
        await copyLines(
          client,
          'delivery_campaign_spans (campaign_id, account_id, first_date, last_date, currency, impressions, reach, clicks, spend_minor, conversions)',
          rollups.spanLines(),
        );
      } else {
        await rebuildRollups(drizzle(client), accountId);
      }
      await client.query('COMMIT');
      await totalsClient?.query('COMMIT');
      log(`indexes and rollups written at ${((performance.now() - started) / 1000).toFixed(1)} s`);
    } catch (error) {
      await totalsClient?.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      totalsClient?.release();
    }
    // VACUUM, not only ANALYZE: the visibility map lets reports and pacing read the rollups' indexes alone.
    for (const table of [
      'delivery_daily',
      'delivery_rollup_daily',
      'delivery_rollup_platform_daily',
      'delivery_campaign_spans',
      'delivery_campaign_cumulative',
      'campaigns',
    ])
      await client.query(`VACUUM (ANALYZE) ${table}`);
    return { accountId, campaigns: count, rows, seconds: (performance.now() - started) / 1000 };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** A COPY … FROM STDIN fed in chunks, waiting for the server when its buffer is full. */
function copyInto(client: PoolClient, target: string) {
  const stream = client.query(copyFrom(`COPY ${target} FROM STDIN`));
  let chunk: string[] = [];
  const flush = async () => {
    if (chunk.length === 0) return;
    const text = chunk.join('');
    chunk = [];
    if (!stream.write(text)) await once(stream, 'drain');
  };
  return {
    push: (line: string) => chunk.push(line),
    flushIfFull: async () => {
      if (chunk.length > 5000) await flush();
    },
    end: async () => {
      await flush();
      stream.end();
      await once(stream, 'finish');
    },
  };
}

async function copyLines(client: PoolClient, target: string, lines: readonly string[]) {
  const copy = copyInto(client, target);
  for (const line of lines) {
    copy.push(line);
    await copy.flushIfFull();
  }
  await copy.end();
}
