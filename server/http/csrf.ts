import type { MiddlewareHandler } from 'hono';
import { HttpError } from './errors';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests sent by another site. Browsers label every request with
 * Sec-Fetch-Site (and Origin on POST); non-browser clients send neither and carry no ambient cookies
 * of a victim, so they pass. Together with SameSite=Lax cookies this is the CSRF defence.
 */
export function csrfProtection(publicOrigin: string | undefined): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE.has(c.req.method)) return next();
    const site = c.req.header('sec-fetch-site');
    const origin = c.req.header('origin');
    const refused =
      (site !== undefined && site !== 'same-origin' && site !== 'none') ||
      (origin !== undefined &&
        !isOwnOrigin(origin, publicOrigin, c.req.header('host') ?? new URL(c.req.url).host));
    if (refused) throw new HttpError(403, 'Cross-site request refused', { errorCode: 'CSRF' });
    return next();
  };
}

/** Behind a TLS-terminating proxy the scheme differs, so without PUBLIC_ORIGIN the host is compared. */
function isOwnOrigin(origin: string, publicOrigin: string | undefined, host: string | undefined): boolean {
  if (publicOrigin) return origin === publicOrigin;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
