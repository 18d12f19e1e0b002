import { safeReturnUrl } from '@contract/returnUrl';

/** The one return-URL rule (contract/returnUrl.ts), shared with the server's switch routes. */
export { safeReturnUrl };

/** `/auth/login?returnUrl=<path+search>`: where a signed-out visit is sent. */
export function loginPathFor(returnTo: string): string {
  const safe = safeReturnUrl(returnTo, '');
  return safe && safe !== '/' ? `/auth/login?returnUrl=${encodeURIComponent(safe)}` : '/auth/login';
}
