import type { Campaign, Platform } from '@contract/resources';
import { vi } from 'vitest';

/** What a stubbed `fetch` saw: method, path, query, parsed JSON body. */
export interface SeenRequest {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
  credentials: RequestCredentials;
  headers: Headers;
}

export type Responder = (request: SeenRequest) => Response | Promise<Response>;

export function json(body: unknown, init: ResponseInit & { total?: number } = {}): Response {
  const headers = new Headers(init.headers);
  headers.set('content-type', 'application/json');
  if (init.total !== undefined) headers.set('x-total-count', String(init.total));
  return new Response(JSON.stringify(body), { status: init.status ?? 200, headers });
}

/** Replaces `globalThis.fetch` with a stub that records every request and answers with `respond`. */
export function stubFetch(respond: Responder) {
  const seen: SeenRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const text = await request.clone().text();
    const entry: SeenRequest = {
      method: request.method,
      path: url.pathname,
      search: url.searchParams,
      body: text ? JSON.parse(text) : undefined,
      credentials: request.credentials,
      headers: request.headers,
    };
    seen.push(entry);
    return respond(entry);
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return { fetchMock, seen };
}

let counter = 0;
export function campaign(overrides: Partial<Campaign> = {}): Campaign {
  counter += 1;
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    accountId: '00000000-0000-4000-8000-aaaaaaaaaaaa',
    customerId: null,
    objectiveId: 1,
    name: `Campaign ${counter}`,
    status: 'active',
    startDate: '2026-03-01',
    endDate: '2026-03-31',
    budgetMinor: 1_250_000,
    currency: 'EUR',
    platforms: ['meta', 'google'],
    createdAt: '2026-02-10T09:30:00.000Z',
    updatedAt: '2026-02-10T09:30:00.000Z',
    ...overrides,
  };
}

/** `GET /data/campaigns/detail` of `c` (the campaign page's and the duplicate dialog's lookup). */
export function campaignDetail(c: Campaign) {
  return {
    id: c.id,
    name: c.name,
    status: c.status,
    customerId: c.customerId,
    objectiveId: c.objectiveId,
    startDate: c.startDate,
    endDate: c.endDate,
    budgetMinor: c.budgetMinor,
    currency: c.currency,
    failureReason: null,
    platforms: c.platforms.map((key) => ({
      key,
      displayName: PLATFORMS.find((p) => p.key === key)?.displayName ?? key,
      status: 'pending',
      externalId: null,
      lastError: null,
      attempts: 0,
      nextAttemptAt: null,
      updatedAt: null,
    })),
    updatedAt: c.updatedAt,
  };
}

export const PLATFORMS: Platform[] = [
  { key: 'meta', displayName: 'Meta' },
  { key: 'google', displayName: 'Google Ads' },
  { key: 'tiktok', displayName: 'TikTok' },
];

/** The planning overview's objectives (the create-campaign modal's `?objective=2` is Traffic). */
export const OBJECTIVES = [
  { id: 1, label: 'Awareness', icon: 'eye' },
  { id: 2, label: 'Traffic', icon: 'cursor' },
];

/** A customer of the signed-in account, to choose in the planning overview. */
export const CUSTOMER = {
  id: '00000000-0000-4000-8000-0000000000c1',
  accountId: '00000000-0000-4000-8000-aaaaaaaaaaaa',
  name: 'Acme',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

export const SIGNED_IN_USER = {
  isAuthenticated: true,
  requiresOnboarding: false,
  isInOrganization: true,
  isInAccount: true,
  role: 'owner',
  accountIds: null,
  currentOrganization: {
    id: '00000000-0000-4000-8000-000000000001',
    name: 'Demo Agency',
    tenantId: 'demo',
    // Created today: a fresh 7-day trial (an older date would put the pages behind the trial-expired overlay).
    createdAt: new Date().toISOString(),
    planCode: 'trial',
    whiteLabelIsEnabled: false,
    hasWhiteLabelFeature: true,
    whiteLabelBrandName: null,
    whiteLabelPrimaryHexCode: '#05d197',
    whiteLabelNavbarBackgroundHexCode: '#ffffff',
    whiteLabelIconUuid: null,
  },
  currentAccount: {
    id: '00000000-0000-4000-8000-aaaaaaaaaaaa',
    organizationId: '00000000-0000-4000-8000-000000000001',
    name: 'Acme Shoes',
    tenantId: 'demo',
    createdAt: '2026-01-01T00:00:00.000Z',
  },
  id: '00000000-0000-4000-8000-000000000009',
  email: 'demo@flightplan.test',
  firstName: 'Dana',
  lastName: 'Demo',
} as const;

/**
 * What every signed-in page fetches besides its own data (the user, the platforms' names, page-view
 * events), plus `records`: a path → body map (an array answers as a list with its total). For a
 * `heldServer`'s `answer`.
 */
export function signedInPage(records: Record<string, unknown> = {}) {
  return (request: { path: string }): Response | undefined => {
    if (request.path === '/api/auth/user') return json(SIGNED_IN_USER);
    if (request.path === '/api/platforms') return json(PLATFORMS, { total: PLATFORMS.length });
    if (request.path === '/api/events') return json({ success: true });
    if (!(request.path in records)) return undefined;
    const body = records[request.path];
    return Array.isArray(body) ? json(body, { total: body.length }) : json(body);
  };
}
