import { type SignInBrand, SignInBrandSchema } from '@contract/whiteLabel';
import { requestJson } from './http';

/**
 * `GET /api/auth/brand?domain=…` (public): what a sign-in page shows for `domain` — the brand of the
 * organization whose domain it is (white-label on), else Flightplan's. Without `domain`, the page's own host.
 */
export function fetchSignInBrand(domain: string | null): Promise<SignInBrand> {
  const query = domain ? `?domain=${encodeURIComponent(domain)}` : '';
  return requestJson('GET', `api/auth/brand${query}`, SignInBrandSchema);
}
