import { isIPv4, isIPv6 } from 'node:net';
import type { Context } from 'hono';
import { clientAddress, TrustedProxies } from '../http/clientAddress';
import type { AppEnv } from '../http/env';

/**
 * The caller's network address for sign-in throttling: the one `clientAddress` rule (the socket's peer,
 * or what a TRUST_PROXY proxy forwarded); `unknown` without a socket.
 */
export function signInAddress(c: Context<AppEnv>): string {
  return clientAddress(c, { trustProxy: c.get('trustProxy') ?? TrustedProxies.none }) || 'unknown';
}

/**
 * The throttling key of an address: IPv4 as is (IPv4-mapped IPv6 unwrapped), IPv6 by its /64 network, since
 * one subscriber is usually handed a whole /64 and could otherwise rotate addresses inside it.
 */
export function addressKey(address: string): string {
  const bare = address.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped?.[1]) return mapped[1];
  if (isIPv4(bare)) return bare;
  if (!isIPv6(bare)) return bare.slice(0, 100);
  const [head = '', tail] = bare.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
