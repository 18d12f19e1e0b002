import { PlatformError } from '../connector';

/** Graph's error body: `{ error: { message, type, code, error_subcode, error_user_title, error_user_msg, fbtrace_id } }`. */
export interface GraphErrorBody {
  message?: string;
  type?: string;
  code?: number;
  error_subcode?: number;
  error_user_title?: string;
  error_user_msg?: string;
  is_transient?: boolean;
  fbtrace_id?: string;
  error_data?: { blame_field_specs?: unknown } | string;
}

const RATE_LIMIT_CODES = new Set([4, 17, 32, 341, 613]);
const isRateLimit = (code: number) => RATE_LIMIT_CODES.has(code) || (code >= 80000 && code <= 80014);
/** Access problems: the token (190, 102), or the grant's permissions (10, 200–299). */
const isAuth = (code: number) => code === 190 || code === 102 || code === 10 || (code >= 200 && code <= 299);
/** Retry without waiting on a header: unknown (1), service (2), or Meta says so. */
const isTransient = (code: number) => code === 1 || code === 2;
const DEFAULT_WAIT_SECONDS = 60;

/** The field an error blames: `error_data.blame_field_specs` (a list of paths) joined as `targeting.age_min`. */
export function blamedField(error: GraphErrorBody): string | null {
  let data = error.error_data;
  if (typeof data === 'string') {
    try {
      data = JSON.parse(data) as { blame_field_specs?: unknown };
    } catch {
      return null;
    }
  }
  const specs = data?.blame_field_specs;
  if (!Array.isArray(specs) || specs.length === 0) return null;
  const first = specs[0];
  return Array.isArray(first) ? first.map(String).join('.') : String(first);
}

/**
 * How long Meta says to wait: the business-use-case header's `estimated_time_to_regain_access` (minutes), the
 * ad account's `reset_time_duration` (seconds); the longer of them, else a minute.
 */
export function waitSeconds(headers: Headers): number {
  const waits: number[] = [];
  const json = (name: string) => {
    const raw = headers.get(name);
    if (!raw) return null;
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      return null;
    }
  };
  const buc = json('x-business-use-case-usage') as Record<
    string,
    { estimated_time_to_regain_access?: number }[]
  > | null;
  if (buc && typeof buc === 'object')
    for (const entries of Object.values(buc))
      for (const entry of Array.isArray(entries) ? entries : [])
        if (
          typeof entry.estimated_time_to_regain_access === 'number' &&
          entry.estimated_time_to_regain_access > 0
        )
          waits.push(entry.estimated_time_to_regain_access * 60);
  const account = json('x-ad-account-usage') as { reset_time_duration?: number } | null;
  if (account && typeof account.reset_time_duration === 'number' && account.reset_time_duration > 0)
    waits.push(account.reset_time_duration);
  return waits.length ? Math.max(...waits) : DEFAULT_WAIT_SECONDS;
}

/**
 * A Graph error as our PlatformError. Meta answers almost every error with HTTP 400 and says what it is in
 * `code`: 190 → reconnect; 4/17/32/341/613/80000–80014 → wait as the headers say; 100 with subcode 33 (or 803)
 * → no such object; 100 and other field errors → `validation` in Meta's words for people (`error_user_msg`);
 * 1, 2, 5xx → unavailable.
 */
export function graphError(
  platform: string,
  displayName: string,
  status: number,
  error: GraphErrorBody | undefined,
  headers: Headers,
  context: { notFound?: string } = {},
): PlatformError {
  const code = Number(error?.code ?? 0);
  const message = error?.message ?? `HTTP ${status}`;
  if (isAuth(code))
    return new PlatformError(
      platform,
      'credentials_expired',
      `${displayName} refused the call: ${message}. Reconnect it under Platforms.`,
    );
  if (isRateLimit(code)) {
    const wait = waitSeconds(headers);
    return new PlatformError(
      platform,
      'rate_limited',
      `${displayName} is limiting requests; retry after ${wait} s.`,
      wait,
    );
  }
  if ((code === 100 && error?.error_subcode === 33) || code === 803)
    return new PlatformError(platform, 'not_found', context.notFound ?? `${displayName}: ${message}`);
  if (status >= 500 || isTransient(code) || (error?.is_transient && code !== 100))
    return new PlatformError(platform, 'unavailable', `${displayName} did not answer: ${message}`);
  if (error && (code === 100 || error.error_user_msg || status === 400)) {
    const field = blamedField(error);
    const said = error.error_user_msg ?? message;
    return new PlatformError(
      platform,
      'validation',
      field && !error.error_user_msg ? `${said} (${field})` : said,
    );
  }
  return new PlatformError(platform, 'unavailable', `${displayName} did not answer: ${message}`);
}
