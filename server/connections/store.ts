import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/connect';
import { platformConnections } from '../db/schema';
import type { SecretBox } from '../db/secretBox';
import type { AdAccountChoice, PlatformCredentials } from '../platforms/connector';

/** What a sealed token is bound to: the platform, which token, and the account (secretBox `context`). */
export const tokenContext = (kind: 'access' | 'refresh', platformKey: string, accountId: string) =>
  `${platformKey}:${kind}:${accountId}`;

export interface ConnectionTokens {
  accessToken: string;
  refreshToken: string | null;
  accessExpiresAt: Date;
  refreshExpiresAt: Date | null;
  scope: string;
}

/** Saves (or replaces, on reconnect) the account's connection to a platform, its tokens sealed. */
export async function saveConnection(
  db: Pick<Database, 'insert'>,
  box: SecretBox,
  connection: {
    accountId: string;
    platformKey: string;
    /** The ad account chosen (on the consent page, or on ours when the grant reaches several). */
    adAccount: Pick<AdAccountChoice, 'id' | 'name' | 'managerId' | 'managerName'>;
    connectedBy: string | null;
    tokens: ConnectionTokens;
  },
): Promise<void> {
  const { accountId, platformKey, tokens, adAccount } = connection;
  const values = {
    status: 'connected',
    externalAccountId: adAccount.id,
    externalAccountName: adAccount.name,
    externalManagerId: adAccount.managerId,
    externalManagerName: adAccount.managerId ? (adAccount.managerName ?? adAccount.managerId) : null,
    accessTokenSealed: box.seal(tokens.accessToken, tokenContext('access', platformKey, accountId)),
    refreshTokenSealed:
      tokens.refreshToken === null
        ? null
        : box.seal(tokens.refreshToken, tokenContext('refresh', platformKey, accountId)),
    accessExpiresAt: tokens.accessExpiresAt,
    refreshExpiresAt: tokens.refreshExpiresAt,
    scope: tokens.scope,
    problem: null,
  };
  await db
    .insert(platformConnections)
    .values({ accountId, platformKey, connectedBy: connection.connectedBy, ...values })
    .onConflictDoUpdate({
      target: [platformConnections.accountId, platformConnections.platformKey],
      set: { ...values, connectedAt: sql`now()`, connectedBy: connection.connectedBy, updatedAt: sql`now()` },
    });
}

/** The credentials calls about the account's campaigns carry; null when not connected or needing reconnecting. */
export async function loadCredentials(
  db: Pick<Database, 'select'>,
  box: SecretBox,
  accountId: string,
  platformKey: string,
): Promise<PlatformCredentials | null> {
  const [row] = await db
    .select({
      status: platformConnections.status,
      externalAccountId: platformConnections.externalAccountId,
      externalManagerId: platformConnections.externalManagerId,
      accessTokenSealed: platformConnections.accessTokenSealed,
    })
    .from(platformConnections)
    .where(
      and(eq(platformConnections.accountId, accountId), eq(platformConnections.platformKey, platformKey)),
    );
  if (row?.status !== 'connected') return null;
  return {
    accessToken: box.open(row.accessTokenSealed, tokenContext('access', platformKey, accountId)),
    externalAccountId: row.externalAccountId,
    managerAccountId: row.externalManagerId,
  };
}

export type ConnectionRow = typeof platformConnections.$inferSelect;

const connectionOf = (accountId: string, platformKey: string) =>
  and(eq(platformConnections.accountId, accountId), eq(platformConnections.platformKey, platformKey));

/** The account's connection to the platform (tokens still sealed), if any. */
export async function findConnection(
  db: Database,
  accountId: string,
  platformKey: string,
): Promise<ConnectionRow | undefined> {
  const [row] = await db.select().from(platformConnections).where(connectionOf(accountId, platformKey));
  return row;
}

/** The connection's status and problem, if the account is connected to the platform at all. */
export async function connectionStatus(
  db: Database,
  accountId: string,
  platformKey: string,
): Promise<Pick<ConnectionRow, 'status' | 'problem'> | undefined> {
  const [connection] = await db
    .select({ status: platformConnections.status, problem: platformConnections.problem })
    .from(platformConnections)
    .where(connectionOf(accountId, platformKey));
  return connection;
}

/** Forgets the account's connection to the platform. */
export async function deleteConnection(db: Database, accountId: string, platformKey: string): Promise<void> {
  await db.delete(platformConnections).where(connectionOf(accountId, platformKey));
}
