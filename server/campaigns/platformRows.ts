import { byPlatformOrder } from '@contract/reference';
import { asc, eq } from 'drizzle-orm';
import type { PlatformRow } from '../db/rows';
import { campaignPlatforms } from '../db/schema';
import type { TxDatabase } from '../db/transaction';

/** A campaign's platform rows, in the platforms' order. */
export async function loadPlatformRows(db: TxDatabase, campaignId: string): Promise<PlatformRow[]> {
  const rows = await db
    .select()
    .from(campaignPlatforms)
    .where(eq(campaignPlatforms.campaignId, campaignId))
    .orderBy(asc(campaignPlatforms.platformKey));
  return rows.sort(byPlatformOrder);
}
