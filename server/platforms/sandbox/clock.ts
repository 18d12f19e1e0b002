import { sql } from 'drizzle-orm';
import type { Database } from '../../db/connect';

type Executor = Pick<Database, 'execute'>;

const DAY_MS = 86_400_000;

/** `day` moved by `days` calendar days (YYYY-MM-DD, UTC). */
export const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * The sandbox platforms' "today": the real UTC day plus the offset a demo or a test advanced it by. Delivery
 * is reported for the days before it; the offset lives in the database so every process agrees on it.
 */
export async function sandboxToday(db: Executor, now = new Date()): Promise<string> {
  const { rows } = await db.execute<{ offset_days: number }>(
    sql`SELECT offset_days FROM sandbox_clock WHERE id = 1`,
  );
  return addDays(now.toISOString().slice(0, 10), rows[0]?.offset_days ?? 0);
}

/** Moves the sandbox's clock `days` ahead (whole days, ≥ 0: platforms never take back a reported day). */
export async function advanceSandboxClock(db: Executor, days: number): Promise<string> {
  if (!Number.isInteger(days) || days < 0)
    throw new RangeError(`days must be a whole number ≥ 0, got ${days}`);
  await db.execute(sql`
    INSERT INTO sandbox_clock (id, offset_days) VALUES (1, ${days})
    ON CONFLICT (id) DO UPDATE SET offset_days = sandbox_clock.offset_days + ${days}, updated_at = now()`);
  return sandboxToday(db);
}

/**
 * Puts the sandbox's clock back on the real day. Only for a test or a demo that moved it and must not leave
 * the other accounts' syncs reading days ahead: days it reported meanwhile stay reported.
 */
export async function resetSandboxClock(db: Executor): Promise<string> {
  await db.execute(sql`UPDATE sandbox_clock SET offset_days = 0, updated_at = now() WHERE id = 1`);
  return sandboxToday(db);
}
