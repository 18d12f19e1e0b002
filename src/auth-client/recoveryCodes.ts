import { PROVIDER_PATHS } from '@contract/provider';
import type { AuthResult, ClientCore } from './core';
import type { AuthResponse } from './result';

/**
 * Recovery codes (issue 11): ten single-use codes for when no other method is at hand. Enrolling (with the
 * app server's 'enroll' token) answers a new set in `recoveryCodes`, once, and voids the previous set; a
 * verify with one code (with a 'challenge' token) returns the fresh token like every other method.
 */
export class RecoveryCodesApi {
  constructor(private readonly core: ClientCore) {}

  /** POST /client/user-authenticators/recovery-codes (no body): a new set of ten. */
  generate(): Promise<AuthResponse<AuthResult>> {
    return this.core.withToken(PROVIDER_PATHS.recoveryCodesEnroll, { body: null });
  }

  /** POST /client/verify/recovery-code {verificationCode}: case, spaces and dashes do not matter. */
  verify({ code }: { code: string }): Promise<AuthResponse<AuthResult>> {
    return this.core.withToken(PROVIDER_PATHS.recoveryCodeVerify, { body: { verificationCode: code } });
  }
}
