import { Hono } from 'hono';
import type { AnalyticsAdapterFactory } from '../analytics/adapter';
import { createClientErrorRoutes } from '../analytics/clientErrorRoutes';
import { createEventRoutes } from '../analytics/eventRoutes';
import type { BillingAdapterFactory } from '../billing/adapter';
import { createBillingRoutes } from '../billing/routes';
import { type ProxySettings, TrustedProxies } from '../http/clientAddress';
import type { AppEnv } from '../http/env';
import { answerOtherMethods } from '../http/methodNotAllowed';
import { createWhiteLabelRoutes } from '../whiteLabel/routes';
import { createOnboardingRoutes } from './onboardingRoutes';

export interface ShellAdapters {
  billing: BillingAdapterFactory;
  analytics: AnalyticsAdapterFactory;
}

/** Paths this router owns, with the methods they answer: any other method is a 405, not the data API's 404. */
const ALLOWED: Record<string, string> = {
  '/api/onboarding': 'POST',
  '/api/auth/profile': 'PATCH',
  '/api/billing': 'GET',
  '/api/billing/plan': 'POST',
  '/api/organization/white-label': 'GET, PATCH',
  '/api/organization/white-label/icon': 'PUT, DELETE',
  '/api/brand-icons/:uuid': 'GET',
  '/api/client-errors': 'POST',
  '/api/events': 'POST',
};

/**
 * The shell's API: onboarding, profile, billing, white-label, client errors, analytics events. `proxies`:
 * whose X-Forwarded-For the signed-out rate limits believe (TRUST_PROXY); default none.
 */
export function createShellRoutes({
  billing,
  analytics,
  proxies = { trustProxy: TrustedProxies.none },
}: ShellAdapters & { proxies?: ProxySettings }): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.route('/', createOnboardingRoutes());
  routes.route('/', createBillingRoutes({ billing }));
  routes.route('/', createWhiteLabelRoutes());
  routes.route('/', createClientErrorRoutes({ proxies }));
  routes.route('/', createEventRoutes({ analytics, proxies }));
  answerOtherMethods(routes, ALLOWED);
  return routes;
}
