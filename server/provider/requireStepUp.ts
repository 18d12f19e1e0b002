import { CHALLENGE_REQUIRED, STEP_UP_HEADER, STEP_UP_MESSAGES } from '@contract/stepUp';
import type { Context } from 'hono';
import type { AppEnv } from '../http/env';
import { HttpError } from '../http/errors';
import type { StepUpProvider, ValidateResult } from './adapter';
import { type RiskyActionGuard, signInEmail } from './securityRoutes';

type Refusal = Extract<ValidateResult, { ok: false }>['reason'];

const REFUSAL_MESSAGES: Record<Refusal, string> = {
  expired_token: STEP_UP_MESSAGES.expired,
  replayed: STEP_UP_MESSAGES.replayed,
  wrong_user: STEP_UP_MESSAGES.mismatch,
  wrong_action: STEP_UP_MESSAGES.mismatch,
  wrong_target: STEP_UP_MESSAGES.mismatch,
  wrong_tenant: STEP_UP_MESSAGES.mismatch,
  not_verified: STEP_UP_MESSAGES.invalid,
  invalid_token: STEP_UP_MESSAGES.invalid,
};

/**
 * Enforcement of the step-up on risky actions: the verified token in `X-Step-Up-Token` is accepted once,
 * for this user, this action and this target (the campaign, customer or authenticator, as it is now).
 * Without one, or with one that is refused (replayed, expired, for another action, target or user), the
 * answer is 403 CHALLENGE_REQUIRED with fresh challenge options — bound to the target and carrying its
 * description for the dialog — so the browser can open the challenge dialog and try again.
 */
export function requireStepUp(provider: StepUpProvider): RiskyActionGuard {
  return async (c: Context<AppEnv>, { userId, action, target }) => {
    const token = c.req.header(STEP_UP_HEADER)?.trim();
    let message: string = STEP_UP_MESSAGES.required;
    if (token) {
      const result = await provider.validate(token, { userId, action, ...(target ? { target } : {}) });
      if (result.ok) return { method: result.method ?? null };
      message = REFUSAL_MESSAGES[result.reason];
    }
    const email = await signInEmail(c, userId);
    const challenge = await provider.track({ userId, email, action, ...(target ? { target } : {}) });
    throw new HttpError(403, message, { errorCode: CHALLENGE_REQUIRED, challenge });
  };
}
