import type { AuthenticationResult } from '../../contract/provider';
import type { BearerAuth } from './auth';
import { announceIfAdded } from './methodAdded';
import { type AuthenticatorRow, type ProviderService, toUserAuthenticator } from './service';

/**
 * A successful verification: a fresh 'verified' token for the same user and action. When it confirmed a new
 * authenticator, the user is told a method was added (`userAgent`: the browser that added it).
 */
export async function verifiedResult(
  service: ProviderService,
  subject: { tenantId: string; userId: string; action: string },
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

export const subjectOf = (auth: BearerAuth) => ({
  tenantId: auth.tenantId,
  userId: auth.claims.sub,
  action: auth.claims.act,
});
