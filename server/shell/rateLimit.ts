import type { Context } from 'hono';
import type { AppEnv } from '../auth/sessions';
import { clientAddress, type ProxySettings } from '../http/clientAddress';
import { HttpError } from '../http/errors';

/**
 * A loose, per-process fixed-window limiter for fire-and-forget endpoints (client error reports,
 * analytics): enough to stop a render loop flooding a table, not a security boundary. With several
 * server instances each allows `limit` per window.
 */
export function rateLimiter(options: { limit: number; windowMs: number; message: string; maxKeys?: number }) {
  const windows = new Map<string, { start: number; count: number }>();
  const maxKeys = options.maxKeys ?? 10_000;

  function prune(now: number) {
    for (const [key, w] of windows) if (now - w.start >= options.windowMs) windows.delete(key);
    // Still full (many live callers): forget the oldest; the limit is loose by design.
    while (windows.size >= maxKeys) {
      const oldest = windows.keys().next().value;
      if (oldest === undefined) break;
      windows.delete(oldest);
    }
  }

  /** Counts one request for `key`; throws 429 with Retry-After once the window's limit is used up. */
  return function hit(key: string, now = Date.now()): void {
    let w = windows.get(key);
    if (!w || now - w.start >= options.windowMs) {
      if (!w && windows.size >= maxKeys) prune(now);
      w = { start: now, count: 0 };
      windows.set(key, w);
    }
    w.count += 1;
    if (w.count > options.limit) {
      const retryAfter = Math.max(1, Math.ceil((w.start + options.windowMs - now) / 1000));
      throw new HttpError(
        429,
        options.message,
        { errorCode: 'THROTTLED' },
        { 'Retry-After': String(retryAfter) },
      );
    }
  };
}

/**
 * Who is calling, for throttling: the session when signed in, otherwise the client address (`clientAddress`:
 * the socket's, or what a TRUST_PROXY proxy forwarded; never a header the client wrote itself).
 */
export function callerKey(c: Context<AppEnv>, proxies: ProxySettings): string {
  const session = c.get('session');
  if (session) return `session:${session.id}`;
  return `ip:${clientAddress(c, proxies) ?? ''}`;
}
