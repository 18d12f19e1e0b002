import {
  DEFAULT_ANONYMOUS_ID_COOKIE,
  PERSISTENT_COOKIE_MAX_AGE_DAYS,
  persistentCookieId,
  resetCookieIdCache,
} from '@src/auth-client/anonymousId';

/**
 * The persistent anonymous device id (spec §3 "Browser storage"): cookie `__as_aid`, "never expiring". It is
 * the same id the step-up client library sends as the passkey `deviceId`, so one module (auth-client's
 * anonymousId.ts) owns the cookie: a random UUID, written with the longest lifetime browsers keep (400 days)
 * and renewed on every visit.
 */
export const DEVICE_ID_COOKIE = DEFAULT_ANONYMOUS_ID_COOKIE;

export const DEVICE_ID_MAX_AGE_DAYS = PERSISTENT_COOKIE_MAX_AGE_DAYS;

/** Reads `__as_aid` (creating a random UUID when missing or malformed) and renews its expiry. */
export function getDeviceId(): string {
  return persistentCookieId(DEVICE_ID_COOKIE);
}

/** For tests: forget the id read in this page. */
export function resetDeviceIdCache() {
  resetCookieIdCache();
}
