import type { SignInBrand } from '@contract/whiteLabel';
import { fetchSignInBrand } from '@src/api/brand';
import { applyWhiteLabelTheme } from '@src/theme/whiteLabel';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * The sign-in page's brand (issue 26): the login flow's `domain` (the session passes the host the app was
 * opened on), or the page's own host; an organization's domain gets its name, icon and colours. Until it
 * answers, or if it cannot, the page is Flightplan's.
 */
export function useSignInBrand(): SignInBrand | null {
  const [params] = useSearchParams();
  const domain = params.get('domain');
  const [brand, setBrand] = useState<SignInBrand | null>(null);
  useEffect(() => {
    let current = true;
    fetchSignInBrand(domain)
      .then((answer) => {
        if (current) setBrand(answer);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [domain]);
  const branded = brand?.organizationDomain === true && brand.brandName !== 'Flightplan';
  const primary = branded ? brand.primaryHex : null;
  const navbar = branded ? brand.navbarHex : null;
  useEffect(() => {
    if (!primary || !navbar) return;
    applyWhiteLabelTheme({ primary, navbar });
    document.title = brand?.brandName ?? document.title;
    return () => applyWhiteLabelTheme(null);
  }, [primary, navbar, brand?.brandName]);
  return branded ? brand : null;
}
