import type { MiddlewareHandler } from 'hono';
import { type ProxySettings, requestProtocol } from './clientAddress';
import { HttpError } from './errors';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests sent by another site. Browsers label every request with
 * Sec-Fetch-Site (and Origin on POST); non-browser clients send neither and carry no ambient cookies
 * of a victim, so they pass. Together with SameSite=Lax cookies this is the CSRF defence.
 */
export function csrfProtection(
  config: ProxySettings & { publicOrigin: string | undefined },
): MiddlewareHandler {
  const { publicOrigin } = config;
  return async (c, next) => {
    if (SAFE.has(c.req.method)) return next();
    const site = c.req.header('sec-fetch-site');
    const origin = c.req.header('origin');
    const refused =
      (site !== undefined && site !== 'same-origin' && site !== 'none') ||
      (origin !== undefined &&
        !isOwnOrigin(origin, publicOrigin, {
          protocol: requestProtocol(c, config),
          host: c.req.header('host') ?? new URL(c.req.url).host,
        }));
    if (refused) throw new HttpError(403, 'Cross-site request refused', { errorCode: 'CSRF' });
    return next();
  };
}

/**
 * Without PUBLIC_ORIGIN the request's own origin is compared, scheme included: a page on `https://host` is
 * another origin than `http://host` (a man in the middle of the plain-HTTP one must not borrow the other's
 * trust). Behind a TLS-terminating proxy, set PUBLIC_ORIGIN, or TRUST_PROXY so its X-Forwarded-Proto counts.
 */
function isOwnOrigin(
  origin: string,
  publicOrigin: string | undefined,
  request: { protocol: string; host: string },
): boolean {
  if (publicOrigin) return origin === publicOrigin;
  try {
    const url = new URL(origin);
    return url.protocol === request.protocol && url.host === request.host;
  } catch {
    return false;
  }
}
