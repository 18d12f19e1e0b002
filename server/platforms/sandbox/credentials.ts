import type { Database } from '../../db/connect';
import { type PlatformCredentials, PlatformError } from '../connector';
import { checkSandboxAccessToken } from './oauthTokens';

const REASONS = {
  missing: 'no access token was sent',
  unknown: 'the access token is not one it issued',
  expired: 'the access token has expired',
  revoked: 'access was revoked on the platform',
  other_account: 'the access token is for another ad account',
} as const;

/**
 * The sandbox platform's check of a campaign call, as a real ad API answers 401/190: a valid access
 * token of this platform for the ad account the call acts on, else `credentials_expired`.
 */
export async function requireSandboxAccess(
  db: Pick<Database, 'select'>,
  platformKey: string,
  displayName: string,
  credentials: PlatformCredentials | undefined,
): Promise<void> {
  const reason = await refusal(db, platformKey, credentials);
  if (reason)
    throw new PlatformError(
      platformKey,
      'credentials_expired',
      `${displayName} refused the call: ${REASONS[reason]}. Reconnect it under Platforms.`,
    );
}

async function refusal(
  db: Pick<Database, 'select'>,
  platformKey: string,
  credentials: PlatformCredentials | undefined,
): Promise<keyof typeof REASONS | null> {
  if (!credentials) return 'missing';
  const check = await checkSandboxAccessToken(db, platformKey, credentials.accessToken);
  if (!check.ok) return check.reason;
  return check.externalAccountId === credentials.externalAccountId ? null : 'other_account';
}
