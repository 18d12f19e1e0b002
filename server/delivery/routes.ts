import { PLATFORMS } from '@contract/reference';
import { Hono } from 'hono';
import * as v from 'valibot';
import { requireAccount, requireSession } from '../auth/sessions';
import type { CampaignJobSender } from '../campaigns/jobSender';
import { connectionStatus } from '../connections/store';
import { type ProxySettings, TrustedProxies } from '../http/clientAddress';
import type { AppEnv } from '../http/env';
import { HttpError, parseWith, readJsonObject } from '../http/errors';
import { loopbackOnly } from '../http/loopbackOnly';
import { allow } from '../http/policy';
import { advanceSandboxClock, resetSandboxClock, sandboxToday } from '../platforms/sandbox/clock';
import { DeliverySync } from './syncJobs';

/** "Sync now" may be asked once a minute per connection (each sync reads every placement's last days). */
export const SYNC_NOW_INTERVAL_SECONDS = 60;

const ClockBodySchema = v.object({
  days: v.pipe(
    v.number('days must be a number'),
    v.integer('days must be a whole number'),
    v.minValue(0, 'days must be 0 or more'),
    v.maxValue(366, 'days must be at most 366'),
  ),
});

/**
 * `POST /api/platforms/{key}/sync`: queues a delivery sync of the session account's connection to the
 * platform (202), refused within a minute of the last (429 with Retry-After). With `sandboxControl`
 * (SANDBOX_CLOCK_CONTROL=on, never in production; loopback clients only): `GET`/`POST /api/sandbox/clock`, the sandbox platforms' today and the hook that
 * moves it ahead `{ days }` for demos and browser tests; `DELETE` puts it back on the real day (the clock is
 * one for the whole database, so a test that moved it puts it back for the others).
 */
export function createDeliveryRoutes({
  jobs,
  sandboxControl = false,
  proxies = { trustProxy: TrustedProxies.none },
}: {
  jobs: CampaignJobSender;
  /** SANDBOX_CLOCK_CONTROL=on: serve the sandbox clock, to loopback clients only. */
  sandboxControl?: boolean;
  proxies?: ProxySettings;
}): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.post('/api/platforms/:key/sync', allow('delivery.sync'), async (c) => {
    const { accountId } = requireAccount(c);
    const key = c.req.param('key');
    const platform = PLATFORMS.find((p) => p.key === key);
    if (!platform) throw new HttpError(404, `There is no platform "${key}".`);
    const db = c.get('db');
    const connection = await connectionStatus(db, accountId, key);
    if (!connection) {
      throw new HttpError(
        409,
        `${platform.displayName} is not connected: connect it under Platforms first.`,
        {
          errorCode: 'PLATFORM_NOT_CONNECTED',
        },
      );
    }
    if (connection.status !== 'connected') {
      throw new HttpError(
        409,
        connection.problem ??
          `The connection to ${platform.displayName} needs reconnecting before it can sync.`,
        { errorCode: 'PLATFORM_NEEDS_RECONNECT' },
      );
    }
    const sync = DeliverySync.sender(db, jobs);
    // One queued or running already (the 15-minute schedule's, say) is the sync asked for: saying "synced
    // less than a minute ago" of a connection not synced yet would be untrue.
    if (await sync.isPending(accountId, key)) return c.json({ status: 'queued' as const }, 202);
    const last = await sync.lastRequestedAt(accountId, key);
    const wait = last ? Math.ceil(SYNC_NOW_INTERVAL_SECONDS - (Date.now() - last.getTime()) / 1000) : 0;
    if (wait > 0) {
      throw new HttpError(
        429,
        `${platform.displayName} was synced less than a minute ago: try again in ${wait} s.`,
        { errorCode: 'SYNC_TOO_SOON' },
        { 'Retry-After': String(wait) },
      );
    }
    await sync.enqueue(accountId, key);
    return c.json({ status: 'queued' as const }, 202);
  });

  if (sandboxControl) {
    // One clock for every tenant: a development control, for this machine's clients only.
    routes.use('/api/sandbox/clock', loopbackOnly(proxies));
    routes.get('/api/sandbox/clock', allow('signedIn'), async (c) => {
      requireSession(c);
      return c.json({ today: await sandboxToday(c.get('db')) });
    });
    routes.post('/api/sandbox/clock', allow('signedIn'), async (c) => {
      requireSession(c);
      const { days } = parseWith(ClockBodySchema, await readJsonObject(c));
      return c.json({ today: await advanceSandboxClock(c.get('db'), days) });
    });
    routes.delete('/api/sandbox/clock', allow('signedIn'), async (c) => {
      requireSession(c);
      return c.json({ today: await resetSandboxClock(c.get('db')) });
    });
  }
  return routes;
}
