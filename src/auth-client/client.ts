import { PROVIDER_PATHS } from '@contract/provider';
import { persistentCookieId } from './anonymousId';
import { EmailOtpApi, SmsApi, TotpApi } from './codes';
import { type AuthClientConfig, type ProviderRegion, type ResolvedConfig, resolveConfig } from './config';
import { type AuthResult, ClientCore } from './core';
import { EmailMagicLinkApi } from './emailMagicLink';
import { loadFingerprintScript } from './fingerprint';
import { ProviderHttp } from './http';
import type { LaunchOptions, LaunchResult } from './launch';
import { AuthClientUsageError, USAGE_ERROR_MESSAGES } from './messages';
import { PasskeyApi } from './passkey';
import { RecoveryCodesApi } from './recoveryCodes';
import type { AuthResponse } from './result';
import { SecurityKeyApi } from './securityKey';

/**
 * The authentication library (spec §5): a framework-free client of the step-up provider (the built-in one at
 * `/provider/v1`, or a hosted one with the same API), grouped like the hosted SDK.
 *
 * ```ts
 * const client = createAuthClient({ tenantId, onTokenExpired: () => closeDialog() });
 * client.setToken(challenge.token);
 * const { data, error } = await client.totp.verify({ code: '123456' });
 * // data.token: the verified token for the app server (it also replaced the current token)
 * ```
 */
export class AuthClient {
  readonly passkey: PasskeyApi;
  readonly securityKey: SecurityKeyApi;
  readonly totp: TotpApi;
  readonly emailOtp: EmailOtpApi;
  readonly sms: SmsApi;
  readonly emailMagicLink: EmailMagicLinkApi;
  readonly recoveryCodes: RecoveryCodesApi;
  private readonly core: ClientCore;
  private readonly config: ResolvedConfig;
  private region: ProviderRegion;

  /** Throws an AuthClientUsageError without a tenantId. */
  constructor(config: AuthClientConfig) {
    this.config = resolveConfig(config);
    this.region = config.region ?? 'default';
    this.core = new ClientCore(this.config, new ProviderHttp(this.config, () => this.baseUrl));
    this.passkey = new PasskeyApi(this.core);
    this.securityKey = new SecurityKeyApi(this.core);
    this.totp = new TotpApi(this.core);
    this.emailOtp = new EmailOtpApi(this.core);
    this.sms = new SmsApi(this.core);
    this.emailMagicLink = new EmailMagicLinkApi(this.core);
    this.recoveryCodes = new RecoveryCodesApi(this.core);
  }

  /** The token the next calls carry (a challenge or enrolment token from the app server). */
  setToken(token: string | null | undefined): void {
    this.core.setToken(token);
  }

  /** The current token: the one set, or the fresh one a successful verification returned. */
  get token(): string | undefined {
    return this.core.token;
  }

  /** The provider API the calls go to now. */
  get baseUrl(): string {
    return this.region === 'regional' && this.config.regionalBaseUrl
      ? this.config.regionalBaseUrl
      : this.config.baseUrl;
  }

  /** Sends the next calls to the default or the regional base URL ('regional' needs `regionalBaseUrl`). */
  selectRegion(region: ProviderRegion): void {
    if (region === 'regional' && !this.config.regionalBaseUrl)
      throw new AuthClientUsageError(USAGE_ERROR_MESSAGES.regionalBaseUrlMissing);
    this.region = region;
  }

  /** The persistent anonymous id of this browser (cookie `__as_aid`, or `cookieName`). */
  get anonymousId(): string {
    return this.core.anonymousId;
  }

  /**
   * The separate profiling id of this browser (cookie `__as_pid`, or `profilingCookieName`), for the
   * device-fingerprint script. Like the hosted SDK, the provider calls do not send it: only the script gets it.
   */
  get profilingId(): string {
    return persistentCookieId(this.config.profilingCookieName);
  }

  /**
   * Loads the device-fingerprint script at `url` (https) once per page, handing it the profiling id as
   * `data-profiling-id` (see fingerprint.ts). The page's CSP must allow its origin (the server does when
   * FINGERPRINT_SCRIPT_URL is set).
   */
  loadFingerprintScript(url: string): HTMLScriptElement {
    return loadFingerprintScript(url, this.profilingId);
  }

  /** POST /client/challenge {action}: starts a challenge for that action (answers its `challengeId`). Needs a token. */
  challenge({ action }: { action: string }): Promise<AuthResponse<AuthResult>> {
    return this.core.withToken(PROVIDER_PATHS.challenge, { body: { action } });
  }

  /**
   * Opens the provider's pre-built UI at `url` (see launch.ts): 'redirect' (default) navigates away;
   * 'popup' and 'window' resolve with the token it hands back. Loaded on first use (it brings its styles).
   */
  async launch(url: string, options: LaunchOptions = {}): Promise<LaunchResult | undefined> {
    const { launch } = await import('./launch');
    return launch(url, options);
  }
}

/** Creates a client; throws an AuthClientUsageError when the configuration lacks a tenantId. */
export function createAuthClient(config: AuthClientConfig): AuthClient {
  return new AuthClient(config);
}
