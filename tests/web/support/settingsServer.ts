import type { Account, Organization } from '@contract/auth';
import { vi } from 'vitest';
import { SIGNED_IN_USER } from './fakeApi';

/**
 * A stateful fake of the API behind the settings pages (onboarding, organizations, accounts, billing,
 * white-label): enough of GET /api/auth/user, the generic data provider for organizations and accounts,
 * /api/onboarding, /api/billing(/plan), /api/organization/white-label(/icon) to drive the views.
 * Unlike `stubFetch`, request bodies may be binary (the icon upload).
 */

export interface SeenCall {
  method: string;
  path: string;
  search: URLSearchParams;
  contentType: string | null;
  /** Parsed JSON body, or undefined. */
  json: unknown;
  /** Raw body bytes (icon upload), or null. */
  bytes: Uint8Array | null;
}

const DAY_MS = 86_400_000;
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function organization(overrides: Partial<Organization> = {}): Organization {
  return { ...SIGNED_IN_USER.currentOrganization, createdAt: new Date().toISOString(), ...overrides };
}

export function account(overrides: Partial<Account> = {}): Account {
  return { ...SIGNED_IN_USER.currentAccount, ...overrides };
}

const PLANS = [
  { code: 'trial', name: 'Trial', hasWhiteLabelFeature: true, monthlyPriceMinor: 0 },
  { code: 'starter', name: 'Starter', hasWhiteLabelFeature: false, monthlyPriceMinor: 4900 },
  { code: 'agency', name: 'Agency', hasWhiteLabelFeature: true, monthlyPriceMinor: 19900 },
];

export interface SettingsServerState {
  signedIn: boolean;
  requiresOnboarding: boolean;
  organizations: Organization[];
  accounts: Account[];
  currentOrganizationId: string | null;
  currentAccountId: string | null;
  firstName: string;
  lastName: string;
  /** The current organization's custom domains (GET/POST/DELETE /api/organizations/:id/domains). */
  domains: { domain: string; createdAt: string }[];
  /** The member's role (default: the signed-in user's, owner). */
  role?: string;
}

type Override = (call: SeenCall, state: SettingsServerState) => Response | undefined;

export function jsonResponse(body: unknown, init: { status?: number; total?: number } = {}): Response {
  const headers = new Headers({ 'content-type': 'application/json' });
  if (init.total !== undefined) headers.set('x-total-count', String(init.total));
  return new Response(body === undefined ? '' : JSON.stringify(body), {
    status: init.status ?? 200,
    headers,
  });
}

export function settingsServer(
  initial: Partial<SettingsServerState> = {},
  override: Override = () => undefined,
) {
  const state: SettingsServerState = {
    signedIn: true,
    requiresOnboarding: false,
    organizations: [organization({ createdAt: new Date(Date.now() - 2 * DAY_MS - 60_000).toISOString() })],
    accounts: [account()],
    currentOrganizationId: SIGNED_IN_USER.currentOrganization.id,
    currentAccountId: SIGNED_IN_USER.currentAccount.id,
    firstName: SIGNED_IN_USER.firstName,
    lastName: SIGNED_IN_USER.lastName,
    domains: [],
    ...initial,
  };
  const calls: SeenCall[] = [];
  let counter = 100;

  const currentOrganization = () =>
    state.organizations.find((o) => o.id === state.currentOrganizationId) ?? null;
  const user = () => {
    if (!state.signedIn) return { isAuthenticated: false };
    const org = currentOrganization();
    const acc = state.accounts.find((a) => a.id === state.currentAccountId) ?? null;
    return {
      ...SIGNED_IN_USER,
      ...(state.role ? { role: state.role } : {}),
      firstName: state.firstName,
      lastName: state.lastName,
      requiresOnboarding: state.requiresOnboarding,
      isInOrganization: org !== null,
      isInAccount: acc !== null,
      currentOrganization: org,
      currentAccount: acc,
    };
  };
  const updateOrganization = (changes: Partial<Organization>) => {
    state.organizations = state.organizations.map((o) =>
      o.id === state.currentOrganizationId ? { ...o, ...changes } : o,
    );
    return currentOrganization()!;
  };
  const billing = () => {
    const org = currentOrganization()!;
    const elapsed = Math.floor((Date.now() - new Date(org.createdAt).getTime()) / DAY_MS);
    return {
      planCode: org.planCode,
      plans: PLANS.map((p) => ({ ...p, current: p.code === org.planCode })),
      trial: {
        days: 7,
        daysLeft: Math.max(0, 7 - elapsed),
        endsAt: new Date(new Date(org.createdAt).getTime() + 7 * DAY_MS).toISOString(),
      },
    };
  };
  const unauthorized = () =>
    jsonResponse({ message: 'Sign in to continue', errorCode: 'UNAUTHENTICATED' }, { status: 401 });

  const answer = (call: SeenCall): Response => {
    const custom = override(call, state);
    if (custom) return custom;
    const { method, path } = call;
    if (path === '/api/events' || path === '/api/client-errors')
      return jsonResponse({ received: true }, { status: 202 });
    if (path === '/api/auth/user') return jsonResponse(user());
    if (!state.signedIn) return unauthorized();
    if (path === '/api/organization') return jsonResponse(state.organizations);
    if (path === '/api/onboarding' && method === 'POST') {
      const body = call.json as Record<string, string>;
      const org = organization({ id: id(++counter), name: body.organizationName, planCode: 'trial' });
      const acc = account({ id: id(++counter), organizationId: org.id, name: body.accountName });
      state.organizations.push(org);
      state.accounts.push(acc);
      state.currentOrganizationId = org.id;
      state.currentAccountId = acc.id;
      state.requiresOnboarding = false;
      return jsonResponse({ success: true }, { status: 201 });
    }
    if (path === '/api/organizations') {
      if (method === 'POST') {
        const org = organization({ id: id(++counter), name: (call.json as { name: string }).name });
        state.organizations.push(org);
        return jsonResponse(org, { status: 201 });
      }
      return jsonResponse(state.organizations, { total: state.organizations.length });
    }
    if (path === '/api/accounts') {
      const mine = state.accounts.filter((a) => a.organizationId === state.currentOrganizationId);
      if (method === 'POST') {
        const acc = account({
          id: id(++counter),
          organizationId: state.currentOrganizationId ?? '',
          name: (call.json as { name: string }).name,
        });
        state.accounts.push(acc);
        return jsonResponse(acc, { status: 201 });
      }
      return jsonResponse(mine, { total: mine.length });
    }
    if (path === '/api/billing') return jsonResponse(billing());
    if (path === '/api/billing/plan' && method === 'POST') {
      const { planCode } = call.json as { planCode: string };
      const plan = PLANS.find((p) => p.code === planCode)!;
      updateOrganization({ planCode, hasWhiteLabelFeature: plan.hasWhiteLabelFeature });
      return jsonResponse(billing());
    }
    if (path === '/api/organization/white-label') {
      const org = currentOrganization()!;
      if (method === 'PATCH') {
        if (!org.hasWhiteLabelFeature) {
          return jsonResponse(
            {
              message: 'Your plan does not include white-label branding. Upgrade to use it.',
              errorCode: 'REQUIRES_UPGRADE',
            },
            { status: 403 },
          );
        }
        const body = call.json as Record<string, unknown>;
        return jsonResponse(updateOrganization(body as Partial<Organization>));
      }
      return jsonResponse({
        whiteLabelIsEnabled: org.whiteLabelIsEnabled,
        hasWhiteLabelFeature: org.hasWhiteLabelFeature,
        whiteLabelBrandName: org.whiteLabelBrandName,
        whiteLabelPrimaryHexCode: org.whiteLabelPrimaryHexCode,
        whiteLabelNavbarBackgroundHexCode: org.whiteLabelNavbarBackgroundHexCode,
        whiteLabelIconUuid: org.whiteLabelIconUuid,
        iconUrl: org.whiteLabelIconUuid ? `/api/brand-icons/${org.whiteLabelIconUuid}` : null,
      });
    }
    if (path === '/api/organization/white-label/icon') {
      if (method === 'PUT') return jsonResponse(updateOrganization({ whiteLabelIconUuid: id(++counter) }));
      if (method === 'DELETE') return jsonResponse(updateOrganization({ whiteLabelIconUuid: null }));
    }
    const domains = /^\/api\/organizations\/[^/]+\/domains(?:\/([^/]+))?$/.exec(path);
    if (domains) {
      const org = currentOrganization()!;
      if (method === 'GET' && !domains[1]) return jsonResponse(state.domains);
      if (method === 'POST' && !domains[1]) {
        if (!org.hasWhiteLabelFeature)
          return jsonResponse(
            {
              message: 'Your plan does not include white-label branding. Upgrade to use it.',
              errorCode: 'REQUIRES_UPGRADE',
            },
            { status: 403 },
          );
        const domain = String((call.json as { domain?: unknown }).domain ?? '')
          .trim()
          .toLowerCase();
        if (state.domains.some((d) => d.domain === domain)) {
          const message = `${domain} is already in use`;
          return jsonResponse({ message, validationErrors: { domain: { message } } }, { status: 409 });
        }
        const added = { domain, createdAt: new Date().toISOString() };
        state.domains = [...state.domains, added];
        return jsonResponse(added, { status: 201 });
      }
      if (method === 'DELETE' && domains[1]) {
        const domain = decodeURIComponent(domains[1]);
        if (!state.domains.some((d) => d.domain === domain))
          return jsonResponse({ message: 'Domain not found' }, { status: 404 });
        state.domains = state.domains.filter((d) => d.domain !== domain);
        return new Response(null, { status: 204 });
      }
    }
    if (path.startsWith('/api/brand-icons/'))
      return new Response(new Uint8Array([137, 80, 78, 71]), { headers: { 'content-type': 'image/png' } });
    return jsonResponse({ message: `No route for ${method} ${path}` }, { status: 404 });
  };

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const buffer = new Uint8Array(await request.clone().arrayBuffer());
    const contentType = request.headers.get('content-type');
    let json: unknown;
    if (buffer.length > 0 && contentType?.includes('json'))
      json = JSON.parse(new TextDecoder().decode(buffer));
    const call: SeenCall = {
      method: request.method,
      path: url.pathname,
      search: url.searchParams,
      contentType,
      json,
      bytes: buffer.length > 0 && !json ? buffer : null,
    };
    calls.push(call);
    return answer(call);
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;

  return {
    state,
    calls,
    /** Calls to `path` (optionally with `method`). */
    callsTo: (path: string, method?: string) =>
      calls.filter((c) => c.path === path && (method === undefined || c.method === method)),
  };
}
