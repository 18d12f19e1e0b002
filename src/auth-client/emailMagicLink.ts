import { PROVIDER_PATHS } from '@contract/provider';
import type { AuthResult, ClientCore } from './core';
import { type AuthResponse, clientError, isAuthError, tokenNotSet } from './result';
import { tokenRemainingMs } from './token';

/** Spec §9: the magic-link status is polled every 1000 ms. */
export const MAGIC_LINK_POLL_INTERVAL_MS = 1000;

export interface CheckVerificationStatusOptions {
  /** Stops polling (the call answers POLLING_ABORTED). */
  signal?: AbortSignal;
  /**
   * Gives up after this long (POLLING_TIMED_OUT). Default: what is left of the token's 10-minute lifetime —
   * after that the provider would only answer `expired_token`.
   */
  maxDurationMs?: number;
  /** Default 1000 ms. */
  intervalMs?: number;
}

export class EmailMagicLinkApi {
  constructor(private readonly core: ClientCore) {}

  /** POST /client/user-authenticators/email-magic-link {email}: adds the address and mails it a first link. */
  enroll({ email }: { email: string }): Promise<AuthResponse<AuthResult>> {
    return this.core.withToken(PROVIDER_PATHS.magicLinkEnroll, { body: { email } });
  }

  /** POST /client/challenge/email-magic-link: mails a verification link to the user's address. */
  challenge(): Promise<AuthResponse<AuthResult>> {
    return this.core.withToken(PROVIDER_PATHS.magicLinkChallenge, { body: null });
  }

  /**
   * One status check: POST /client/verify/email-magic-link/finalize `{}`. Answers `isVerified: false` until the
   * link was followed, then the result with the fresh token. For callers that pace the polling themselves
   * (the challenge dialog's `magicLink` chart); `checkVerificationStatus` polls on its own.
   */
  finalize(): Promise<AuthResponse<AuthResult>> {
    return this.core.withToken(PROVIDER_PATHS.magicLinkFinalize, { body: {} });
  }

  /**
   * Waits for the user to follow the link: POSTs /client/verify/email-magic-link/finalize `{}` right away and
   * then every second until it answers `isVerified: true` (the result, with the fresh token, which replaces
   * the current one). Stops on the first error the provider or the network returns, when `signal` aborts
   * (POLLING_ABORTED) and after `maxDurationMs` (POLLING_TIMED_OUT). Needs a token (TOKEN_NOT_SET).
   */
  async checkVerificationStatus(
    options: CheckVerificationStatusOptions = {},
  ): Promise<AuthResponse<AuthResult>> {
    const token = this.core.token;
    if (!token) return tokenNotSet();
    const { signal, intervalMs = MAGIC_LINK_POLL_INTERVAL_MS } = options;
    const deadline = Date.now() + (options.maxDurationMs ?? tokenRemainingMs(token));
    for (;;) {
      if (signal?.aborted) return clientError('POLLING_ABORTED');
      let answer: AuthResponse<AuthResult>;
      try {
        answer = await this.core.withToken(PROVIDER_PATHS.magicLinkFinalize, { body: {}, signal }, token);
      } catch (error) {
        if (signal?.aborted) return clientError('POLLING_ABORTED');
        throw error;
      }
      if (isAuthError(answer) || answer.data.isVerified) return answer;
      if (Date.now() + intervalMs > deadline) return clientError('POLLING_TIMED_OUT');
      if (!(await sleep(intervalMs, signal))) return clientError('POLLING_ABORTED');
    }
  }
}

/** Resolves true after `ms`, or false as soon as `signal` aborts. */
function sleep(ms: number, signal?: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve(false);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
