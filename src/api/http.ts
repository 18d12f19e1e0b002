import { type ApiError as ApiErrorBody, ApiErrorSchema } from '@contract/errors';
import ky, { type HTTPError, isHTTPError, isTimeoutError, type Options } from 'ky';
import * as v from 'valibot';

/**
 * A refused or failed request, typed.
 *
 * - `kind: 'http'`: the server answered with a non-2xx status; `status` and the parsed error body
 *   (`message`, `errorCode`, `validationErrors`, `businessError`, see contract/errors.ts) are set.
 * - `kind: 'network'`: no answer (offline, DNS, refused connection, timeout); `status` is null.
 *
 * It satisfies machines/shared/errors `ServerFailure` when `kind` is 'http' (an Error with a numeric
 * status), and counts as a network failure otherwise.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: 'http' | 'network';
  readonly status: number | null;
  readonly errorCode: string | undefined;
  readonly validationErrors: ApiErrorBody['validationErrors'];
  readonly businessError: ApiErrorBody['businessError'];
  /** With errorCode CHALLENGE_REQUIRED: the step-up's challenge options (contract/stepUp.ts). */
  readonly challenge: ApiErrorBody['challenge'];

  constructor(
    init: { kind: 'http'; status: number; body: ApiErrorBody } | { kind: 'network'; message: string },
    options?: { cause?: unknown },
  ) {
    super(init.kind === 'http' ? init.body.message : init.message, options);
    this.kind = init.kind;
    if (init.kind === 'http') {
      this.status = init.status;
      this.errorCode = init.body.errorCode;
      this.validationErrors = init.body.validationErrors;
      this.businessError = init.body.businessError;
      this.challenge = init.body.challenge;
    } else {
      this.status = null;
      this.errorCode = undefined;
      this.validationErrors = undefined;
      this.businessError = undefined;
      this.challenge = undefined;
    }
  }

  get isNetworkError(): boolean {
    return this.kind === 'network';
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** A 2xx answer whose body does not have the shape the contract promises: a bug on one side. */
export class ResponseShapeError extends Error {
  override readonly name = 'ResponseShapeError';
}

export const NETWORK_FAILURE_MESSAGE = 'Could not reach the server. Check your connection and try again.';

/**
 * The browser's HTTP client: same origin, cookies included, JSON, no silent retries (machines own retrying).
 * The prefix is this page's origin, so every input (`api/…`, `data/…`) is origin-relative and runtimes whose
 * `Request` cannot resolve relative URLs (Node under jsdom) build the same absolute URL the browser does.
 *
 * ky 1, not 2: ky 2 requires Node 22 and this project runs on Node 20 (docs/testing.md). What ky 2 gives
 * that we used, the refused request's parsed body, the `beforeError` hook below reads.
 */
export const http = ky.create({
  prefixUrl: `${globalThis.location?.origin ?? ''}/`,
  credentials: 'include',
  retry: 0,
  timeout: 30_000,
  headers: { accept: 'application/json' },
  hooks: { beforeError: [withBody] },
});

/** A refused request's body, read once: JSON when it parses, its text otherwise (a proxy's error page). */
async function withBody(error: HTTPError): Promise<HTTPError> {
  let text = '';
  try {
    text = await error.response.clone().text();
  } catch {
    // A body that cannot be read (aborted) leaves only the status to go by.
  }
  let data: unknown = text;
  try {
    data = text === '' ? undefined : JSON.parse(text);
  } catch {
    // Not JSON: the text itself.
  }
  if (
    error.response.status === 401 &&
    (data as { errorCode?: unknown } | undefined)?.errorCode === 'UNAUTHENTICATED'
  ) {
    for (const listener of sessionEndedListeners) listener();
  }
  return Object.assign(error, { data });
}

const sessionEndedListeners = new Set<() => void>();

/**
 * Calls `listener` whenever the server answers a request with 401 UNAUTHENTICATED: the session ended under
 * the page (signed out elsewhere, or removed from the organization). The session root asks for the user
 * again and so sends the person to sign in, at their next click rather than on a page that cannot load.
 */
export function onSessionEnded(listener: () => void): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

/** Turns whatever ky threw into an ApiError; aborts and programming errors pass through unchanged. */
export function toApiError(error: unknown): unknown {
  if (isHTTPError(error)) {
    const status = error.response.status;
    const { data } = error as HTTPError & { data?: unknown };
    const parsed = v.safeParse(ApiErrorSchema, data);
    const body: ApiErrorBody = parsed.success
      ? parsed.output
      : {
          message: typeof data === 'string' && data.length < 200 && data ? data : fallbackMessage(status),
        };
    return new ApiError({ kind: 'http', status, body }, { cause: error });
  }
  if (isTimeoutError(error)) {
    return new ApiError({ kind: 'network', message: NETWORK_FAILURE_MESSAGE }, { cause: error });
  }
  // No answer at all: fetch's own TypeError ("Failed to fetch", "NetworkError when…", "Load failed", Node's
  // "fetch failed"), which ky passes on as it is.
  if (error instanceof TypeError && /fetch|network|load failed/i.test(error.message)) {
    return new ApiError({ kind: 'network', message: NETWORK_FAILURE_MESSAGE }, { cause: error });
  }
  return error;
}

function fallbackMessage(status: number): string {
  if (status === 404) return 'Not found';
  if (status >= 500) return 'Sorry, something went wrong.';
  return `The request failed (HTTP ${status}).`;
}

/** Sends one request; resolves with the raw Response (2xx), rejects with an ApiError. */
export async function send(path: string, options: Options = {}): Promise<Response> {
  try {
    // Inputs are relative to the origin with or without their leading slash (ky 1 refuses one after a prefix).
    return await http(path.replace(/^\/+/, ''), options);
  } catch (error) {
    throw toApiError(error);
  }
}

/** Reads a JSON body (empty body → undefined). A body that is not JSON is a ResponseShapeError. */
export async function readJson(response: Response, what: string): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new ResponseShapeError(`Unexpected response from ${what}: the body is not JSON.`);
  }
}

/** Validates `value` with `schema`, or throws a ResponseShapeError naming the request and the first problem. */
export function parseResponse<S extends v.GenericSchema>(
  schema: S,
  value: unknown,
  what: string,
): v.InferOutput<S> {
  const result = v.safeParse(schema, value);
  if (result.success) return result.output;
  const issue = result.issues[0];
  const path = issue ? v.getDotPath(issue) : null;
  throw new ResponseShapeError(
    `Unexpected response from ${what}: ${path ? `${path}: ` : ''}${issue?.message ?? 'invalid data'}`,
  );
}

/** GET/POST helpers returning the parsed body. */
export async function requestJson<S extends v.GenericSchema>(
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  schema: S,
  options: Omit<Options, 'method'> = {},
): Promise<v.InferOutput<S>> {
  const response = await send(path, { ...options, method });
  return parseResponse(
    schema,
    await readJson(response, `${method} /${path.replace(/^\//, '')}`),
    `${method} /${path.replace(/^\//, '')}`,
  );
}
