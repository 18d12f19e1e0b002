import type { Context } from 'hono';
import type pg from 'pg';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { clientAddress, type ProxySettings } from './clientAddress';
import type { AppEnv } from './env';
import { HttpError } from './errors';

/**
 * A fixed-window limiter for fire-and-forget endpoints (client error reports, analytics), counted in
 * PostgreSQL (`rate_limits`, rate-limiter-flexible's store) so that every API process and machine sees
 * the same count: with WEB_CONCURRENCY=4 a caller still gets `limit` per window, not four times as many.
 * Not a security boundary (sign-in throttling has its own table); enough to stop a render loop flooding
 * a table.
 */
export function rateLimiter(options: { name: string; limit: number; windowMs: number; message: string }) {
  const limiters = new WeakMap<pg.Pool, RateLimiterPostgres>();
  const limiterFor = (pool: pg.Pool) => {
    let limiter = limiters.get(pool);
    if (!limiter) {
      limiter = new RateLimiterPostgres({
        storeClient: pool,
        tableName: 'rate_limits',
        tableCreated: true, // migration 0013
        clearExpiredByTimeout: true,
        keyPrefix: options.name,
        points: options.limit,
        duration: Math.ceil(options.windowMs / 1000),
      });
      limiters.set(pool, limiter);
    }
    return limiter;
  };

  /** Counts one request for `key`; throws 429 with Retry-After once the window's limit is used up. */
  return async function hit(c: Context<AppEnv>, key: string): Promise<void> {
    try {
      await limiterFor(c.get('db').$client).consume(key);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection; // the database failing is a 500
      const retryAfter = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
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
