/**
 * Only same-origin paths are followed after signing in: an absolute (`https://evil.example`),
 * protocol-relative (`//evil.example`) or backslash (`/\evil.example`) value would be an open redirect.
 * The same rule as the server's `safeReturnUrl`.
 */
export function safeReturnUrl(value: string | null | undefined, fallback = '/'): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  // Control characters (tabs, newlines) are stripped by URL parsers and could smuggle a second slash in.
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f) return fallback;
  }
  return value;
}

/** `/auth/login?returnUrl=<path+search>`: where a signed-out visit is sent. */
export function loginPathFor(returnTo: string): string {
  const safe = safeReturnUrl(returnTo, '');
  return safe && safe !== '/' ? `/auth/login?returnUrl=${encodeURIComponent(safe)}` : '/auth/login';
}
