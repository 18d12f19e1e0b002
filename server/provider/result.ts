import type { AuthenticationResult } from '../../contract/provider';
import type { BearerAuth } from './auth';
import { announceIfAdded } from './methodAdded';
import { type AuthenticatorRow, type ProviderService, toUserAuthenticator } from './service';
import { type TokenTarget, targetOfClaims } from './tokens';

/**
 * A successful verification: a fresh 'verified' token for the same user, action and target. When it confirmed
 * a new authenticator, the user is told a method was added (`userAgent`: the browser that added it).
 */
export async function verifiedResult(
  service: ProviderService,
  subject: { tenantId: string; userId: string; action: string; target?: TokenTarget },
  authenticator: AuthenticatorRow | undefined,
  userAgent: string | undefined,
): Promise<AuthenticationResult> {
  await announceIfAdded(service, authenticator, userAgent);
  const accessToken = await service.issue({ ...subject, scope: 'verified' });
  const result: AuthenticationResult = { isVerified: true, accessToken, userId: subject.userId };
  if (authenticator) {
    result.userAuthenticatorId = authenticator.id;
    result.userAuthenticator = toUserAuthenticator(authenticator);
  }
  return result;
}

/** Who and what a bearer token is for: its user, action and (for a step-up) target. */
export const subjectOf = (auth: BearerAuth) => {
  const target = targetOfClaims(auth.claims);
  return {
    tenantId: auth.tenantId,
    userId: auth.claims.sub,
    action: auth.claims.act,
    ...(target ? { target } : {}),
  };
};
