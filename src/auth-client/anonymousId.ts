import Cookies from 'js-cookie';

/**
 * The persistent anonymous id (`__as_aid`, spec §3: a cookie "that never expires") and the separate
 * profiling id cookie (`__as_pid`) of the device-fingerprint script.
 *
 * A cookie cannot really be endless: browsers cap any Expires/Max-Age — Chromium and Safari at 400 days
 * (RFC 6265bis) — so a "never" date (year 9999) is silently shortened anyway. The longest lifetime browsers
 * keep is therefore 400 days, and the cookie is written again on every visit (every time the id is read
 * in a new page), which keeps it alive for as long as the person keeps coming back.
 */
export const PERSISTENT_COOKIE_MAX_AGE_DAYS = 400;

/** The persistent anonymous id cookie (spec §3 "Browser storage"). */
export const DEFAULT_ANONYMOUS_ID_COOKIE = '__as_aid';
/** The separate profiling (device fingerprint) id cookie. */
export const DEFAULT_PROFILING_ID_COOKIE = '__as_pid';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A random (version 4) UUID, also on insecure origins where `crypto.randomUUID` is missing. */
export function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const renewedThisPage = new Map<string, string>();

/**
 * Reads the id kept in cookie `name` (a new random UUID when it is missing or malformed) and, once per page,
 * writes it back with a fresh 400-day expiry. Without a document (Node) the id lives for the process only.
 */
export function persistentCookieId(name: string): string {
  const known = renewedThisPage.get(name);
  if (known) return known;
  const hasDocument = typeof document !== 'undefined';
  const existing = hasDocument ? Cookies.get(name) : undefined;
  const id = existing && UUID.test(existing) ? existing : randomUuid();
  if (hasDocument) {
    Cookies.set(name, id, {
      expires: PERSISTENT_COOKIE_MAX_AGE_DAYS,
      path: '/',
      sameSite: 'Lax',
      secure: globalThis.location?.protocol === 'https:',
    });
  }
  renewedThisPage.set(name, id);
  return id;
}

/** For tests: forget which cookies were read in this page, so the next read goes to document.cookie again. */
export function resetCookieIdCache(): void {
  renewedThisPage.clear();
}
