import type { Context } from 'hono';
import { requestProtocol, TrustedProxies } from '../http/clientAddress';
import type { AppEnv } from '../http/env';

/**
 * Whether the cookies we set get `Secure`: when the browser talks HTTPS to us — the socket's TLS, or the
 * `X-Forwarded-Proto` of a TRUST_PROXY proxy (`requestProtocol`, the same rule as `clientAddress`). A header
 * any client can send must not decide it: a direct client claiming https over plain HTTP would otherwise get
 * cookies its own connection cannot send back, and the flag would stop meaning anything.
 */
export function isSecureRequest(c: Context): boolean {
  const trustProxy = (c as Context<AppEnv>).get('trustProxy') ?? TrustedProxies.none;
  return requestProtocol(c, { trustProxy }) === 'https:';
}
