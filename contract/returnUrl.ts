/**
 * Stands for our own origin while parsing (the result keeps no origin, so which host it names does not
 * matter): a reserved `.invalid` name (RFC 2606).
 */
const OWN_ORIGIN = 'https://flightplan.invalid';

/**
 * The one rule for every return URL the app accepts (sign-in, sign-up, /organization/switch,
 * /account/switch), on the server and in the browser: a place on our own site, or `fallback`.
 *
 * The value must be a path (`/…`). It is parsed with the WHATWG URL parser against our own origin, as a
 * browser would resolve it, and kept only when it stays on that origin; what comes back is the parsed path,
 * query and hash, never a scheme or host. That refuses absolute (`https://evil.example`), protocol-relative
 * (`//evil.example`), backslash (`/\evil.example`) and `javascript:` values, and the tab or newline that
 * browsers strip (`/<TAB>/evil.example` is `//evil.example` to them); any control character is refused
 * outright, so nothing unparsed ever reaches a `Location` header. A dot segment that collapses to `//`
 * (`/.//evil.example`) is refused too.
 */
export function safeReturnUrl(value: string | null | undefined, fallback = '/'): string {
  if (typeof value !== 'string' || !value.startsWith('/')) return fallback;
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f) return fallback;
  }
  let url: URL;
  try {
    url = new URL(value, OWN_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== OWN_ORIGIN) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return path.startsWith('/') && !path.startsWith('//') ? path : fallback;
}
