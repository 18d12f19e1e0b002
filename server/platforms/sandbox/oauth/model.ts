import { randomBytes, timingSafeEqual } from 'node:crypto';
import type {
  AuthorizationCode,
  AuthorizationCodeModel,
  Client,
  RefreshToken,
  RefreshTokenModel,
  Token,
} from '@node-oauth/oauth2-server';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../../db/connect';
import { sandboxOauthCodes, sandboxOauthTokens } from '../../../db/schema';
import { hashToken, SANDBOX_ACCESS_TTL_MS, SANDBOX_REFRESH_TTL_MS } from '../oauthTokens';
import { sandboxAdAccountName } from './accounts';

/** The client the sandbox platforms know: Flightplan, with its secret and its registered callback. */
export interface SandboxClient {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

const sameSecret = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** The person's grant: which ad account the tokens act for. */
interface GrantUser {
  externalAccountId: string;
}

/**
 * @node-oauth/oauth2-server's model over the sandbox tables: codes and tokens are kept only as SHA-256
 * hashes (the same form as `issueSandboxTokens`), a code is used once (`used_at`), a refresh rotates the
 * pair (the old one is revoked), and a revoked grant's refresh token is unknown from then on.
 */
export function sandboxOAuthModel(
  db: Database,
  platformKey: string,
  client: SandboxClient,
): AuthorizationCodeModel & RefreshTokenModel {
  const known: Client = {
    id: client.clientId,
    grants: ['authorization_code', 'refresh_token'],
    redirectUris: [client.redirectUri],
    accessTokenLifetime: SANDBOX_ACCESS_TTL_MS / 1000,
    refreshTokenLifetime: SANDBOX_REFRESH_TTL_MS / 1000,
  };
  return {
    async getClient(clientId, clientSecret) {
      if (clientId !== client.clientId) return false;
      if (
        clientSecret !== null &&
        clientSecret !== undefined &&
        !sameSecret(clientSecret, client.clientSecret)
      )
        return false;
      return known;
    },

    async generateAccessToken() {
      return `sbx_at_${randomBytes(24).toString('base64url')}`;
    },

    async generateRefreshToken() {
      return `sbx_rt_${randomBytes(24).toString('base64url')}`;
    },

    async getAuthorizationCode(code) {
      const [row] = await db
        .select()
        .from(sandboxOauthCodes)
        .where(
          and(
            eq(sandboxOauthCodes.codeHash, hashToken(code)),
            eq(sandboxOauthCodes.platformKey, platformKey),
          ),
        );
      if (!row || row.usedAt) return false;
      const user: GrantUser = { externalAccountId: row.externalAccountId };
      return {
        authorizationCode: code,
        expiresAt: row.expiresAt,
        redirectUri: row.redirectUri,
        scope: row.scope ? row.scope.split(' ') : [],
        client: { id: row.clientId, grants: known.grants },
        user,
        codeChallenge: row.codeChallenge,
        codeChallengeMethod: row.codeChallengeMethod,
      } satisfies AuthorizationCode;
    },

    // The library calls this before checking the verifier: a wrong verifier uses the code up too.
    async revokeAuthorizationCode(code) {
      const used = await db
        .update(sandboxOauthCodes)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(sandboxOauthCodes.codeHash, hashToken(code.authorizationCode)),
            isNull(sandboxOauthCodes.usedAt),
          ),
        )
        .returning({ codeHash: sandboxOauthCodes.codeHash });
      return used.length > 0;
    },

    async saveAuthorizationCode() {
      // Codes are issued by the consent page (routes.ts), not by the library's authorize handler.
      throw new Error('Not used: the sandbox consent page issues codes');
    },

    async saveToken(token, grantClient, user: GrantUser) {
      await db.insert(sandboxOauthTokens).values({
        platformKey,
        clientId: grantClient.id,
        externalAccountId: user.externalAccountId,
        scope: (token.scope ?? []).join(' '),
        accessTokenHash: hashToken(token.accessToken),
        refreshTokenHash: token.refreshToken ? hashToken(token.refreshToken) : null,
        accessExpiresAt: token.accessTokenExpiresAt!,
        refreshExpiresAt: token.refreshTokenExpiresAt ?? null,
      });
      // The chosen ad account travels with the tokens (allowExtendedTokenAttributes), as Meta's or
      // Google's answer names the account a login granted.
      return {
        ...token,
        client: grantClient,
        user,
        ad_account_id: user.externalAccountId,
        ad_account_name: sandboxAdAccountName(user.externalAccountId),
        refresh_token_expires_in: SANDBOX_REFRESH_TTL_MS / 1000,
      } satisfies Token;
    },

    async getRefreshToken(refreshToken) {
      const [row] = await db
        .select()
        .from(sandboxOauthTokens)
        .where(
          and(
            eq(sandboxOauthTokens.refreshTokenHash, hashToken(refreshToken)),
            eq(sandboxOauthTokens.platformKey, platformKey),
          ),
        );
      if (!row || row.revokedAt) return false;
      const user: GrantUser = { externalAccountId: row.externalAccountId };
      return {
        refreshToken,
        refreshTokenExpiresAt: row.refreshExpiresAt ?? undefined,
        scope: row.scope ? row.scope.split(' ') : [],
        client: { id: row.clientId, grants: known.grants },
        user,
      } satisfies RefreshToken;
    },

    async revokeToken(token) {
      const revoked = await db
        .update(sandboxOauthTokens)
        .set({ revokedAt: sql`now()` })
        .where(
          and(
            eq(sandboxOauthTokens.refreshTokenHash, hashToken(token.refreshToken)),
            isNull(sandboxOauthTokens.revokedAt),
          ),
        )
        .returning({ id: sandboxOauthTokens.id });
      return revoked.length > 0;
    },

    async getAccessToken() {
      return false;
    },

    async verifyScope() {
      return false;
    },
  };
}
