import { PROVIDER_PATHS } from '@contract/provider';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { AuthResult, ClientCore } from './core';
import { type PreparedCeremony, WebAuthnOptionsResultSchema } from './passkey';
import { type AuthResponse, isAuthError, tokenNotSet } from './result';
import { createCredential, getCredentialNow, webAuthnUnavailable } from './webauthn';

/**
 * Hardware security keys (cross-platform authenticators). Both calls need the current token. Security keys
 * are never written to `as_user_passkey_map`: they are not bound to this device.
 */
export class SecurityKeyApi {
  constructor(private readonly core: ClientCore) {}

  /** Registration options → the browser creates the credential → POST it as the body. */
  async enroll(): Promise<AuthResponse<AuthResult>> {
    const token = this.core.token;
    if (!token) return tokenNotSet();
    const unavailable = await webAuthnUnavailable();
    if (unavailable) return unavailable;
    const options = await this.core.raw(
      PROVIDER_PATHS.securityKeyRegistrationOptions,
      { body: {} },
      token,
      WebAuthnOptionsResultSchema,
    );
    if (isAuthError(options)) return options;
    const credential = await createCredential(
      options.data.options as unknown as PublicKeyCredentialCreationOptionsJSON,
    );
    if (isAuthError(credential)) return credential;
    return this.core.withToken(PROVIDER_PATHS.securityKeyRegister, { body: credential.data }, token);
  }

  /**
   * `verify` in two steps, for a browser that only starts WebAuthn from a click (Safari in a frame): the
   * options are fetched now; `start()`, called from the click handler, asks for the key at once.
   */
  async prepareVerify(): Promise<AuthResponse<PreparedCeremony>> {
    const token = this.core.token;
    if (!token) return tokenNotSet();
    const unavailable = await webAuthnUnavailable();
    if (unavailable) return unavailable;
    const options = await this.core.raw(
      PROVIDER_PATHS.securityKeyAuthenticationOptions,
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
                : this.core.withToken(PROVIDER_PATHS.securityKeyVerify, { body: credential.data }, token),
          ),
      },
    };
  }

  /** Authentication options → the browser asks for the key → POST the assertion as the body. */
  async verify(): Promise<AuthResponse<AuthResult>> {
    const prepared = await this.prepareVerify();
    if (isAuthError(prepared)) return prepared;
    return prepared.data.start();
  }
}
