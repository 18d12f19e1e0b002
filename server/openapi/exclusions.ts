/**
 * Routes the app serves that are not part of the JSON API, each with why. The coverage test
 * (tests/openapi/coverage.test.ts) fails for a route that is neither documented nor listed here: a new API
 * route is documented in server/openapi/paths/, and only a page, a redirect or another party's endpoint
 * belongs in this list. `path` is in OpenAPI form; a trailing `*` covers everything below it.
 */
export interface ExcludedRoute {
  method: string | '*';
  path: string;
  reason: string;
}

export const EXCLUDED_ROUTES: readonly ExcludedRoute[] = [
  {
    method: '*',
    path: '/organization/switch',
    reason: 'A browser navigation (link or form) that moves the session and redirects to a page',
  },
  {
    method: '*',
    path: '/account/switch',
    reason: 'A browser navigation (link or form) that moves the session and redirects to a page',
  },
  {
    method: 'get',
    path: '/api/platforms/{key}/callback',
    reason: "The OAuth redirect target: the platform's consent page sends the browser here, it redirects on",
  },
  {
    method: 'get',
    path: '/auth/federate',
    reason:
      "Single sign-on's start: a browser navigation that redirects to the organization's identity provider (docs/sso.md)",
  },
  {
    method: 'get',
    path: '/auth/federate/callback',
    reason: "Single sign-on's redirect target: the identity provider sends the browser here, it redirects on",
  },
  {
    method: '*',
    path: '/sandbox/*',
    reason:
      "The sandbox ad platforms' own site (consent page, its CSS, OAuth token and revocation endpoints): another party's API, which our OAuth client calls",
  },
  {
    method: '*',
    path: '/provider/v1/*',
    reason:
      'The built-in step-up provider under its own base path (PROVIDER_BASE_PATH): it stands for an external provider with its own protocol (docs/step-up-protocol.md), called by the step-up client library',
  },
  {
    method: '*',
    path: '/dev/*',
    reason: 'The development outbox (e-mails and texts the provider would send): not served in production',
  },
  {
    method: 'get',
    path: '/api/docs',
    reason: 'This reference page itself (HTML)',
  },
  {
    method: 'get',
    path: '/api/docs/*',
    reason: "The reference page's script and styles",
  },
];

/** Whether `method path` (OpenAPI form, lower-case method) is one of the excluded routes. */
export function isExcluded(method: string, path: string): boolean {
  return EXCLUDED_ROUTES.some(
    (route) =>
      (route.method === '*' || route.method === method) &&
      (route.path.endsWith('/*') ? path.startsWith(route.path.slice(0, -1)) : route.path === path),
  );
}
