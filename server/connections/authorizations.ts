import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/connect';
import { oauthAuthorizations } from '../db/schema';
import type { SecretBox } from '../db/secretBox';

/** A Connect must come back from the consent page within this time. */
export const AUTHORIZATION_TTL_MS = 10 * 60 * 1000;

const hashState = (state: string) => createHash('sha256').update(state).digest('base64url');
const verifierContext = (stateHash: string) => `pkce:${stateHash}`;

export interface PendingAuthorization {
  accountId: string;
  userId: string;
  platformKey: string;
  codeVerifier: string;
  returnTo: string;
}

/**
 * Starts a Connect: a fresh `state` (returned, stored only as a hash) and the PKCE verifier (sealed, bound
 * to that state), for the callback to find once.
 */
export async function startAuthorization(
  db: Database,
  box: SecretBox,
  pending: Omit<PendingAuthorization, 'codeVerifier'> & { codeVerifier: string },
  now = Date.now(),
): Promise<string> {
  const state = randomBytes(32).toString('base64url');
  const stateHash = hashState(state);
  // Old attempts nobody came back from: nothing will use them.
  await db.delete(oauthAuthorizations).where(lt(oauthAuthorizations.expiresAt, new Date(now)));
  await db.insert(oauthAuthorizations).values({
    stateHash,
    accountId: pending.accountId,
    userId: pending.userId,
    platformKey: pending.platformKey,
    codeVerifierSealed: box.seal(pending.codeVerifier, verifierContext(stateHash)),
    returnTo: pending.returnTo,
    expiresAt: new Date(now + AUTHORIZATION_TTL_MS),
  });
  return state;
}

export type Consumed =
  | { ok: true; authorization: PendingAuthorization }
  | { ok: false; reason: 'unknown' | 'expired' | 'other_user' };

/**
 * The callback's check of `state`: it must be one we issued, to this user and account, for this platform,
 * not expired. It is deleted as it is read, so a second use (a replay) finds nothing.
 */
export async function consumeAuthorization(
  db: Database,
  box: SecretBox,
  state: string,
  caller: { userId: string; accountId: string | null; platformKey: string },
): Promise<Consumed> {
  const stateHash = hashState(state);
  const [row] = await db
    .delete(oauthAuthorizations)
    .where(
      and(
        eq(oauthAuthorizations.stateHash, stateHash),
        eq(oauthAuthorizations.platformKey, caller.platformKey),
        eq(oauthAuthorizations.userId, caller.userId),
      ),
    )
    .returning({
      accountId: oauthAuthorizations.accountId,
      userId: oauthAuthorizations.userId,
      platformKey: oauthAuthorizations.platformKey,
      codeVerifierSealed: oauthAuthorizations.codeVerifierSealed,
      returnTo: oauthAuthorizations.returnTo,
      expired: sql<boolean>`${oauthAuthorizations.expiresAt} <= now()`,
    });
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.expired) return { ok: false, reason: 'expired' };
  // Started in another account of the same user: refused, the session moved on.
  if (row.accountId !== caller.accountId) return { ok: false, reason: 'other_user' };
  return {
    ok: true,
    authorization: {
      accountId: row.accountId,
      userId: row.userId,
      platformKey: row.platformKey,
      codeVerifier: box.open(row.codeVerifierSealed, verifierContext(stateHash)),
      returnTo: row.returnTo,
    },
  };
}
