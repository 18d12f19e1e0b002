import { CLIENT_ERROR_MAX_BYTES, ClientErrorReportSchema } from '@contract/analytics';
import { Hono } from 'hono';
import type { ProxySettings } from '../http/clientAddress';
import type { AppEnv } from '../http/env';
import { parseWith } from '../http/errors';
import { allow } from '../http/policy';
import { callerKey, rateLimiter } from '../http/rateLimit';
import { readSmallJsonObject } from '../http/readBody';
import { insertClientError } from './store';

export const CLIENT_ERRORS_PER_MINUTE = 30;
const THROTTLED = 'Too many error reports; the next ones are dropped for a minute.';

/** POST /api/client-errors: the browser's error reports, signed in or not. */
export function createClientErrorRoutes({ proxies }: { proxies: ProxySettings }): Hono<AppEnv> {
  const perCaller = rateLimiter({
    name: 'client-errors',
    limit: CLIENT_ERRORS_PER_MINUTE,
    windowMs: 60_000,
    message: THROTTLED,
  });
  // Signed-out callers are told apart only by address: cap them together as well.
  const signedOut = rateLimiter({
    name: 'client-errors-signed-out',
    limit: 10 * CLIENT_ERRORS_PER_MINUTE,
    windowMs: 60_000,
    message: THROTTLED,
  });
  const routes = new Hono<AppEnv>();

  routes.post('/api/client-errors', allow('public'), async (c) => {
    const session = c.get('session');
    await perCaller(c, callerKey(c, proxies));
    if (!session) await signedOut(c, 'all');
    const body = await readSmallJsonObject(
      c,
      CLIENT_ERROR_MAX_BYTES,
      `The error report must be ${CLIENT_ERROR_MAX_BYTES / 1024} KB or smaller`,
    );
    const report = parseWith(ClientErrorReportSchema, body);
    const userAgent = report.userAgent ?? c.req.header('user-agent')?.slice(0, 500) ?? null;
    const row = {
      userId: session?.userId ?? null,
      organizationId: session?.organizationId ?? null,
      message: report.message,
      stack: report.stack ?? null,
      url: report.url,
      status: report.status ?? null,
      componentStack: report.componentStack ?? null,
      userAgent,
    };
    await insertClientError(c.get('db'), row);
    // One line per report, so log search finds it; the stack stays in the table.
    console.error(
      `client error: ${JSON.stringify({
        message: row.message.slice(0, 500),
        url: row.url.slice(0, 500),
        status: row.status,
        userId: row.userId,
        organizationId: row.organizationId,
        at:
          row.stack
            ?.split('\n')
            .find((line) => line.trim().startsWith('at '))
            ?.trim() ?? null,
      })}`,
    );
    // Nothing of the caller's in the answer; `no-store` on a keepalive fetch keeps the page from going idle.
    c.header('Cache-Control', 'no-cache');
    return c.json({ received: true as const }, 202);
  });

  return routes;
}
