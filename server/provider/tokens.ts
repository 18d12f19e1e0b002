import { randomUUID } from 'node:crypto';
import { decodeJwt, errors, jwtVerify, SignJWT } from 'jose';
import {
  type ProviderTokenClaims,
  TOKEN_SCOPES,
  TOKEN_TTL_SECONDS,
  type TokenScope,
} from '../../contract/provider';
import { ProviderHttpError } from './errors';
import type { ProviderKeys } from './keys';

export interface TokenSubject {
  tenantId: string;
  userId: string;
  action: string;
  scope: TokenScope;
}

/** A signed provider token (HS256, 10 minutes). `now` (ms) only for tests of expiry. */
export async function issueToken(
  keys: ProviderKeys,
  subject: TokenSubject,
  now = Date.now(),
): Promise<string> {
  const iat = Math.floor(now / 1000);
  return new SignJWT({ tid: subject.tenantId, act: subject.action, scope: subject.scope })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(subject.userId)
    .setJti(randomUUID())
    .setIssuedAt(iat)
    .setExpirationTime(iat + TOKEN_TTL_SECONDS)
    .sign(keys.signingKey(subject.tenantId));
}

const invalid = (description: string) =>
  new ProviderHttpError(401, 'invalid_token', description, { errorCode: 'invalid_token' });

/** The tenant a token claims, read before its signature is checked (to pick the tenant's key). */
export function claimedTenant(token: string): string {
  try {
    const tid = decodeJwt(token).tid;
    if (typeof tid === 'string' && tid) return tid;
  } catch {}
  throw invalid('The token is malformed.');
}

/** Verifies signature, expiry and claims; throws the provider's 401s (`expired_token` for an expired one). */
export async function verifyToken(keys: ProviderKeys, token: string): Promise<ProviderTokenClaims> {
  const tenantId = claimedTenant(token);
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, keys.signingKey(tenantId), { algorithms: ['HS256'] }));
  } catch (error) {
    if (error instanceof errors.JWTExpired) {
      throw new ProviderHttpError(401, 'expired_token', 'The token has expired.', {
        errorCode: 'expired_token',
      });
    }
    throw invalid('The token is not valid.');
  }
  const { sub, tid, act, scope, jti, iat, exp } = payload;
  if (
    typeof sub !== 'string' ||
    !sub ||
    typeof tid !== 'string' ||
    typeof act !== 'string' ||
    typeof jti !== 'string' ||
    typeof iat !== 'number' ||
    typeof exp !== 'number' ||
    !TOKEN_SCOPES.includes(scope as TokenScope)
  ) {
    throw invalid('The token is missing required claims.');
  }
  return { sub, tid, act, scope: scope as TokenScope, jti, iat, exp };
}
