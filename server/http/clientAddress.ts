import { BlockList, isIP } from 'node:net';
import type { Context } from 'hono';

/**
 * The proxies whose `X-Forwarded-For` / `X-Forwarded-Proto` we believe (TRUST_PROXY: IPs and CIDRs, comma
 * separated). Empty by default: then every header a client sends about its own address is ignored.
 */
export class TrustedProxies {
  private readonly list = new BlockList();

  private constructor(readonly entries: readonly string[]) {
    for (const entry of entries) {
      const [address = '', bits] = entry.split('/');
      const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
      if (bits === undefined) this.list.addAddress(address, family);
      else this.list.addSubnet(address, Number(bits), family);
    }
  }

  static readonly none = new TrustedProxies([]);

  /** Parses TRUST_PROXY; a malformed entry throws (the start stops). `loopback` is 127.0.0.0/8 and ::1. */
  static parse(value: string | undefined): TrustedProxies {
    const entries: string[] = [];
    for (const raw of (value ?? '').split(',')) {
      const entry = raw.trim();
      if (!entry) continue;
      if (entry === 'loopback') {
        entries.push('127.0.0.0/8', '::1');
        continue;
      }
      const [address = '', bits, ...rest] = entry.split('/');
      const version = isIP(address);
      const max = version === 6 ? 128 : 32;
      const validBits = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= max);
      if (version === 0 || !validBits || rest.length > 0) {
        throw new Error(
          `TRUST_PROXY must list IP addresses or CIDR ranges (e.g. "10.0.0.0/8, 192.168.1.5" or "loopback"); got "${entry}"`,
        );
      }
      entries.push(entry);
    }
    return entries.length ? new TrustedProxies(entries) : TrustedProxies.none;
  }

  trusts(address: string | undefined): boolean {
    if (!address || this.entries.length === 0) return false;
    const plain = unmapped(address);
    const version = isIP(plain);
    return version !== 0 && this.list.check(plain, version === 6 ? 'ipv6' : 'ipv4');
  }
}

/** `::ffff:10.0.0.1` (an IPv4 client of a dual-stack socket) is `10.0.0.1`. */
function unmapped(address: string): string {
  return /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(address) ? address.slice(7) : address;
}

/** The parts of the configuration the address helpers read (`ServerConfig`). */
export interface ProxySettings {
  trustProxy: TrustedProxies;
}

/**
 * The TCP peer, from the socket @hono/node-server hands in as `c.env.incoming`; never from a header.
 * Undefined when the app is called in-process (`app.request` in tests) without such an `env`.
 */
export function socketAddress(c: Context): string | undefined {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  const address = env?.incoming?.socket?.remoteAddress;
  return address ? unmapped(address) : undefined;
}

/**
 * Who is calling, as far as it can be known: the socket's peer, unless that peer is a proxy TRUST_PROXY names;
 * then the right-most address of `X-Forwarded-For` that is not itself a trusted proxy (everything left of it
 * was written by the client and proves nothing). The one place the server decides a client's address.
 */
export function clientAddress(c: Context, config: ProxySettings): string | undefined {
  const peer = socketAddress(c);
  if (!config.trustProxy.trusts(peer)) return peer;
  const hops = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i -= 1) {
    const hop = unmapped(hops[i] ?? '');
    if (!config.trustProxy.trusts(hop)) return hop;
  }
  return hops.length ? unmapped(hops[0] ?? '') : peer;
}

/**
 * `http:` or `https:` as the client used it: the socket's (TLS or not), or a trusted proxy's
 * `X-Forwarded-Proto`. In-process calls (tests) have no socket: the request URL's.
 */
export function requestProtocol(c: Context, config: ProxySettings): 'http:' | 'https:' {
  const env = c.env as { incoming?: { socket?: { encrypted?: boolean } } } | undefined;
  const socket = env?.incoming?.socket;
  if (config.trustProxy.trusts(socketAddress(c))) {
    const forwarded = c.req.header('x-forwarded-proto')?.split(',').pop()?.trim().toLowerCase();
    if (forwarded === 'https' || forwarded === 'http') return `${forwarded}:`;
  }
  if (socket) return socket.encrypted ? 'https:' : 'http:';
  return new URL(c.req.url).protocol === 'https:' ? 'https:' : 'http:';
}

/** 127.0.0.0/8 or ::1 (also IPv4-mapped). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const plain = unmapped(address);
  return plain === '::1' || (isIP(plain) === 4 && plain.startsWith('127.'));
}
