import {
  AuthenticatorListSchema,
  EnrollmentTokenResponseSchema,
  type UserAuthenticator,
} from '@contract/provider';
import { SecurityActivitySchema, type SecurityEvent } from '@contract/securityActivity';
import { SuccessSchema } from '@contract/shell';
import { STEP_UP_HEADER } from '@contract/stepUp';
import { requestJson } from '@src/api/http';
import type * as v from 'valibot';

/**
 * The app server's /api/security calls behind /settings/security (contract/provider.ts). Failures reject with
 * an ApiError (status, message, errorCode; `challenge` with a 403 CHALLENGE_REQUIRED).
 */
export const securityApi = {
  /** GET /api/security/activity: the user's latest sign-ins and step-ups, newest first (issue 11). */
  activity: async (limit: number): Promise<SecurityEvent[]> =>
    (await requestJson('GET', `api/security/activity?_end=${limit}`, SecurityActivitySchema)).events,

  /** GET /api/security/authenticators: the signed-in user's confirmed methods, newest first. */
  listAuthenticators: async (): Promise<UserAuthenticator[]> =>
    (await requestJson('GET', 'api/security/authenticators', AuthenticatorListSchema)).authenticators,

  /**
   * POST /api/security/enrollment-token: a fresh 'enroll' token, with the provider's base URL and tenant. A
   * risky action (adding a sign-in method): without a verified step-up token for `addAuthenticator` the server
   * answers 403 CHALLENGE_REQUIRED (the page's chart opens the step-up dialog and calls again with the token).
   */
  enrollmentToken: (stepUpToken: string | null = null) =>
    requestJson('POST', 'api/security/enrollment-token', EnrollmentTokenResponseSchema, {
      headers: stepUpToken ? { [STEP_UP_HEADER]: stepUpToken } : {},
    }),

  /**
   * DELETE /api/security/authenticators/:id — a risky action, the one call removal goes through. Without a
   * verified step-up token the server answers 403 CHALLENGE_REQUIRED with the challenge options (the page's
   * chart opens the step-up dialog and calls again with the token, sent in X-Step-Up-Token).
   */
  removeAuthenticator: async (id: string, stepUpToken: string | null = null): Promise<void> => {
    await requestJson('DELETE', `api/security/authenticators/${encodeURIComponent(id)}`, SuccessSchema, {
      headers: stepUpToken ? { [STEP_UP_HEADER]: stepUpToken } : {},
    });
  },
};

export type EnrollmentToken = v.InferOutput<typeof EnrollmentTokenResponseSchema>;
