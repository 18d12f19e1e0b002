import { ProviderErrorSchema } from '@contract/provider';
import * as v from 'valibot';
import type { ResolvedConfig } from './config';
import { EXPIRED_TOKEN_ERROR_CODE } from './messages';
import { type AuthError, type AuthResponse, clientError } from './result';

/** How long one provider request may take before it counts as a network failure. */
export const REQUEST_TIMEOUT_MS = 30_000;

export interface ProviderRequest<S extends v.GenericSchema> {
  method: 'GET' | 'POST';
  /** Below the base URL, e.g. `/client/verify/totp` (contract PROVIDER_PATHS). */
  path: string;
  /** The JSON body of a POST (default `{}`; `null`: no body). */
  body?: unknown;
  query?: Record<string, string>;
  /** Bearer token; without one the tenant's Basic header is sent. */
  token?: string | undefined;
  /** The contract schema of a successful answer. */
  schema: S;
  /** Aborts the request; the abort reason is thrown (callers that pass a signal handle it). */
  signal?: AbortSignal | undefined;
}

/** `Basic base64("<tenantId>:")`: the tenant as user name and an empty password, UTF-8 encoded. */
export function basicAuthorization(tenantId: string): string {
  const bytes = new TextEncoder().encode(`${tenantId}:`);
  return `Basic ${btoa(String.fromCharCode(...bytes))}`;
}

/**
 * The provider's HTTP layer: JSON in and out, `Authorization: Bearer <token>` or the tenant's Basic header,
 * every answer parsed with the contract's valibot schemas. It never throws for a failed call: a body with
 * `error` or `errorDescription` (whatever the status), another non-2xx status, a network failure and a body
 * of the wrong shape all come back as an AuthError. `errorCode: 'expired_token'` also calls `onTokenExpired`.
 */
export class ProviderHttp {
  constructor(
    private readonly config: ResolvedConfig,
    private readonly baseUrl: () => string,
  ) {}

  async request<S extends v.GenericSchema>(
    request: ProviderRequest<S>,
  ): Promise<AuthResponse<v.InferOutput<S>>> {
    const url = new URL(`${this.baseUrl()}${request.path}`);
    for (const [key, value] of Object.entries(request.query ?? {})) url.searchParams.set(key, value);
    const headers: Record<string, string> = {
      accept: 'application/json',
      authorization: request.token ? `Bearer ${request.token}` : basicAuthorization(this.config.tenantId),
    };
    const init: RequestInit = { method: request.method, headers };
    if (request.method === 'POST' && request.body !== null) {
      headers['content-type'] = 'application/json';
      init.body = JSON.stringify(request.body ?? {});
    }
    init.signal = requestSignal(request.signal);

    let response: Response;
    let text: string;
    try {
      response = await this.config.fetch(url.href, init);
      text = await response.text();
    } catch (error) {
      if (request.signal?.aborted) throw request.signal.reason;
      return clientError('NETWORK_ERROR', networkDescription(error));
    }

    let body: unknown;
    try {
      body = text === '' ? {} : JSON.parse(text);
    } catch {
      return response.ok
        ? clientError('INVALID_RESPONSE', `${describe(request)} answered a body that is not JSON.`)
        : httpError(response.status);
    }

    if (isErrorBody(body)) return this.providerError(body);
    if (!response.ok) return httpError(response.status);
    const parsed = v.safeParse(request.schema, body);
    if (!parsed.success) {
      const issue = parsed.issues[0];
      const at = issue ? v.getDotPath(issue) : null;
      return clientError(
        'INVALID_RESPONSE',
        `${describe(request)} answered an unexpected shape${at ? ` at ${at}` : ''}: ${issue?.message ?? 'invalid data'}.`,
      );
    }
    return { data: parsed.output };
  }

  private providerError(body: Record<string, unknown>): AuthError {
    const parsed = v.safeParse(ProviderErrorSchema, body);
    const error: AuthError = parsed.success
      ? {
          error: parsed.output.error,
          errorCode: parsed.output.errorCode ?? parsed.output.error,
          errorDescription: parsed.output.errorDescription,
        }
      : {
          error: typeof body.error === 'string' && body.error ? body.error : 'unknown_error',
          errorCode: typeof body.errorCode === 'string' ? body.errorCode : undefined,
          errorDescription: typeof body.errorDescription === 'string' ? body.errorDescription : undefined,
        };
    if (parsed.success) {
      if (parsed.output.attemptsRemaining !== undefined)
        error.attemptsRemaining = parsed.output.attemptsRemaining;
      if (parsed.output.retryAfterSeconds !== undefined)
        error.retryAfterSeconds = parsed.output.retryAfterSeconds;
    }
    if (error.errorCode === EXPIRED_TOKEN_ERROR_CODE || error.error === EXPIRED_TOKEN_ERROR_CODE)
      this.config.onTokenExpired?.();
    return error;
  }
}

/** The caller's signal combined with the request timeout (just the caller's where AbortSignal.any is missing). */
function requestSignal(signal: AbortSignal | undefined): AbortSignal | undefined {
  if (typeof AbortSignal.timeout !== 'function') return signal;
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  if (!signal) return timeout;
  return typeof AbortSignal.any === 'function' ? AbortSignal.any([signal, timeout]) : signal;
}

function isErrorBody(body: unknown): body is Record<string, unknown> {
  if (!body || typeof body !== 'object') return false;
  const { error, errorDescription } = body as { error?: unknown; errorDescription?: unknown };
  return (
    (error !== undefined && error !== null) || (errorDescription !== undefined && errorDescription !== null)
  );
}

function httpError(status: number): AuthError {
  return {
    error: status >= 500 ? 'server_error' : 'http_error',
    errorCode: `http_${status}`,
    errorDescription: `The authentication provider answered HTTP ${status}.`,
  };
}

function describe(request: { method: string; path: string }): string {
  return `${request.method} ${request.path}`;
}

function networkDescription(error: unknown): string {
  if (error instanceof DOMException && error.name === 'TimeoutError')
    return 'The authentication provider did not answer in time. Try again.';
  return 'Could not reach the authentication provider. Check your connection and try again.';
}
