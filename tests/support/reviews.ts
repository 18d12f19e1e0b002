import type { Database } from '@server/db/connect';
import { sql } from 'drizzle-orm';

/**
 * A platform review that ends only when a test ends it (`endReviews`): a test asserting "in review" must not
 * depend on how fast a busy machine reaches its next call.
 */
export const LONG_REVIEW_MS = 60 * 60 * 1000;

/**
 * Ends every review under way on the sandbox and the real platforms' stand-ins, as if their review time had
 * passed: what each creates is dated a day earlier (a review ends `reviewMs` after creation; delivery follows the
 * status history's days, not these).
 */
export async function endReviews(db: Database): Promise<void> {
  await db.execute(sql`UPDATE sandbox_graph_objects SET created_at = created_at - interval '1 day'`);
  await db.execute(sql`UPDATE sandbox_platform_campaigns SET created_at = created_at - interval '1 day'`);
}
