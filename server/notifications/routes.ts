import { NotificationPreferenceUpdateSchema, PacingDigestSchema } from '@contract/notifications';
import { type Context, Hono } from 'hono';
import { requireSession } from '../auth/sessions';
import type { AppEnv } from '../http/env';
import { HttpError, parseWith, readJsonObject } from '../http/errors';
import { allow } from '../http/policy';
import {
  listNotifications,
  markAllRead,
  markRead,
  pacingDigestOf,
  preferencesOf,
  setPacingDigest,
  setPreference,
} from './store';

const MAX_PAGE = 100;

/** A page from `_start`/`_end` (like the lists); 20 by default, at most 100. */
function pageOf(c: Context<AppEnv>) {
  const read = (name: string, fallback: number) => {
    const raw = c.req.query(name);
    if (raw === undefined) return fallback;
    if (!/^\d{1,6}$/.test(raw))
      throw new HttpError(400, `${name} must be a whole number`, {
        validationErrors: { [name]: { message: `${name} must be a whole number` } },
      });
    return Number(raw);
  };
  const start = read('_start', 0);
  const end = read('_end', start + 20);
  if (end <= start || end - start > MAX_PAGE)
    throw new HttpError(400, `_end must be after _start, at most ${MAX_PAGE} further`, {
      validationErrors: { _end: { message: `_end must be after _start, at most ${MAX_PAGE} further` } },
    });
  return { start, end };
}

/**
 * The signed-in member's inbox (issue 27, docs/notifications.md): their notifications in the current
 * organization, marking them read, and which kinds also come by e-mail. Another member's notification
 * answers like a missing one.
 */
export function createNotificationRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const who = (c: Context<AppEnv>) => {
    const session = requireSession(c);
    return { userId: session.userId, organizationId: session.organizationId };
  };

  routes.get('/api/notifications', allow('signedIn'), async (c) => {
    const { userId, organizationId } = who(c);
    c.header('Cache-Control', 'no-store');
    if (!organizationId) return c.json({ notifications: [], unreadCount: 0 });
    return c.json(await listNotifications(c.get('db'), userId, organizationId, pageOf(c)));
  });

  routes.post('/api/notifications/read-all', allow('signedIn'), async (c) => {
    const { userId, organizationId } = who(c);
    if (organizationId) await markAllRead(c.get('db'), userId, organizationId);
    return c.json({ success: true as const });
  });

  routes.get('/api/notifications/preferences', allow('signedIn'), async (c) =>
    c.json(await preferencesOf(c.get('db'), who(c).userId)),
  );

  routes.put('/api/notifications/preferences', allow('signedIn'), async (c) => {
    const body = parseWith(NotificationPreferenceUpdateSchema, await readJsonObject(c));
    return c.json(await setPreference(c.get('db'), who(c).userId, body.kind, body.email));
  });

  // The daily pacing digest (issue 28): the member's own choice, like the per-kind e-mail.
  routes.get('/api/notifications/digest', allow('signedIn'), async (c) =>
    c.json(await pacingDigestOf(c.get('db'), who(c).userId)),
  );

  routes.put('/api/notifications/digest', allow('signedIn'), async (c) => {
    const body = parseWith(PacingDigestSchema, await readJsonObject(c));
    return c.json(await setPacingDigest(c.get('db'), who(c).userId, body.pacingDigest));
  });

  routes.post('/api/notifications/:id/read', allow('signedIn'), async (c) => {
    const { userId, organizationId } = who(c);
    if (!organizationId) throw new HttpError(404, 'Notification not found');
    return c.json(await markRead(c.get('db'), userId, organizationId, c.req.param('id')));
  });

  return routes;
}
