import { TOKEN_TTL_SECONDS } from '@contract/provider';

/** Every provider token lives 10 minutes. */
export const TOKEN_LIFETIME_MS = TOKEN_TTL_SECONDS * 1000;

/**
 * How long `token` stays valid from now, read from its `exp` claim (not verified: the provider does that);
 * the full 10-minute lifetime when the token is not a readable JWT, never more than that.
 */
export function tokenRemainingMs(token: string | undefined, now = Date.now()): number {
  const payload = token?.split('.')[1];
  if (!payload) return TOKEN_LIFETIME_MS;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp: unknown = JSON.parse(json).exp;
    if (typeof exp !== 'number' || !Number.isFinite(exp)) return TOKEN_LIFETIME_MS;
    return Math.max(0, Math.min(TOKEN_LIFETIME_MS, exp * 1000 - now));
  } catch {
    return TOKEN_LIFETIME_MS;
  }
}
