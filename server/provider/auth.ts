import type { ProviderTokenClaims, TokenScope } from '@contract/provider';
import type { Context, MiddlewareHandler } from 'hono';
import { ProviderHttpError } from './errors';
import type { ProviderService } from './service';
import { claimedTenant, verifyToken } from './tokens';

/** Who calls: a user's token (Bearer), or just a tenant (Basic base64("<tenantId>:")). */
export type ProviderAuth =
  | { kind: 'bearer'; tenantId: string; token: string; claims: ProviderTokenClaims }
  | { kind: 'basic'; tenantId: string };

export type ProviderEnv = { Variables: { auth: ProviderAuth; service: ProviderService } };

const unauthorized = (description: string) =>
  new ProviderHttpError(401, 'unauthorized', description, { errorCode: 'unauthorized' });

function basicTenant(credentials: string): string {
  // "<tenantId>:" (RFC 7617 with an empty password); a bare "<tenantId>" is accepted too.
  let tenantId: string;
  try {
    const decoded = Buffer.from(credentials, 'base64').toString('utf8');
    tenantId = decodeURIComponent(decoded.split(':')[0] ?? '').trim();
  } catch {
    throw unauthorized('The Basic credentials are malformed.');
  }
  if (!tenantId) throw unauthorized('The Basic credentials name no tenant.');
  return tenantId;
}

/** Reads the Authorization header; an unknown tenant, a bad or expired token are 401s. */
export function providerAuth(service: ProviderService): MiddlewareHandler<ProviderEnv> {
  return async (c, next) => {
    c.set('service', service);
    await service.cleanUpIfDue();
    const header = c.req.header('authorization')?.trim() ?? '';
    const [scheme = '', value = ''] = header.split(/\s+/, 2);
    if (!value) throw unauthorized('Send Authorization: Bearer <token>, or Basic with the tenant id.');
    if (scheme.toLowerCase() === 'bearer') {
      const tenantId = claimedTenant(value);
      if (!(await service.tenantExists(tenantId))) throw unauthorized('The token names an unknown tenant.');
      const claims = await verifyToken(await service.keys(), value);
      c.set('auth', { kind: 'bearer', tenantId, token: value, claims });
    } else if (scheme.toLowerCase() === 'basic') {
      const tenantId = basicTenant(value);
      if (!(await service.tenantExists(tenantId))) throw unauthorized('Unknown tenant.');
      c.set('auth', { kind: 'basic', tenantId });
    } else {
      throw unauthorized('Unsupported authorization scheme; use Bearer or Basic.');
    }
    await next();
  };
}

export type BearerAuth = Extract<ProviderAuth, { kind: 'bearer' }>;

/** The caller's token, which must carry one of `scopes`. */
export function requireToken(c: Context<ProviderEnv>, scopes: readonly TokenScope[]): BearerAuth {
  const auth = c.get('auth');
  if (auth.kind !== 'bearer') {
    throw unauthorized('This call needs a token (Authorization: Bearer <token>).');
  }
  if (!scopes.includes(auth.claims.scope)) {
    throw new ProviderHttpError(
      403,
      'invalid_token',
      `A ${auth.claims.scope} token cannot be used for this call.`,
      {
        errorCode: 'insufficient_scope',
      },
    );
  }
  return auth;
}

/** Enrolment calls: the app's enrolment token, or a token verified since. */
export const ENROLL_SCOPES = ['enroll', 'verified'] as const;
/** The action of the app's enrolment tokens (and of the tokens their verifications return). */
export const ENROLL_ACTION = 'enroll';

/**
 * An enrolment call's token: the app's enrolment token, or one verified while enrolling. A token verified
 * for anything else (launching a campaign, say) adds no method: adding one is its own confirmed action.
 */
export function requireEnrollToken(c: Context<ProviderEnv>): BearerAuth {
  const auth = requireToken(c, ENROLL_SCOPES);
  if (auth.claims.act !== ENROLL_ACTION) {
    throw new ProviderHttpError(
      403,
      'invalid_token',
      `A token for "${auth.claims.act}" cannot add a sign-in method.`,
      {
        errorCode: 'insufficient_scope',
      },
    );
  }
  return auth;
}
/** Challenge and verify calls. */
export const VERIFY_SCOPES = ['challenge', 'enroll', 'verified'] as const;
/** Scopes that may use authenticators whose enrolment is not confirmed yet. */
export const canUseUnverified = (auth: BearerAuth) => auth.claims.scope !== 'challenge';
