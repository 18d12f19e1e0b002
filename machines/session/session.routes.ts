/**
 * Which paths the session treats specially (spec §4 "Session"). Pure helpers shared by the machine, its
 * connect() and the views. Paths match by segment prefix: `/organizations` covers `/organizations/new`
 * but not `/organizationsx`.
 */

/** Pages that work without a signed-in user, and that the session never navigates away from. */
export const EXEMPT_PATHS = [
  '/appsumo/activate',
  // The invitation e-mail's link (issue 26): signed-out visitors sign up or in there.
  '/auth/invitation',
  '/auth/federate',
  '/bff',
  '/onboarding',
  '/organizations',
  // The charts explorer (issue 30): its API decides who may read it (signed-in members, or everyone).
  '/charts',
] as const;

/** The sign-in, sign-up and sign-out pages: the session is not consulted there. */
export const AUTH_PATHS = ['/auth/login', '/auth/signup', '/auth/logout'] as const;

export const LOGIN_PATH = '/auth/login';
export const LOGOUT_PATH = '/auth/logout';
export const ONBOARDING_PATH = '/onboarding';
export const ACCOUNTS_PATH = '/accounts';
export const ORGANIZATION_SWITCH_PATH = '/organization/switch';
export const ACCOUNT_SWITCH_PATH = '/account/switch';

/** True when `pathname` is `prefix` or below it. */
export function isUnder(pathname: string, prefix: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return path === prefix || path.startsWith(`${prefix}/`);
}

export const isAuthPath = (pathname: string) => AUTH_PATHS.some((prefix) => isUnder(pathname, prefix));
export const isExemptPath = (pathname: string) => EXEMPT_PATHS.some((prefix) => isUnder(pathname, prefix));
export const isAccountsPath = (pathname: string) => isUnder(pathname, ACCOUNTS_PATH);

/** `/auth/login?domain=<host>&deviceId=<id>&returnUrl=<path+search>`: where a signed-out visit is sent. */
export function loginUrl(options: { host: string; deviceId: string; returnUrl: string }): string {
  const query = new URLSearchParams({
    domain: options.host,
    deviceId: options.deviceId,
    returnUrl: options.returnUrl || '/',
  });
  return `${LOGIN_PATH}?${query}`;
}

/** The server route that makes `id` the current organization, then redirects to `returnUrl`. */
export function organizationSwitchUrl(options: { id: string; returnUrl: string; host: string }): string {
  const query = new URLSearchParams({ id: options.id, returnUrl: options.returnUrl, domain: options.host });
  return `${ORGANIZATION_SWITCH_PATH}?${query}`;
}

/** The server route that makes `id` the current account, then redirects to `returnUrl`. */
export function accountSwitchUrl(options: { id: string; returnUrl: string }): string {
  const query = new URLSearchParams({ id: options.id, returnUrl: options.returnUrl });
  return `${ACCOUNT_SWITCH_PATH}?${query}`;
}
