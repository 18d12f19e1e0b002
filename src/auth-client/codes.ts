import { PROVIDER_PATHS } from '@contract/provider';
import type { AuthResult, ClientCore } from './core';
import type { AuthResponse } from './result';

/**
 * The code-based methods: authenticator app (TOTP), e-mail OTP and SMS. Each call needs a token (the
 * app server's 'enroll' token on the settings page, its 'challenge' token in the step-up dialog); without
 * one it answers TOKEN_NOT_SET and sends nothing. A successful verify returns the fresh token, which also
 * replaces the client's current one.
 */

export interface VerifyCodeParams {
  /** The 6 digits the user typed. */
  code: string;
}

/** TOTP: enrolment answers the `otpauth://` `uri` (for a QR code) and the `secret`; the first code confirms it. */
export class TotpApi {
  constructor(private readonly core: ClientCore) {}

  /** POST /client/user-authenticators/totp (no body). */
  enroll(): Promise<AuthResponse<AuthResult>> {
    return this.core.withToken(PROVIDER_PATHS.totpEnroll, { body: null });
  }

  /** POST /client/verify/totp {verificationCode}. */
  verify({ code }: VerifyCodeParams): Promise<AuthResponse<AuthResult>> {
    return this.core.withToken(PROVIDER_PATHS.totpVerify, { body: { verificationCode: code } });
  }
}

export class EmailOtpApi {
  constructor(private readonly core: ClientCore) {}

  /** POST /client/user-authenticators/email-otp {email}: adds the address and sends it a first code. */
  enroll({ email }: { email: string }): Promise<AuthResponse<AuthResult>> {
    return this.core.withToken(PROVIDER_PATHS.emailOtpEnroll, { body: { email } });
  }

  /** POST /client/challenge/email-otp: sends a code to the user's address. */
  challenge(): Promise<AuthResponse<AuthResult>> {
    return this.core.withToken(PROVIDER_PATHS.emailOtpChallenge, { body: null });
  }

  /** POST /client/verify/email-otp {verificationCode}. */
  verify({ code }: VerifyCodeParams): Promise<AuthResponse<AuthResult>> {
    return this.core.withToken(PROVIDER_PATHS.emailOtpVerify, { body: { verificationCode: code } });
  }
}

export class SmsApi {
  constructor(private readonly core: ClientCore) {}

  /** POST /client/user-authenticators/sms {phoneNumber} (international format): adds it and texts a first code. */
  enroll({ phoneNumber }: { phoneNumber: string }): Promise<AuthResponse<AuthResult>> {
    return this.core.withToken(PROVIDER_PATHS.smsEnroll, { body: { phoneNumber } });
  }

  /** POST /client/challenge/sms: texts a code to the user's number. */
  challenge(): Promise<AuthResponse<AuthResult>> {
    return this.core.withToken(PROVIDER_PATHS.smsChallenge, { body: null });
  }

  /** POST /client/verify/sms {verificationCode}. */
  verify({ code }: VerifyCodeParams): Promise<AuthResponse<AuthResult>> {
    return this.core.withToken(PROVIDER_PATHS.smsVerify, { body: { verificationCode: code } });
  }
}
