import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { isSecureRequest } from './secureCookie';

/**
 * A random id for this browser, set at its first successful sign-in (OWASP's "device cookie"). It proves
 * nothing by itself: it counts only where the server has recorded a successful sign-in of that account with
 * it (server/auth/throttle.ts), and then lets the owner through while others' failures slow the account.
 * Sent only to /api/auth, HttpOnly; browsers cap a cookie's life at 400 days.
 */
export const DEVICE_COOKIE = 'fp_device';
const DEVICE_DAYS = 400;
const DEVICE_ID = /^[A-Za-z0-9_-]{43}$/;

export const newDeviceId = () => randomBytes(32).toString('base64url');

export function readDeviceId(c: Context): string | undefined {
  const value = getCookie(c, DEVICE_COOKIE);
  return value && DEVICE_ID.test(value) ? value : undefined;
}

export function writeDeviceId(c: Context, deviceId: string): void {
  setCookie(c, DEVICE_COOKIE, deviceId, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: isSecureRequest(c),
    path: '/api/auth',
    maxAge: DEVICE_DAYS * 86_400,
  });
}
