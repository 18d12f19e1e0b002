import type { AuthenticationResult } from '../../contract/provider';
import type { BearerAuth } from './auth';
import { type AuthenticatorRow, type ProviderService, toUserAuthenticator } from './service';

/** A successful verification: a fresh 'verified' token for the same user and action. */
export async function verifiedResult(
  service: ProviderService,
  subject: { tenantId: string; userId: string; action: string },
  authenticator: AuthenticatorRow | undefined,
): Promise<AuthenticationResult> {
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
