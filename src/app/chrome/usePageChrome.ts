import type { SessionOrganization } from '@machines/session';
import { trackPage } from '@src/analytics';
import { applyWhiteLabelTheme } from '@src/theme/whiteLabel';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { brandOf } from './brand';

const DEFAULT_FAVICON = { href: '/favicon.svg', type: 'image/svg+xml' };

/** Points the page's icon at `href` (the brand icon, or Flightplan's). */
function setFavicon(href: string | null) {
  let link = document.querySelector<HTMLLinkElement>('link[rel~="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.append(link);
  }
  link.type = href ? 'image/png' : DEFAULT_FAVICON.type;
  link.href = href ?? DEFAULT_FAVICON.href;
}

/**
 * The page chrome (spec §2): the title (brand name when white-labelled, else the product name), the
 * white-label colours and favicon, and a page-view event on each route change.
 */
export function usePageChrome(organization: SessionOrganization | null) {
  const brand = brandOf(organization);
  const { pathname } = useLocation();

  useEffect(() => {
    document.title = brand.name;
  }, [brand.name]);

  const primary = brand.colours?.primary ?? null;
  const navbar = brand.colours?.navbar ?? null;
  useEffect(() => {
    applyWhiteLabelTheme(primary && navbar ? { primary, navbar } : null);
  }, [primary, navbar]);

  useEffect(() => {
    setFavicon(brand.iconUrl);
  }, [brand.iconUrl]);

  // One page view per path (StrictMode runs effects twice in development: count it once).
  const tracked = useRef<string | null>(null);
  useEffect(() => {
    if (tracked.current === pathname) return;
    tracked.current = pathname;
    trackPage(pathname);
  }, [pathname]);

  return brand;
}
