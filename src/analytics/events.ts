import type { AnalyticsEventRequest } from '@contract/analytics';
import { getDeviceId } from './deviceId';

/**
 * Analytics (spec §2 "Page chrome", §7): page views, identify and group, recorded by POST /api/events.
 * Fire and forget: analytics never get in the way of the app (failures are ignored, the request survives
 * a page unload with `keepalive`).
 */
export function sendAnalyticsEvent(event: Omit<AnalyticsEventRequest, 'anonymousId'>): void {
  const body: AnalyticsEventRequest = { ...event, anonymousId: getDeviceId() };
  try {
    void fetch(new URL('/api/events', location.origin), {
      method: 'POST',
      credentials: 'include',
      keepalive: true,
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    }).catch(() => undefined);
  } catch {
    // No fetch (very old browser) or a body the browser refuses: nothing to do.
  }
}

/** A page view: `name` is the path (no query, so table filters and modals are not recorded). */
export function trackPage(pathname: string): void {
  sendAnalyticsEvent({ type: 'page', name: pathname });
}

/** Who is using the app (the server takes the user from the session; the traits travel as properties). */
export function identify(userId: string, traits: Record<string, unknown>): void {
  sendAnalyticsEvent({ type: 'identify', name: userId, properties: traits });
}

/** Which organization they work in. */
export function group(organizationId: string, traits: Record<string, unknown>): void {
  sendAnalyticsEvent({ type: 'group', name: organizationId, properties: traits });
}
