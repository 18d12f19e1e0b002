import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../../db/connect';
import { sandboxOauthTokens } from '../../../db/schema';

/**
 * What a person does on the platform's own settings page when they remove an app's access: every token
 * granted for the ad account stops working, refresh tokens included. Returns how many grants ended.
 */
export async function revokeSandboxGrants(
  db: Pick<Database, 'update'>,
  platformKey: string,
  externalAccountId: string,
): Promise<number> {
  const revoked = await db
    .update(sandboxOauthTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(sandboxOauthTokens.platformKey, platformKey),
        eq(sandboxOauthTokens.externalAccountId, externalAccountId),
        isNull(sandboxOauthTokens.revokedAt),
      ),
    )
    .returning({ id: sandboxOauthTokens.id });
  return revoked.length;
}
