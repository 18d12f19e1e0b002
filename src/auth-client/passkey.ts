import { AuthenticationResultSchema, PASSKEY_AVAILABILITY_QUERY, PROVIDER_PATHS } from '@contract/provider';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import * as v from 'valibot';
import type { AuthResult, ClientCore } from './core';
import { AuthClientUsageError, USAGE_ERROR_MESSAGES } from './messages';
import {
  forgetPasskeyCredential,
  keepPasskeyCredentials,
  passkeyCredentialIds,
  rememberPasskeyCredential,
} from './passkeyMap';
import { type AuthResponse, clientError, isAuthError, tokenNotSet } from './result';
import { createCredential, getCredential, getCredentialNow, webAuthnUnavailable } from './webauthn';

/** A WebAuthn ceremony whose options are fetched: `start()` asks the browser at once (call it from a click). */
export interface PreparedCeremony {
  start(): Promise<AuthResponse<AuthResult>>;
}

/** The provider's errorCode for a passkey it does not (or no longer) know. */
export const UNKNOWN_CREDENTIAL_ERROR_CODE = 'unknown_credential';

/** A registration/authentication options answer: `challengeId` and the WebAuthn `options` are required. */
export const WebAuthnOptionsResultSchema = v.object({
  ...AuthenticationResultSchema.entries,
  challengeId: v.string(),
  options: v.record(v.string(), v.unknown()),
});

export const PasskeyAvailabilitySchema = v.object({
  ...AuthenticationResultSchema.entries,
  credentialIds: v.array(v.string()),
});

export interface PasskeySignUpParams {
  /** The name the passkey is saved under (usually the user's e-mail address). */
  username: string;
  /** Default: the client's current token. */
  token?: string;
  /** 'platform' (default: a passkey on this device) or 'cross-platform'. */
  authenticatorAttachment?: 'platform' | 'cross-platform' | null;
  /** Create the passkey silently with the password manager just used (conditional create). */
  useAutoRegister?: boolean;
}

export interface PasskeySignInParams {
  /**
   * A step-up: verify the challenge token's user (not with `autofill` or `action`). Like the hosted SDK, the
   * client's current token is not used implicitly: without this the sign-in is usernameless (tenant Basic).
   */
  token?: string;
  /** A usernameless sign-in for this action (POST /client/challenge first); not with `token`. */
  action?: string;
  /** Offer the passkeys in the autofill of an `<input autocomplete="username webauthn">`; not with `token`. */
  autofill?: boolean;
  /** Called once the user has picked a passkey, before the provider verifies it. */
  onVerificationStarted?: () => void;
}

/**
 * Only one autofill (conditional mediation) sign-in runs at a time: a second one while the first still waits
 * for the user is refused with AUTOFILL_PENDING (the first keeps its prompt). A non-autofill passkey or
 * security-key ceremony started meanwhile cancels the waiting autofill (it then answers CEREMONY_ABORTED).
 */
let autofillPending = false;

export class PasskeyApi {
  constructor(private readonly core: ClientCore) {}

  /**
   * Adds a passkey: registration options → the browser creates the credential → register. Needs a token
   * (given or current). A verified passkey made on this device is remembered in `as_user_passkey_map`.
   */
  async signUp(params: PasskeySignUpParams): Promise<AuthResponse<AuthResult>> {
    const token = params.token ?? this.core.token;
    if (!token) return tokenNotSet();
    const unavailable = await webAuthnUnavailable();
    if (unavailable) return unavailable;
    const options = await this.core.raw(
      PROVIDER_PATHS.passkeyRegistrationOptions,
      {
        body: {
          username: params.username,
          authenticatorAttachment: params.authenticatorAttachment ?? 'platform',
        },
      },
      token,
      WebAuthnOptionsResultSchema,
    );
    if (isAuthError(options)) return options;
    const credential = await createCredential(
      options.data.options as unknown as PublicKeyCredentialCreationOptionsJSON,
      {
        useAutoRegister: params.useAutoRegister,
      },
    );
    if (isAuthError(credential)) return credential;
    const registered = await this.core.withToken(
      PROVIDER_PATHS.passkeyRegister,
      {
        body: {
          challengeId: options.data.challengeId,
          registrationCredential: credential.data,
          conditionalCreate: params.useAutoRegister ?? false,
        },
      },
      token,
    );
    if (!isAuthError(registered) && registered.data.isVerified)
      rememberPasskeyCredential({
        userId: registered.data.userId,
        id: credential.data.id,
        authenticatorAttachment: credential.data.authenticatorAttachment,
      });
    return registered;
  }

  /**
   * Signs in with a passkey: (POST /client/challenge {action} when an action is given) → authentication
   * options → the browser's prompt (or autofill) → verify with `deviceId` = the anonymous id. Without a token
   * the calls carry the tenant's Basic header (a usernameless sign-in).
   * Throws an AuthClientUsageError for `token` + `autofill` and for `action` + `token` (spec §5).
   */
  async signIn(params: PasskeySignInParams = {}): Promise<AuthResponse<AuthResult>> {
    if (params.token && params.autofill)
      throw new AuthClientUsageError(USAGE_ERROR_MESSAGES.tokenWithAutofill);
    if (params.action && params.token) throw new AuthClientUsageError(USAGE_ERROR_MESSAGES.actionWithToken);
    const unavailable = await webAuthnUnavailable({ autofill: params.autofill });
    if (unavailable) return unavailable;
    if (params.autofill) {
      if (autofillPending) return clientError('AUTOFILL_PENDING');
      autofillPending = true;
    }
    try {
      return await this.runSignIn(params);
    } finally {
      if (params.autofill) autofillPending = false;
    }
  }

  private async runSignIn(params: PasskeySignInParams): Promise<AuthResponse<AuthResult>> {
    let challengeId: string | undefined;
    if (params.action) {
      const challenge = await this.core.raw(
        PROVIDER_PATHS.challenge,
        { body: { action: params.action } },
        undefined,
      );
      if (isAuthError(challenge)) return challenge;
      challengeId = challenge.data.challengeId;
    }
    const options = await this.core.raw(
      PROVIDER_PATHS.passkeyAuthenticationOptions,
      { body: { challengeId } },
      params.token,
      WebAuthnOptionsResultSchema,
    );
    if (isAuthError(options)) return options;
    const credential = await getCredential(
      options.data.options as unknown as PublicKeyCredentialRequestOptionsJSON,
      {
        autofill: params.autofill,
      },
    );
    if (isAuthError(credential)) return credential;
    params.onVerificationStarted?.();
    return this.verifyAssertion(options.data.challengeId, credential.data, params.token);
  }

  /**
   * A step-up sign-in in two steps, for a browser that only starts WebAuthn from a click (Safari in a frame):
   * the authentication options are fetched now; `start()`, called from the click handler, asks the browser
   * at once and then verifies. Needs the challenge token.
   */
  async prepareSignIn({ token }: { token: string }): Promise<AuthResponse<PreparedCeremony>> {
    if (!token) return tokenNotSet();
    const unavailable = await webAuthnUnavailable();
    if (unavailable) return unavailable;
    const options = await this.core.raw(
      PROVIDER_PATHS.passkeyAuthenticationOptions,
      { body: {} },
      token,
      WebAuthnOptionsResultSchema,
    );
    if (isAuthError(options)) return options;
    return {
      data: {
        start: () =>
          getCredentialNow(options.data.options as unknown as PublicKeyCredentialRequestOptionsJSON).then(
            (credential) =>
              isAuthError(credential)
                ? credential
                : this.verifyAssertion(options.data.challengeId, credential.data, token),
          ),
      },
    };
  }

  private async verifyAssertion(
    challengeId: string | undefined,
    credential: AuthenticationResponseJSON,
    token: string | undefined,
  ): Promise<AuthResponse<AuthResult>> {
    const verified = await this.core.withOptionalToken(
      PROVIDER_PATHS.passkeyVerify,
      { body: { challengeId, authenticationCredential: credential, deviceId: this.core.anonymousId } },
      token,
    );
    // The provider no longer has this passkey (removed elsewhere): stop offering it from this device.
    if (isAuthError(verified) && verified.errorCode === UNKNOWN_CREDENTIAL_ERROR_CODE)
      forgetPasskeyCredential(credential.id);
    if (!isAuthError(verified) && verified.data.isVerified)
      rememberPasskeyCredential({
        userId: verified.data.userId,
        id: credential.id,
        authenticatorAttachment: credential.authenticatorAttachment,
      });
    return verified;
  }

  /**
   * Whether `userId` has a passkey on this device: the ids remembered in `as_user_passkey_map`, checked with
   * the provider (GET /client/user-authenticators/passkey?credentialIds=…). Ids the provider no longer knows
   * are dropped from the map. False when nothing is remembered or the provider cannot be asked.
   * Throws an AuthClientUsageError without a userId (spec §5).
   */
  async isAvailableOnDevice({ userId }: { userId: string }): Promise<boolean> {
    if (!userId) throw new AuthClientUsageError(USAGE_ERROR_MESSAGES.userIdRequired);
    const ids = passkeyCredentialIds(userId);
    if (ids.length === 0) return false;
    const answer = await this.core.raw(
      PROVIDER_PATHS.passkeyAvailability,
      { method: 'GET', query: { [PASSKEY_AVAILABILITY_QUERY]: ids.join(',') } },
      undefined,
      PasskeyAvailabilitySchema,
    );
    if (isAuthError(answer)) return false;
    keepPasskeyCredentials(userId, answer.data.credentialIds);
    return answer.data.credentialIds.some((id) => ids.includes(id));
  }
}
