import type { AuthenticationResult, VerificationMethod } from '@contract/provider';
import { recordSecurityEvent } from '../auth/securityEvents';
import { type BearerAuth, ENROLL_ACTION } from './auth';
import { announceIfAdded } from './methodAdded';
import { type AuthenticatorRow, type ProviderService, toUserAuthenticator } from './service';
import { type TokenTarget, targetOfClaims } from './tokens';

/**
 * A successful verification: a fresh 'verified' token for the same user, action and target. When it confirmed
 * a new authenticator, the user is told a method was added (`userAgent`: the browser that added it). A step-up
 * (any action but enrolment) goes into the user's recent activity; `method` names it when no authenticator
 * did (the e-mail code to the sign-in address of a user without any).
 */
export async function verifiedResult(
  service: ProviderService,
  subject: { tenantId: string; userId: string; action: string; target?: TokenTarget },
  authenticator: AuthenticatorRow | undefined,
  userAgent: string | undefined,
  method?: VerificationMethod,
): Promise<AuthenticationResult> {
  await announceIfAdded(service, authenticator, userAgent);
  const usedMethod = (authenticator?.method as VerificationMethod | undefined) ?? method;
  if (subject.action !== ENROLL_ACTION && usedMethod) {
    await recordSecurityEvent(service.db, {
      userId: subject.userId,
      kind: 'step_up',
      method: usedMethod,
      action: subject.action,
      description: subject.target?.description ?? null,
      userAgent,
    });
  }
  const accessToken = await service.issue({
    ...subject,
    scope: 'verified',
    ...(usedMethod ? { method: usedMethod } : {}),
  });
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
