import type { Role } from '@contract/policy';
import type { TeamEvent, TeamEventKind } from '@contract/team';
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../db/connect';
import * as t from '../db/schema';
import type { TxDatabase } from '../db/transaction';

/** The organization's security activity (issue 26): who invited, changed, removed whom; `organization_events`. */

/** The database, or the transaction a caller holds. */
export type TeamDb = Database | TxDatabase;

export const nameOf = (user: { firstName: string; lastName: string; email: string }) =>
  `${user.firstName} ${user.lastName}`.trim() || user.email;

export async function recordEvent(
  tx: TxDatabase,
  organizationId: string,
  actorUserId: string,
  kind: TeamEventKind,
  subjectEmail: string,
  details: Record<string, unknown>,
): Promise<void> {
  await tx.insert(t.organizationEvents).values({ organizationId, actorUserId, kind, subjectEmail, details });
}

export async function listTeamEvents(db: TeamDb, organizationId: string, limit = 50): Promise<TeamEvent[]> {
  const rows = await db
    .select({ event: t.organizationEvents, actor: t.users })
    .from(t.organizationEvents)
    .leftJoin(t.users, eq(t.users.id, t.organizationEvents.actorUserId))
    .where(eq(t.organizationEvents.organizationId, organizationId))
    .orderBy(desc(t.organizationEvents.createdAt))
    .limit(limit);
  return rows.map(({ event, actor }) => ({
    id: event.id,
    kind: event.kind as TeamEventKind,
    actor: actor ? nameOf(actor) : null,
    subjectEmail: event.subjectEmail,
    role: (event.details.role as Role | undefined) ?? null,
    previousRole: (event.details.previousRole as Role | undefined) ?? null,
    createdAt: event.createdAt.toISOString(),
  }));
}
