/**
 * Seeds the database the server uses (DATABASE_URL, or the embedded one under DATA_DIR).
 *   npm run seed                                    demo data (only when missing)
 *   npm run seed -- --campaigns 10000 --account <id>  bulk campaigns for benchmarks
 *   npm run seed -- --delivery [--account <id>] [--delivery-campaigns 10000] [--days 365]
 *                                                   the reports' benchmark: campaigns with a year of delivery
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileAssetStorage } from '@server/assets/storage';
import { readConfig } from '@server/config';
import { openDatabase } from '@server/database';
import { loadSecretsKey, secretBox } from '@server/db/secretBox';
import { seedBulkCampaigns, seedDemoData } from '@server/seed/seed';
import { seedBulkDelivery } from '@server/seed/seedBulkDelivery';

const wholeNumber = (flag: string, raw: string | undefined, fallback: number) => {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${flag} must be a positive whole number`);
  return value;
};

const { values } = parseArgs({
  options: {
    campaigns: { type: 'string' },
    account: { type: 'string' },
    delivery: { type: 'boolean' },
    'delivery-campaigns': { type: 'string' },
    days: { type: 'string' },
  },
});

const config = readConfig();
const database = await openDatabase(config);
try {
  // The server's own key (SECRETS_KEY or DATA_DIR/secrets.key), so it can open the seeded connections.
  const seeded = await seedDemoData(
    database.db,
    secretBox(await loadSecretsKey(config.secretsKey, config.dataDir)),
    Date.now(),
    { storage: fileAssetStorage(path.join(config.dataDir, 'assets')) },
  );
  console.log(seeded ? 'Demo data seeded.' : 'Demo data already present.');
  if (values.campaigns) {
    const count = Number(values.campaigns);
    if (!Number.isInteger(count) || count <= 0)
      throw new Error('--campaigns must be a positive whole number');
    if (!values.account) throw new Error('--account <id> is required with --campaigns');
    await seedBulkCampaigns(database.db, values.account, count);
    console.log(`Added ${count} campaigns to account ${values.account}.`);
  }
  if (values.delivery) {
    const result = await seedBulkDelivery(database.db, {
      accountId: values.account,
      campaigns: wholeNumber('delivery-campaigns', values['delivery-campaigns'], 10_000),
      days: wholeNumber('days', values.days, 365),
      log: (line) => console.log(line),
    });
    console.log(
      `Delivery seeded: ${result.rows} rows for ${result.campaigns} campaigns in account ${result.accountId}, ${result.seconds.toFixed(1)} s.`,
    );
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
