import { HTTPError } from 'ky';
import type * as v from 'valibot';
import type { ChallengeOptions } from '../../../contract/provider';
import {
  AuthenticatorListSchema,
  EnrollmentTokenResponseSchema,
  type UserAuthenticator,
} from '../../../contract/provider';
import { SuccessSchema } from '../../../contract/shell';
import { CHALLENGE_REQUIRED, STEP_UP_HEADER } from '../../../contract/stepUp';
import { isApiError, requestJson } from '../../api/http';

/**
 * The app server's /api/security calls behind /settings/security (contract/provider.ts). Failures reject with
 * an ApiError (status, message, errorCode).
 */

/**
 * Runs the step-up challenge for a CHALLENGE_REQUIRED answer and resolves with the verified token, or null
 * when the user did not confirm (closed the dialog, the token expired). Until one is registered, a
 * CHALLENGE_REQUIRED answer is shown as the error it is.
 */
export type StepUpHandler = (challenge: ChallengeOptions) => Promise<string | null>;

let stepUpHandler: StepUpHandler | null = null;

/** Plugs the challenge dialog into the risky actions of this page (removing a sign-in method). */
export function setSecurityStepUp(handler: StepUpHandler | null): void {
  stepUpHandler = handler;
}

/** The challenge options a 403 CHALLENGE_REQUIRED carries, or null for any other failure. */
export function challengeOf(error: unknown): ChallengeOptions | null {
  if (!isApiError(error) || error.errorCode !== CHALLENGE_REQUIRED) return null;
  const cause = error.cause;
  if (!(cause instanceof HTTPError)) return null;
  const body = cause.data as { challenge?: ChallengeOptions } | undefined;
  return body?.challenge ?? null;
}

/** When the user closed the challenge without confirming. */
export const STEP_UP_CANCELLED_MESSAGE = 'The method was not removed: you did not confirm it’s you.';

export const securityApi = {
  /** GET /api/security/authenticators: the signed-in user's confirmed methods, newest first. */
  listAuthenticators: async (): Promise<UserAuthenticator[]> =>
    (await requestJson('GET', 'api/security/authenticators', AuthenticatorListSchema)).authenticators,

  /** POST /api/security/enrollment-token: a fresh 'enroll' token, with the provider's base URL and tenant. */
  enrollmentToken: () => requestJson('POST', 'api/security/enrollment-token', EnrollmentTokenResponseSchema),

  /**
   * DELETE /api/security/authenticators/:id — a risky action. The server may answer 403 CHALLENGE_REQUIRED:
   * with a step-up handler registered, the user confirms it's them and the request is sent again with the
   * verified token in `X-Step-Up-Token`; without one, the refusal is rejected as it is.
   */
  removeAuthenticator: async (id: string): Promise<void> => {
    const path = `api/security/authenticators/${encodeURIComponent(id)}`;
    try {
      await requestJson('DELETE', path, SuccessSchema);
    } catch (error) {
      const challenge = challengeOf(error);
      if (!challenge || !stepUpHandler) throw error;
      const token = await stepUpHandler(challenge);
      if (!token) throw { status: 403, message: STEP_UP_CANCELLED_MESSAGE, errorCode: CHALLENGE_REQUIRED };
      await requestJson('DELETE', path, SuccessSchema, { headers: { [STEP_UP_HEADER]: token } });
    }
  },
};

export type EnrollmentToken = v.InferOutput<typeof EnrollmentTokenResponseSchema>;
