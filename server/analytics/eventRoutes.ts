import { AnalyticsEventRequestSchema } from '@contract/analytics';
import { Hono } from 'hono';
import type { ProxySettings } from '../http/clientAddress';
import type { AppEnv } from '../http/env';
import { parseWith } from '../http/errors';
import { allow } from '../http/policy';
import { callerKey, rateLimiter } from '../http/rateLimit';
import { readSmallJsonObject } from '../http/readBody';
import type { AnalyticsAdapterFactory } from './adapter';

const EVENT_BODY_MAX_BYTES = 16 * 1024;
export const EVENTS_PER_MINUTE = 120;

/** POST /api/events: page views, identify and group calls from the browser, signed in or not. */
export function createEventRoutes({
  analytics,
  proxies,
}: {
  analytics: AnalyticsAdapterFactory;
  proxies: ProxySettings;
}): Hono<AppEnv> {
  const perCaller = rateLimiter({
    name: 'events',
    limit: EVENTS_PER_MINUTE,
    windowMs: 60_000,
    message: 'Too many analytics events; the next ones are dropped for a minute.',
  });
  const routes = new Hono<AppEnv>();

  routes.post('/api/events', allow('public'), async (c) => {
    await perCaller(c, callerKey(c, proxies));
    const body = await readSmallJsonObject(c, EVENT_BODY_MAX_BYTES, 'The event must be 16 KB or smaller');
    const input = parseWith(AnalyticsEventRequestSchema, body);
    const session = c.get('session');
    const adapter = analytics({ db: c.get('db') });
    try {
      await adapter.record({
        type: input.type,
        name: input.name || null,
        properties: input.properties ?? {},
        anonymousId: input.anonymousId || null,
        userId: session?.userId ?? null,
        organizationId: session?.organizationId ?? null,
        occurredAt: new Date(),
      });
    } catch (error) {
      // Analytics never break the app: the event is lost, the caller is not told to retry.
      console.error(`analytics (${adapter.name}) failed to record a ${input.type} event:`, error);
    }
    // The answer holds nothing of the caller's; `no-store` (the default for answers) on this keepalive fetch
    // keeps Chromium from reporting the request finished, so a page never goes network-idle.
    c.header('Cache-Control', 'no-cache');
    return c.json({ received: true as const }, 202);
  });

  return routes;
}
