import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/connect';
import { loginFailures } from '../db/schema';

export const MAX_FAILURES = 5;
export const WINDOW_MS = 15 * 60_000;

/** Seconds until the next attempt is allowed, or 0 when the e-mail is not throttled. */
export async function throttledFor(db: Database, email: string, now = Date.now()): Promise<number> {
  const since = new Date(now - WINDOW_MS);
  const rows = await db
    .select({ count: sql<number>`count(*)::int`, oldest: sql<Date>`min(${loginFailures.occurredAt})` })
    .from(loginFailures)
    .where(and(eq(loginFailures.email, email), gt(loginFailures.occurredAt, since)));
  const { count = 0, oldest } = rows[0] ?? {};
  if (count < MAX_FAILURES || !oldest) return 0;
  return Math.max(1, Math.ceil((new Date(oldest).getTime() + WINDOW_MS - now) / 1000));
}

export async function recordFailure(db: Database, email: string): Promise<void> {
  await db.insert(loginFailures).values({ email });
  // Keep the table small: anything older than the window no longer counts.
  await db.delete(loginFailures).where(lt(loginFailures.occurredAt, new Date(Date.now() - WINDOW_MS)));
}

export async function clearFailures(db: Database, email: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.email, email));
}
