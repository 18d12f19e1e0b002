import { sql } from 'drizzle-orm';
import type { Database } from '../../db/connect';

/** An injected failure (`SandboxControl.injectFailure`, table `sandbox_failures`), as a call uses it up. */
export type InjectedFailure = {
  /** `SandboxFailureKind`: validation, rate_limit, expired_credential, unavailable, hang. */
  kind: string;
  retry_after_seconds: number;
  message: string | null;
};

/**
 * Uses up the oldest failure injected for `platformKey` and one of `operations`, if any (one per call, in the
 * order injected; two processes never take the same one). The in-process sandbox and the real platforms'
 * stand-ins answer it each in their own platform's shapes.
 */
export async function takeInjectedFailure(
  db: Pick<Database, 'execute'>,
  platformKey: string,
  operations: readonly string[],
): Promise<InjectedFailure | null> {
  if (operations.length === 0) return null;
  const { rows } = await db.execute<InjectedFailure>(sql`
    UPDATE sandbox_failures SET remaining = remaining - 1
    WHERE id = (
      SELECT id FROM sandbox_failures
      WHERE platform_key = ${platformKey} AND operation IN (${sql.join(
        operations.map((operation) => sql`${operation}`),
        sql`, `,
      )}) AND remaining > 0
      ORDER BY created_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
    RETURNING kind, retry_after_seconds, message`);
  return rows[0] ?? null;
}
