import {
  SECURITY_ACTIVITY_DAYS,
  type SecurityActivity,
  type SecurityEvent,
  type SecurityEventKind,
  type SecurityEventMethod,
} from '@contract/securityActivity';
import { and, desc, eq, gt, lt } from 'drizzle-orm';
import type { Database } from '../db/connect';
import { securityEvents, users } from '../db/schema';
import { describeBrowser } from '../http/userAgent';

/**
 * The user's recent sign-ins and step-ups (issue 11): written on each successful sign-in and step-up
 * verification, read by the security page. Kept `SECURITY_ACTIVITY_DAYS`: writing one deletes the user's older ones.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY_MS = 86_400_000;
const cutoff = () => new Date(Date.now() - SECURITY_ACTIVITY_DAYS * DAY_MS);

export interface SecurityEventInput {
  userId: string;
  kind: SecurityEventKind;
  method: SecurityEventMethod;
  action?: string | null;
  description?: string | null;
  userAgent: string | undefined;
  address?: string | null;
  /** A sign-in from a browser this user had not signed in from before. */
  newDevice?: boolean;
}

/**
 * Records one event for an app user (a provider user that is no app user is skipped). A failure is logged,
 * never thrown: the sign-in or verification it describes has already succeeded.
 */
export async function recordSecurityEvent(db: Database, event: SecurityEventInput): Promise<void> {
  if (!UUID.test(event.userId)) return;
  try {
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, event.userId));
    if (!user) return;
    await db
      .delete(securityEvents)
      .where(and(eq(securityEvents.userId, user.id), lt(securityEvents.createdAt, cutoff())));
    await db.insert(securityEvents).values({
      userId: user.id,
      kind: event.kind,
      method: event.method,
      action: event.action ?? null,
      description: event.description?.slice(0, 300) ?? null,
      userAgent: describeBrowser(event.userAgent),
      address: event.address ?? null,
      newDevice: event.newDevice ?? false,
    });
  } catch (error) {
    console.error('A security event could not be recorded:', error);
  }
}

/** The user's most recent events (last `SECURITY_ACTIVITY_DAYS`), newest first. */
export async function recentSecurityEvents(
  db: Database,
  userId: string,
  limit: number,
): Promise<SecurityActivity> {
  const e = securityEvents;
  const rows = await db
    .select()
    .from(e)
    .where(and(eq(e.userId, userId), gt(e.createdAt, cutoff())))
    .orderBy(desc(e.createdAt), desc(e.id))
    .limit(limit);
  return {
    events: rows.map(
      (row): SecurityEvent => ({
        id: row.id,
        kind: row.kind as SecurityEventKind,
        method: row.method as SecurityEventMethod,
        action: row.action,
        description: row.description,
        browser: row.userAgent ?? 'an unknown browser',
        ...(row.newDevice ? { newDevice: true } : {}),
        createdAt: row.createdAt.toISOString(),
      }),
    ),
  };
}
