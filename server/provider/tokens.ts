import { randomUUID } from 'node:crypto';
import {
  type ProviderTokenClaims,
  TOKEN_SCOPES,
  TOKEN_TTL_SECONDS,
  type TokenScope,
} from '@contract/provider';
import { decodeJwt, errors, jwtVerify, SignJWT } from 'jose';
import { ProviderHttpError } from './errors';
import type { ProviderKeys } from './keys';

export interface TokenSubject {
  tenantId: string;
  userId: string;
  action: string;
  scope: TokenScope;
  /** The step-up's target (`tgt`, `tgh` claims), kept from the challenge token by every verified one. */
  target?: TokenTarget;
  /** How a verified token's person confirmed (`amr`, RFC 8176 style): the verification method. */
  method?: string;
}

/** A token's binding to what the step-up is for (see `targetBinding` in ./targets.ts). */
export interface TokenTarget {
  /** `<kind>:<id>` */
  ref: string;
  /** digest of the description and essential parameters */
  digest: string;
  /** the description shown (`tgd`), for the user's activity list; never compared (the digest covers it) */
  description?: string;
}

/** A signed provider token (HS256, 10 minutes). `now` (ms) only for tests of expiry. */
export async function issueToken(
  keys: ProviderKeys,
  subject: TokenSubject,
  now = Date.now(),
): Promise<string> {
  const iat = Math.floor(now / 1000);
  const target = subject.target
    ? {
        tgt: subject.target.ref,
        tgh: subject.target.digest,
        ...(subject.target.description ? { tgd: subject.target.description.slice(0, 300) } : {}),
      }
    : {};
  const amr = subject.method ? { amr: [subject.method] } : {};
  return new SignJWT({ tid: subject.tenantId, act: subject.action, scope: subject.scope, ...target, ...amr })
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

/** The target a token's claims are bound to, if any. */
export const targetOfClaims = (claims: ProviderTokenClaims): TokenTarget | undefined =>
  claims.tgt !== undefined && claims.tgh !== undefined
    ? { ref: claims.tgt, digest: claims.tgh, ...(claims.tgd ? { description: claims.tgd } : {}) }
    : undefined;

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
  const { sub, tid, act, scope, jti, iat, exp, tgt, tgh, tgd, amr } = payload;
  if (
    typeof sub !== 'string' ||
    !sub ||
    typeof tid !== 'string' ||
    typeof act !== 'string' ||
    typeof jti !== 'string' ||
    typeof iat !== 'number' ||
    typeof exp !== 'number' ||
    !TOKEN_SCOPES.includes(scope as TokenScope) ||
    // A target is a pair: both claims as strings, or neither.
    (tgt === undefined) !== (tgh === undefined) ||
    (tgt !== undefined && (typeof tgt !== 'string' || typeof tgh !== 'string'))
  ) {
    throw invalid('The token is missing required claims.');
  }
  const claims: ProviderTokenClaims = { sub, tid, act, scope: scope as TokenScope, jti, iat, exp };
  if (typeof tgt === 'string' && typeof tgh === 'string') {
    Object.assign(claims, { tgt, tgh }, typeof tgd === 'string' ? { tgd } : {});
  }
  if (Array.isArray(amr) && amr.every((m) => typeof m === 'string')) claims.amr = amr as string[];
  return claims;
}
