import { and, eq, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/connect';
import { platformConnections, sandboxOauthCodes, sandboxOauthTokens } from '../../../db/schema';

/** The sandbox OAuth server's queries for its routes (codes, tokens, and the app's connection it revokes). */

export type NewSandboxCode = typeof sandboxOauthCodes.$inferInsert;

/** Stores an authorization code (its hash) granted on the consent page. */
export async function insertSandboxCode(db: Database, values: NewSandboxCode): Promise<void> {
  await db.insert(sandboxOauthCodes).values(values);
}

/** Revokes the platform's grant whose access or refresh token has this hash (kept as is if revoked already). */
export async function revokeSandboxToken(db: Database, platformKey: string, hash: string): Promise<void> {
  await db
    .update(sandboxOauthTokens)
    .set({ revokedAt: sql`coalesce(${sandboxOauthTokens.revokedAt}, now())` })
    .where(
      and(
        eq(sandboxOauthTokens.platformKey, platformKey),
        or(eq(sandboxOauthTokens.accessTokenHash, hash), eq(sandboxOauthTokens.refreshTokenHash, hash)),
      ),
    );
}

/** The ad account the app's account is connected to on the platform, if it is connected. */
export async function connectedAdAccount(
  db: Database,
  accountId: string,
  platformKey: string,
): Promise<{ externalAccountId: string } | undefined> {
  const [connection] = await db
    .select({ externalAccountId: platformConnections.externalAccountId })
    .from(platformConnections)
    .where(
      and(eq(platformConnections.accountId, accountId), eq(platformConnections.platformKey, platformKey)),
    );
  return connection;
}
