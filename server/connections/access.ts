import { notConnectedMessage } from '@contract/connections';
import { displayNameOf } from '@contract/reference';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/connect';
import { platformConnections } from '../db/schema';
import type { SecretBox } from '../db/secretBox';
import { type PlatformCredentials, PlatformError } from '../platforms/connector';
import type { OAuthClients } from './oauthClient';
import { markNeedsReconnect, unusablePlatforms } from './queries';
import { refreshConnection } from './refresh';
import { tokenContext } from './store';

/** A token this close to expiring is refreshed before a call rather than sent. */
const EXPIRY_MARGIN_MS = 60 * 1000;

/** Our own refusal to call a platform the account has not (or no longer) connected. */
export class NotConnectedError extends PlatformError {
  constructor(
    platformKey: string,
    readonly status: 'not_connected' | 'needs_reconnect',
  ) {
    super(platformKey, 'credentials_expired', notConnectedMessage(displayNameOf(platformKey), status));
  }
}

/** What the campaign jobs need from the account's connections. */
export interface ConnectionAccess {
  /**
   * The credentials for a call about the account's campaigns on `platformKey`, refreshed first when about to
   * expire; a `credentials_expired` PlatformError ("Meta is not connected: …") when the account cannot use
   * the platform.
   */
  credentialsFor(accountId: string, platformKey: string): Promise<PlatformCredentials>;
  /** After a call failed: a `credentials_expired` answer marks the connection as needing reconnecting. */
  noteFailure(accountId: string, error: PlatformError): Promise<void>;
}

export function connectionAccess(db: Database, box: SecretBox, clients: OAuthClients): ConnectionAccess {
  const refused = async (accountId: string, platformKey: string) =>
    new NotConnectedError(
      platformKey,
      (await unusablePlatforms(db, accountId, [platformKey])).get(platformKey) ?? 'needs_reconnect',
    );
  const load = async (accountId: string, platformKey: string) => {
    const [row] = await db
      .select({
        status: platformConnections.status,
        externalAccountId: platformConnections.externalAccountId,
        externalManagerId: platformConnections.externalManagerId,
        accessTokenSealed: platformConnections.accessTokenSealed,
        accessExpiresAt: platformConnections.accessExpiresAt,
      })
      .from(platformConnections)
      .where(
        and(eq(platformConnections.accountId, accountId), eq(platformConnections.platformKey, platformKey)),
      );
    if (row?.status !== 'connected') return null;
    return {
      accessExpiresAt: row.accessExpiresAt,
      credentials: {
        accessToken: box.open(row.accessTokenSealed, tokenContext('access', platformKey, accountId)),
        externalAccountId: row.externalAccountId,
        managerAccountId: row.externalManagerId,
      },
    };
  };
  return {
    async credentialsFor(accountId, platformKey) {
      const expiring = await load(accountId, platformKey);
      if (!expiring) throw await refused(accountId, platformKey);
      if (expiring.accessExpiresAt.getTime() > Date.now() + EXPIRY_MARGIN_MS) return expiring.credentials;
      await refreshConnection(db, box, clients, accountId, platformKey);
      const fresh = await load(accountId, platformKey);
      if (!fresh) throw await refused(accountId, platformKey);
      return fresh.credentials;
    },
    async noteFailure(accountId, error) {
      // Our own "not connected" refusal changes nothing; the platform's refusal of a token does.
      if (error.kind !== 'credentials_expired' || error instanceof NotConnectedError) return;
      await markNeedsReconnect(db, accountId, error.platform, error.message);
    },
  };
}
