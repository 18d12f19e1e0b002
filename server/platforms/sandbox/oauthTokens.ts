import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { sandboxOauthTokens } from '../../db/schema';

/**
 * The sandbox platforms' tokens, as their authorization server issues them: opaque random strings, kept
 * only as SHA-256 hashes, expiring like the real ones (an hour for access, 60 days for refresh, Meta's
 * and Google's orders of magnitude). Revoking one (`revokedAt`) is how a demo or a test plays a user
 * removing the app's access on the platform.
 */
export const SANDBOX_ACCESS_TTL_MS = 60 * 60 * 1000;
export const SANDBOX_REFRESH_TTL_MS = 60 * 24 * 60 * 60 * 1000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  accessExpiresAt: Date;
  refreshExpiresAt: Date;
  scope: string;
}

export async function issueSandboxTokens(
  db: Pick<Database, 'insert'>,
  grant: { platformKey: string; clientId: string; externalAccountId: string; scope: string },
  now = new Date(),
  ttl = { accessMs: SANDBOX_ACCESS_TTL_MS, refreshMs: SANDBOX_REFRESH_TTL_MS },
): Promise<IssuedTokens> {
  const accessToken = `sbx_at_${randomBytes(24).toString('base64url')}`;
  const refreshToken = `sbx_rt_${randomBytes(24).toString('base64url')}`;
  const accessExpiresAt = new Date(now.getTime() + ttl.accessMs);
  const refreshExpiresAt = new Date(now.getTime() + ttl.refreshMs);
  await db.insert(sandboxOauthTokens).values({
    ...grant,
    accessTokenHash: hashToken(accessToken),
    refreshTokenHash: hashToken(refreshToken),
    accessExpiresAt,
    refreshExpiresAt,
  });
  return { accessToken, refreshToken, accessExpiresAt, refreshExpiresAt, scope: grant.scope };
}

export type AccessCheck =
  | { ok: true; externalAccountId: string; scope: string }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' };

/** What the sandbox platform makes of an access token presented with a call. */
export async function checkSandboxAccessToken(
  db: Pick<Database, 'select'>,
  platformKey: string,
  accessToken: string,
  now = new Date(),
): Promise<AccessCheck> {
  const [token] = await db
    .select()
    .from(sandboxOauthTokens)
    .where(
      and(
        eq(sandboxOauthTokens.platformKey, platformKey),
        eq(sandboxOauthTokens.accessTokenHash, hashToken(accessToken)),
      ),
    );
  if (!token) return { ok: false, reason: 'unknown' };
  if (token.revokedAt) return { ok: false, reason: 'revoked' };
  if (token.accessExpiresAt <= now) return { ok: false, reason: 'expired' };
  return { ok: true, externalAccountId: token.externalAccountId, scope: token.scope };
}
