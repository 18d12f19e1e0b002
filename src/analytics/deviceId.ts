import Cookies from 'js-cookie';

/** The persistent anonymous device id (spec §3 "Browser storage"): cookie `__as_aid`, never expiring. */
export const DEVICE_ID_COOKIE = '__as_aid';

/**
 * "Never expires" as far as browsers allow: Chromium caps a cookie's lifetime at 400 days, so the cookie
 * is written again on every visit, which keeps it alive for as long as the person keeps coming back.
 */
export const DEVICE_ID_MAX_AGE_DAYS = 400;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Insecure origins (plain http on another host than localhost) have no randomUUID.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

let cached: string | null = null;

/** Reads `__as_aid` (creating a random UUID when missing or malformed) and renews its expiry. */
export function getDeviceId(): string {
  if (cached) return cached;
  const existing = Cookies.get(DEVICE_ID_COOKIE);
  const id = existing && UUID.test(existing) ? existing : randomUuid();
  Cookies.set(DEVICE_ID_COOKIE, id, {
    expires: DEVICE_ID_MAX_AGE_DAYS,
    path: '/',
    sameSite: 'Lax',
    secure: globalThis.location?.protocol === 'https:',
  });
  cached = id;
  return id;
}

/** For tests: forget the id read in this page. */
export function resetDeviceIdCache() {
  cached = null;
}
