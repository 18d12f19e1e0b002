import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import * as v from 'valibot';

/**
 * The step-up provider's wire format (spec section 7, "Authentication provider calls"), shared by the
 * built-in provider service (`server/provider/`) and the client library. Every `/client/...` call answers an
 * {@link AuthenticationResult}; every refusal is a 4xx {@link ProviderError}. See
 * /work/notes/provider-protocol.md for the protocol this implements.
 */

// --- constants ----------------------------------------------------------------------------------------

/** The built-in provider's base path on the app's own origin. */
export const DEFAULT_PROVIDER_BASE_PATH = '/provider/v1';
/** The built-in provider's tenant id when `PROVIDER_TENANT_ID` is not set. */
export const DEFAULT_PROVIDER_TENANT_ID = 'flightplan-local';

export const VERIFICATION_METHODS = [
  'PASSKEY',
  'SECURITY_KEY',
  'EMAIL_OTP',
  'EMAIL_MAGIC_LINK',
  'AUTHENTICATOR_APP',
  'SMS',
  // Issue 11: the last resort, kept on paper for when every other method is out of reach.
  'RECOVERY_CODE',
] as const;
export type VerificationMethod = (typeof VERIFICATION_METHODS)[number];
export const VerificationMethodSchema = v.picklist(VERIFICATION_METHODS, 'Unknown verification method');

/**
 * `scope` claim of a provider token: 'challenge' (issued by the app server for a step-up), 'enroll' (issued
 * by the app server for /settings/security), 'verified' (returned as `accessToken` after a verification).
 */
export const TOKEN_SCOPES = ['challenge', 'enroll', 'verified'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** Lifetime of every provider token (seconds). */
export const TOKEN_TTL_SECONDS = 600;
/** E-mail and SMS codes: digits, lifetime, wrong codes before the challenge locks. */
export const CODE_LENGTH = 6;
export const CODE_TTL_SECONDS = 600;
export const MAX_CODE_ATTEMPTS = 5;
/** After sending a code or link, another send to the same recipient waits this long. */
export const RESEND_COOLDOWN_SECONDS = 30;
/** At most this many codes or links per recipient per {@link SEND_WINDOW_SECONDS}. */
export const SEND_LIMIT_PER_WINDOW = 5;
export const SEND_WINDOW_SECONDS = 600;
/** Recovery codes: how many one set holds, and their shape (10 characters, shown as two groups of 5). */
export const RECOVERY_CODE_COUNT = 10;
export const RECOVERY_CODE_LENGTH = 10;
/** Magic links expire after this many seconds. */
export const MAGIC_LINK_TTL_SECONDS = 600;
/** WebAuthn ceremonies (registration/authentication options) expire after this many seconds. */
export const WEBAUTHN_CHALLENGE_TTL_SECONDS = 300;

/** Claims of a provider token (JWT, HS256). */
export interface ProviderTokenClaims {
  /** the app's user id */
  sub: string;
  /** tenant id */
  tid: string;
  /** the action the token is for (e.g. 'launchCampaign'; 'enroll' for enrolment tokens) */
  act: string;
  /**
   * The target the step-up is for (`<kind>:<id>`, e.g. `campaign:<uuid>`), set by the app server in `track`
   * and kept by every token a verification returns; absent for untargeted tokens (enrolment, sign-in).
   */
  tgt?: string;
  /** A digest of what the person was shown and the change's essential parameters (with `tgt`). */
  tgh?: string;
  /** The description the person was shown (with `tgt`), kept for their activity list; the digest covers it. */
  tgd?: string;
  /** How a verified token's person confirmed it was them: the verification method (e.g. `TOTP`). */
  amr?: string[];
  scope: TokenScope;
  jti: string;
  iat: number;
  exp: number;
}

// --- errors -------------------------------------------------------------------------------------------

export const PROVIDER_ERRORS = [
  'invalid_request',
  'unauthorized',
  'invalid_token',
  'expired_token',
  'invalid_code',
  'expired_code',
  'locked',
  'rate_limited',
  'not_found',
  'invalid_credential',
] as const;
export type ProviderErrorName = (typeof PROVIDER_ERRORS)[number];

/**
 * Every 4xx of the provider. `errorCode` is the same as `error` or finer (an expired token always has
 * `errorCode: 'expired_token'`). Code answers add `attemptsRemaining` (wrong code) or `retryAfterSeconds`
 * (cooldown, send limit, lock); wrong codes also carry `isVerified: false`.
 */
export const ProviderErrorSchema = v.object({
  error: v.string(),
  errorCode: v.optional(v.string()),
  errorDescription: v.string(),
  isVerified: v.optional(v.boolean()),
  attemptsRemaining: v.optional(v.number()),
  retryAfterSeconds: v.optional(v.number()),
});
export type ProviderError = v.InferOutput<typeof ProviderErrorSchema>;

// --- shared shapes ------------------------------------------------------------------------------------

/** The spec's challenge options: what the app hands the challenge dialog. */
export const ChallengeOptionsSchema = v.object({
  token: v.string(),
  user: v.object({
    email: v.optional(v.string()),
    phoneNumber: v.optional(v.string()),
  }),
  verificationMethods: v.optional(v.array(VerificationMethodSchema)),
  defaultVerificationMethod: v.optional(VerificationMethodSchema),
  /**
   * What the person confirms, written by the app server from the row the action changes ("Delete campaign
   * Spring Launch on Meta and TikTok"); the dialog shows it under its title. An additional field: a hosted
   * provider's options without it still parse.
   */
  description: v.optional(v.string()),
});
export type ChallengeOptions = v.InferOutput<typeof ChallengeOptionsSchema>;

export const AuthenticatorAttachmentSchema = v.picklist(['platform', 'cross-platform']);

/** One enrolled authenticator of a user. */
export const UserAuthenticatorSchema = v.object({
  userAuthenticatorId: v.string(),
  verificationMethod: VerificationMethodSchema,
  /** Human label: "Passkey", "Security key", the e-mail address, the phone number, "Authenticator app". */
  label: v.string(),
  /** ISO timestamps */
  createdAt: v.string(),
  verifiedAt: v.optional(v.nullable(v.string())),
  lastVerifiedAt: v.optional(v.nullable(v.string())),
  /** false until the first verification confirms the enrolment (TOTP code, e-mail/SMS code, magic link) */
  isVerified: v.boolean(),
  email: v.optional(v.string()),
  phoneNumber: v.optional(v.string()),
  /** WebAuthn only (passkeys and security keys) */
  credentialId: v.optional(v.string()),
  authenticatorAttachment: v.optional(AuthenticatorAttachmentSchema),
  transports: v.optional(v.array(v.string())),
  /** Recovery codes only: how many of the set are still unused. */
  recoveryCodesLeft: v.optional(v.number()),
});
export type UserAuthenticator = v.InferOutput<typeof UserAuthenticatorSchema>;

/**
 * What every successful `/client/...` call answers (all fields optional), plus the call-specific extras:
 * `uri`/`secret` (TOTP enrolment), `retryAfterSeconds` (when another send is allowed), `credentialIds`
 * (passkey availability check), `expiresAt` (code/link expiry, ISO).
 */
export const AuthenticationResultSchema = v.object({
  accessToken: v.optional(v.string()),
  isVerified: v.optional(v.boolean()),
  userId: v.optional(v.string()),
  userAuthenticatorId: v.optional(v.string()),
  username: v.optional(v.string()),
  userDisplayName: v.optional(v.string()),
  challengeId: v.optional(v.string()),
  /** PublicKeyCredentialCreationOptionsJSON or PublicKeyCredentialRequestOptionsJSON */
  options: v.optional(v.record(v.string(), v.unknown())),
  userAuthenticator: v.optional(UserAuthenticatorSchema),
  error: v.optional(v.string()),
  errorCode: v.optional(v.string()),
  errorDescription: v.optional(v.string()),
  // extras
  uri: v.optional(v.string()),
  secret: v.optional(v.string()),
  retryAfterSeconds: v.optional(v.number()),
  attemptsRemaining: v.optional(v.number()),
  credentialIds: v.optional(v.array(v.string())),
  expiresAt: v.optional(v.string()),
  /** Recovery-code enrolment only: the new set, in clear this once (the provider keeps only their hashes). */
  recoveryCodes: v.optional(v.array(v.string())),
});
export type AuthenticationResult = v.InferOutput<typeof AuthenticationResultSchema>;
/** Typed views of `options` for the WebAuthn calls. */
export type RegistrationOptionsResult = AuthenticationResult & {
  challengeId: string;
  options: PublicKeyCredentialCreationOptionsJSON;
};
export type AuthenticationOptionsResult = AuthenticationResult & {
  challengeId: string;
  options: PublicKeyCredentialRequestOptionsJSON;
};

// --- WebAuthn payloads (@simplewebauthn's JSON shapes) ---------------------------------------------------

const B64url = v.pipe(
  v.string(),
  v.regex(/^[A-Za-z0-9_-]*={0,2}$/, 'Expected base64url'),
  v.maxLength(65536),
);

export const RegistrationResponseJSONSchema = v.looseObject({
  id: B64url,
  rawId: B64url,
  response: v.looseObject({
    clientDataJSON: B64url,
    attestationObject: B64url,
    authenticatorData: v.optional(B64url),
    transports: v.optional(v.array(v.string())),
    publicKeyAlgorithm: v.optional(v.number()),
    publicKey: v.optional(B64url),
  }),
  authenticatorAttachment: v.optional(AuthenticatorAttachmentSchema),
  clientExtensionResults: v.optional(v.record(v.string(), v.unknown()), {}),
  type: v.literal('public-key'),
}) as v.GenericSchema<unknown, RegistrationResponseJSON>;

export const AuthenticationResponseJSONSchema = v.looseObject({
  id: B64url,
  rawId: B64url,
  response: v.looseObject({
    clientDataJSON: B64url,
    authenticatorData: B64url,
    signature: B64url,
    userHandle: v.optional(B64url),
  }),
  authenticatorAttachment: v.optional(AuthenticatorAttachmentSchema),
  clientExtensionResults: v.optional(v.record(v.string(), v.unknown()), {}),
  type: v.literal('public-key'),
}) as v.GenericSchema<unknown, AuthenticationResponseJSON>;

// --- request bodies (spec section 7) ----------------------------------------------------------------------

const Id = v.pipe(v.string('Expected a string id'), v.nonEmpty('Expected an id'), v.maxLength(200));
const Code = v.pipe(
  v.string('Enter a code'),
  v.trim(),
  v.regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), `The code is ${CODE_LENGTH} digits`),
);

/** POST /client/user-authenticators/passkey/registration-options */
export const PasskeyRegistrationOptionsRequestSchema = v.object({
  /** Optional, as in the hosted provider's browser SDK: without it the user's sign-in e-mail is shown. */
  username: v.optional(
    v.nullable(
      v.pipe(v.string('Expected a username'), v.trim(), v.nonEmpty('Expected a username'), v.maxLength(256)),
    ),
  ),
  authenticatorAttachment: v.optional(v.nullable(AuthenticatorAttachmentSchema)),
});
export type PasskeyRegistrationOptionsRequest = v.InferInput<typeof PasskeyRegistrationOptionsRequestSchema>;

/** POST /client/user-authenticators/passkey/authentication-options (`challengeId` from POST /client/challenge) */
export const PasskeyAuthenticationOptionsRequestSchema = v.object({
  challengeId: v.optional(v.nullable(Id)),
});
export type PasskeyAuthenticationOptionsRequest = v.InferInput<
  typeof PasskeyAuthenticationOptionsRequestSchema
>;

/** POST /client/user-authenticators/passkey */
export const PasskeyRegisterRequestSchema = v.object({
  challengeId: Id,
  registrationCredential: RegistrationResponseJSONSchema,
  conditionalCreate: v.optional(v.boolean()),
});
export type PasskeyRegisterRequest = {
  challengeId: string;
  registrationCredential: RegistrationResponseJSON;
  conditionalCreate?: boolean;
};

/** POST /client/verify/passkey */
export const PasskeyVerifyRequestSchema = v.object({
  challengeId: Id,
  authenticationCredential: AuthenticationResponseJSONSchema,
  deviceId: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(200)))),
});
export type PasskeyVerifyRequest = {
  challengeId: string;
  authenticationCredential: AuthenticationResponseJSON;
  deviceId?: string | null;
};

/**
 * GET /client/user-authenticators/passkey?credentialIds=a,b (comma-separated; the parameter may also repeat).
 * Answers `{ credentialIds }`: those of the given ids that are still registered passkeys of the tenant.
 */
export const PASSKEY_AVAILABILITY_QUERY = 'credentialIds';

/** POST /client/challenge: answers `{ challengeId }` for a passkey sign-in of that action. */
export const ChallengeRequestSchema = v.object({
  action: v.pipe(
    v.string('Expected an action'),
    v.trim(),
    v.nonEmpty('Expected an action'),
    v.maxLength(100),
    v.regex(/^[A-Za-z0-9_.:-]+$/, 'The action may only contain letters, digits and _ . : -'),
  ),
});
export type ChallengeRequest = v.InferInput<typeof ChallengeRequestSchema>;

/** POST /client/verify/totp, /client/verify/email-otp, /client/verify/sms */
export const VerifyCodeRequestSchema = v.object({ verificationCode: Code });
export type VerifyCodeRequest = v.InferInput<typeof VerifyCodeRequestSchema>;

/**
 * A recovery code as people type it: case, spaces and dashes do not matter, and the letters easily misread
 * as digits (o, i, l) count as those digits.
 */
export function normalizeRecoveryCode(value: string): string {
  return value.toLowerCase().replace(/[\s-]/g, '').replace(/o/g, '0').replace(/[il]/g, '1');
}

/** POST /client/verify/recovery-code */
export const VerifyRecoveryCodeRequestSchema = v.object({
  verificationCode: v.pipe(
    v.string('Enter a recovery code'),
    v.transform(normalizeRecoveryCode),
    v.nonEmpty('Enter a recovery code'),
    v.regex(
      new RegExp(`^[0-9a-z]{${RECOVERY_CODE_LENGTH}}$`),
      `A recovery code is ${RECOVERY_CODE_LENGTH} letters and digits`,
    ),
  ),
});

/** POST /client/user-authenticators/email-otp and /client/user-authenticators/email-magic-link */
export const EnrollEmailRequestSchema = v.object({
  email: v.pipe(
    v.string('Enter an e-mail address'),
    v.trim(),
    v.nonEmpty('Enter an e-mail address'),
    v.maxLength(254, 'That e-mail address is too long'),
    v.email('Enter a valid e-mail address'),
    v.toLowerCase(),
  ),
});
export type EnrollEmailRequest = v.InferInput<typeof EnrollEmailRequestSchema>;

/** POST /client/user-authenticators/sms: E.164 (`+` then 8–15 digits; spaces, dashes and parentheses are dropped). */
export const EnrollSmsRequestSchema = v.object({
  phoneNumber: v.pipe(
    v.string('Enter a phone number'),
    v.trim(),
    v.transform((s) => s.replace(/[\s().-]/g, '')),
    v.regex(/^\+[1-9]\d{7,14}$/, 'Enter the phone number in international format, e.g. +14155550123'),
  ),
});
export type EnrollSmsRequest = v.InferInput<typeof EnrollSmsRequestSchema>;

/** POST /client/verify/email-magic-link/finalize: an empty object. */
export const FinalizeMagicLinkRequestSchema = v.object({});

/** POST /client/user-authenticators/security-key/registration-options and .../authentication-options: `{}`. */
export const SecurityKeyOptionsRequestSchema = v.object({});

/**
 * POST /client/user-authenticators/security-key: the credential itself (RegistrationResponseJSON) as the body;
 * `{ challengeId?, registrationCredential }` is accepted too. The server finds the ceremony by the challenge
 * inside clientDataJSON.
 */
export const SecurityKeyRegisterRequestSchema = v.union([
  v.object({ challengeId: v.optional(Id), registrationCredential: RegistrationResponseJSONSchema }),
  RegistrationResponseJSONSchema,
]);
export type SecurityKeyRegisterRequest =
  | RegistrationResponseJSON
  | { challengeId?: string; registrationCredential: RegistrationResponseJSON };

/** POST /client/verify/security-key: the credential itself (AuthenticationResponseJSON), or wrapped like passkeys. */
export const SecurityKeyVerifyRequestSchema = v.union([
  v.object({ challengeId: v.optional(Id), authenticationCredential: AuthenticationResponseJSONSchema }),
  AuthenticationResponseJSONSchema,
]);
export type SecurityKeyVerifyRequest =
  | AuthenticationResponseJSON
  | { challengeId?: string; authenticationCredential: AuthenticationResponseJSON };

/** Every provider path below the base URL, for the client and the tests. */
export const PROVIDER_PATHS = {
  passkeyRegistrationOptions: '/client/user-authenticators/passkey/registration-options',
  passkeyAuthenticationOptions: '/client/user-authenticators/passkey/authentication-options',
  passkeyRegister: '/client/user-authenticators/passkey',
  passkeyAvailability: '/client/user-authenticators/passkey',
  passkeyVerify: '/client/verify/passkey',
  challenge: '/client/challenge',
  totpEnroll: '/client/user-authenticators/totp',
  totpVerify: '/client/verify/totp',
  emailOtpEnroll: '/client/user-authenticators/email-otp',
  emailOtpChallenge: '/client/challenge/email-otp',
  emailOtpVerify: '/client/verify/email-otp',
  smsEnroll: '/client/user-authenticators/sms',
  smsChallenge: '/client/challenge/sms',
  smsVerify: '/client/verify/sms',
  magicLinkEnroll: '/client/user-authenticators/email-magic-link',
  magicLinkChallenge: '/client/challenge/email-magic-link',
  magicLinkFinalize: '/client/verify/email-magic-link/finalize',
  securityKeyRegistrationOptions: '/client/user-authenticators/security-key/registration-options',
  securityKeyAuthenticationOptions: '/client/user-authenticators/security-key/authentication-options',
  securityKeyRegister: '/client/user-authenticators/security-key',
  securityKeyVerify: '/client/verify/security-key',
  recoveryCodesEnroll: '/client/user-authenticators/recovery-codes',
  recoveryCodeVerify: '/client/verify/recovery-code',
} as const;

// --- the app's own routes around the provider (/api/security/...) -------------------------------------------

/** POST /api/security/enrollment-token: what the settings page hands the client library. */
export const EnrollmentTokenResponseSchema = v.object({
  token: v.string(),
  baseUrl: v.string(),
  tenantId: v.string(),
});
export type EnrollmentTokenResponse = v.InferOutput<typeof EnrollmentTokenResponseSchema>;

/** GET /api/security/authenticators: the signed-in user's authenticators, newest first. */
export const AuthenticatorListSchema = v.object({ authenticators: v.array(UserAuthenticatorSchema) });
export type AuthenticatorList = v.InferOutput<typeof AuthenticatorListSchema>;

// --- the development outbox (/dev/outbox.json) ---------------------------------------------------------------

export const OutboxMessageSchema = v.object({
  id: v.string(),
  channel: v.picklist(['email', 'sms']),
  to: v.string(),
  subject: v.nullable(v.string()),
  text: v.string(),
  /** the one-time code in the message, when there is one */
  code: v.nullable(v.string()),
  /** the magic link in the message, when there is one */
  link: v.nullable(v.string()),
  createdAt: v.string(),
});
export type OutboxMessage = v.InferOutput<typeof OutboxMessageSchema>;
/** GET /dev/outbox.json[?to=<address or number>]: newest first. */
export const OutboxListSchema = v.object({ messages: v.array(OutboxMessageSchema) });
export type OutboxList = v.InferOutput<typeof OutboxListSchema>;
