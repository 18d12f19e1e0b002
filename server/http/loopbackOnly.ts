import type { MiddlewareHandler } from 'hono';
import { clientAddress, isLoopback, type ProxySettings, socketAddress } from './clientAddress';
import { HttpError } from './errors';

/**
 * Development controls (the outbox, the sandbox clock) answer clients on this machine only: the socket's
 * peer (or, behind a TRUST_PROXY proxy, the forwarded client) must be a loopback address; anyone else gets a
 * 404, as if the route did not exist. A request relayed by a proxy we do not trust (it carries forwarding
 * headers) is refused too, so a reverse proxy on the same host does not make the control public.
 */
export function loopbackOnly(proxies: ProxySettings): MiddlewareHandler {
  return async (c, next) => {
    const relayed =
      !proxies.trustProxy.trusts(socketAddress(c)) &&
      (c.req.header('x-forwarded-for') !== undefined ||
        c.req.header('forwarded') !== undefined ||
        c.req.header('x-real-ip') !== undefined);
    if (relayed || !isLoopback(clientAddress(c, proxies))) {
      throw new HttpError(404, `No route for ${c.req.method} ${c.req.path}`);
    }
    await next();
  };
}
