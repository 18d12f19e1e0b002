import { eq } from 'drizzle-orm';
import type { Database } from '../db/connect';
import * as t from '../db/schema';
import { notify } from './store';

/** What happened to a plan revision (server/revisions/routes.ts tells it; app.ts wires the two). */
export type RevisionNotice =
  | {
      kind: 'submitted';
      campaignId: string;
      accountId: string;
      organizationId: string;
      campaignName: string;
      number: number;
      approverIds: string[];
      by: string;
    }
  | {
      kind: 'approved' | 'changesRequested';
      campaignId: string;
      accountId: string;
      organizationId: string;
      campaignName: string;
      number: number;
      to: string | null;
      by: string;
      comment?: string;
    };

async function nameOf(db: Database, userId: string): Promise<string> {
  const [user] = await db.select().from(t.users).where(eq(t.users.id, userId));
  return user ? `${user.firstName} ${user.lastName}`.trim() || user.email : 'Someone';
}

/**
 * The approvers hear that a revision waits for them; whoever sent it hears it was approved or sent back
 * (with the comment). Nobody is told about their own action.
 */
export async function noticeOfRevision(db: Database, event: RevisionNotice): Promise<void> {
  const who = await nameOf(db, event.by);
  const revision = `/campaigns/${event.campaignId}/revisions/${event.number}`;
  const base = { organizationId: event.organizationId, accountId: event.accountId };
  if (event.kind === 'submitted') {
    await notify(db, {
      ...base,
      userIds: event.approverIds.filter((id) => id !== event.by),
      kind: 'approval_requested',
      title: `${event.campaignName}: revision ${event.number} waits for your approval`,
      body: `${who} sent revision ${event.number} of ${event.campaignName} for your approval.`,
      link: revision,
    });
    return;
  }
  if (!event.to || event.to === event.by) return;
  const approved = event.kind === 'approved';
  await notify(db, {
    ...base,
    userIds: [event.to],
    kind: approved ? 'plan_approved' : 'changes_requested',
    title: approved
      ? `${event.campaignName}: revision ${event.number} approved`
      : `${event.campaignName}: changes requested on revision ${event.number}`,
    body: approved
      ? `${who} approved revision ${event.number} of ${event.campaignName}.`
      : `${who} asked for changes to revision ${event.number} of ${event.campaignName}: “${event.comment ?? ''}”`,
    link: approved ? revision : `/campaigns/${event.campaignId}?tab=revisions`,
  });
}
