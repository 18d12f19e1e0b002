import { type AuthenticationResult, AuthenticationResultSchema } from '@contract/provider';
import type * as v from 'valibot';
import { persistentCookieId } from './anonymousId';
import type { ResolvedConfig } from './config';
import type { ProviderHttp } from './http';
import { type AuthResponse, isAuthError, tokenNotSet } from './result';

/**
 * An authentication result of spec §3 as the client hands it out: the provider's `accessToken` is returned
 * as `token` (and has replaced the client's current token); `options` and the error fields are dropped
 * (errors come back as an AuthError instead).
 */
export type AuthResult = Omit<
  AuthenticationResult,
  'accessToken' | 'options' | 'error' | 'errorCode' | 'errorDescription'
> & {
  token?: string;
};

export interface CallOptions {
  method?: 'GET' | 'POST';
  /** JSON body of a POST; `null` sends no body at all. Default `{}`. */
  body?: unknown;
  query?: Record<string, string>;
  signal?: AbortSignal;
}

/** What every call group shares: the configuration, the HTTP layer and the current token. */
export class ClientCore {
  private currentToken: string | undefined;

  constructor(
    readonly config: ResolvedConfig,
    readonly http: ProviderHttp,
  ) {}

  get token(): string | undefined {
    return this.currentToken;
  }

  setToken(token: string | null | undefined): void {
    this.currentToken = token || undefined;
  }

  /** The persistent anonymous id (`__as_aid` by default): the `deviceId` of passkey verifications. */
  get anonymousId(): string {
    return persistentCookieId(this.config.cookieName);
  }

  /**
   * A call that needs a token (enrol, challenge, verify: spec §5): without the given or current token it
   * answers TOKEN_NOT_SET and sends nothing. A returned `accessToken` replaces the current token.
   */
  async withToken(
    path: string,
    options: CallOptions = {},
    token = this.currentToken,
  ): Promise<AuthResponse<AuthResult>> {
    if (!token) return tokenNotSet();
    return this.toResult(await this.raw(path, options, token));
  }

  /** A call with an explicit token, or the tenant's Basic header when `token` is undefined. */
  async withOptionalToken(
    path: string,
    options: CallOptions,
    token: string | undefined,
  ): Promise<AuthResponse<AuthResult>> {
    return this.toResult(await this.raw(path, options, token));
  }

  /** The raw provider answer (accessToken and options included), parsed with `schema`. */
  raw<S extends v.GenericSchema = typeof AuthenticationResultSchema>(
    path: string,
    options: CallOptions,
    token: string | undefined,
    schema?: S,
  ): Promise<AuthResponse<v.InferOutput<S>>> {
    return this.http.request({
      method: options.method ?? 'POST',
      path,
      body: options.body,
      query: options.query,
      token,
      signal: options.signal,
      schema: (schema ?? AuthenticationResultSchema) as S,
    });
  }

  /** Maps a raw answer to the client's result, replacing the current token with a returned accessToken. */
  toResult(response: AuthResponse<AuthenticationResult>): AuthResponse<AuthResult> {
    if (isAuthError(response)) return response;
    const {
      accessToken,
      options: _options,
      error: _e,
      errorCode: _c,
      errorDescription: _d,
      ...rest
    } = response.data;
    if (accessToken) this.currentToken = accessToken;
    return { data: accessToken ? { ...rest, token: accessToken } : rest };
  }
}
