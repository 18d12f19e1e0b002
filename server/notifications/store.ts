import {
  EMAIL_BY_DEFAULT,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  type Notification,
  type NotificationKind,
  type NotificationList,
  type NotificationPreference,
  type PacingDigest,
} from '@contract/notifications';
import type { Role } from '@contract/policy';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { MAY_WORK_IN_ACCOUNT } from '../auth/sessions';
import type { Database } from '../db/connect';
import * as t from '../db/schema';
import type { TxDatabase } from '../db/transaction';
import { HttpError } from '../http/errors';
import type { EmailSender } from '../mail/sender';

/**
 * Notifications (issue 27, docs/notifications.md): rows in the member's inbox, and e-mail for the kinds they
 * want it for. The composition root gives the mailer once (`setNotificationMail`): the jobs and connection
 * checks that notify have no sender of their own.
 */

type Db = Database | TxDatabase;

export interface NotificationInput {
  userIds: readonly string[];
  organizationId: string;
  accountId: string | null;
  kind: NotificationKind;
  title: string;
  body: string;
  /** An in-app path ('/campaigns/…'); anything else is refused. */
  link: string;
}

let mail: EmailSender | null = null;
let appOrigin = 'http://localhost:3000';

/** The mailer notifications use (SMTP or the development outbox). */
export function setNotificationMail(email: EmailSender | null): void {
  mail = email;
}

/** The origin e-mailed links open (PUBLIC_ORIGIN, else this server's own: server/main.ts). */
export function setNotificationOrigin(origin: string): void {
  appOrigin = origin.replace(/\/+$/, '');
}

const isAppPath = (link: string) => link.startsWith('/') && !link.startsWith('//') && !link.includes('\\');

/** The link an e-mail carries: through the account switch, so it opens in the right account. */
function mailedLink(origin: string, input: NotificationInput): string {
  const path = input.accountId
    ? `/account/switch?id=${encodeURIComponent(input.accountId)}&returnUrl=${encodeURIComponent(input.link)}`
    : input.link;
  return `${origin}${path}`;
}

/** Puts a notification in each user's inbox; e-mails those who want this kind by e-mail. */
export async function notify(db: Db, input: NotificationInput): Promise<void> {
  if (!isAppPath(input.link)) throw new Error(`A notification links inside the app, not to ${input.link}`);
  const userIds = [...new Set(input.userIds)];
  if (userIds.length === 0) return;
  await db.insert(t.notifications).values(
    userIds.map((userId) => ({
      userId,
      organizationId: input.organizationId,
      accountId: input.accountId,
      kind: input.kind,
      title: input.title,
      body: input.body,
      link: input.link,
    })),
  );
  if (!mail) return;
  const people = await db
    .select({ id: t.users.id, email: t.users.email, wants: t.notificationPreferences.email })
    .from(t.users)
    .leftJoin(
      t.notificationPreferences,
      and(eq(t.notificationPreferences.userId, t.users.id), eq(t.notificationPreferences.kind, input.kind)),
    )
    .where(inArray(t.users.id, userIds));
  const email = mail;
  for (const person of people) {
    if (!(person.wants ?? EMAIL_BY_DEFAULT[input.kind])) continue;
    const link = mailedLink(appOrigin, input);
    try {
      await email.send({
        to: person.email,
        subject: input.title,
        text: [
          input.body,
          '',
          `Open it in Flightplan: ${link}`,
          '',
          'Choose which e-mails you get in Settings → Notifications.',
        ].join('\n'),
        link,
      });
    } catch (error) {
      // The notification is in the inbox either way.
      console.error('A notification e-mail could not be sent:', error);
    }
  }
}

/** Members who may work in the account, with one of `roles`. */
export async function recipientsOf(db: Db, accountId: string, roles: readonly Role[]): Promise<string[]> {
  const { rows } = await db.execute<{ user_id: string; role: Role }>(sql`
    SELECT m.user_id, m.role FROM memberships m JOIN accounts a ON a.organization_id = m.organization_id
    WHERE a.id = ${accountId}::uuid AND ${sql.raw(MAY_WORK_IN_ACCOUNT)}`);
  return rows.filter((row) => roles.includes(row.role)).map((row) => row.user_id);
}

const serialize = (row: typeof t.notifications.$inferSelect): Notification => ({
  id: row.id,
  kind: row.kind as NotificationKind,
  title: row.title,
  body: row.body,
  link: row.link,
  accountId: row.accountId,
  createdAt: row.createdAt.toISOString(),
  readAt: row.readAt?.toISOString() ?? null,
});

const mine = (userId: string, organizationId: string) =>
  and(eq(t.notifications.userId, userId), eq(t.notifications.organizationId, organizationId));

/** The member's notifications in the organization, newest first, with the unread count. */
export async function listNotifications(
  db: Db,
  userId: string,
  organizationId: string,
  page: { start: number; end: number },
): Promise<NotificationList> {
  const rows = await db
    .select()
    .from(t.notifications)
    .where(mine(userId, organizationId))
    .orderBy(desc(t.notifications.createdAt), desc(t.notifications.id))
    .offset(page.start)
    .limit(page.end - page.start);
  const [unread] = await db
    .select({ n: count() })
    .from(t.notifications)
    .where(and(mine(userId, organizationId), isNull(t.notifications.readAt)));
  return { notifications: rows.map(serialize), unreadCount: unread?.n ?? 0 };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function markRead(
  db: Db,
  userId: string,
  organizationId: string,
  id: string,
): Promise<Notification> {
  const notFound = new HttpError(404, 'Notification not found');
  if (!UUID.test(id)) throw notFound;
  const [row] = await db
    .update(t.notifications)
    .set({ readAt: sql`coalesce(${t.notifications.readAt}, now())` })
    .where(and(mine(userId, organizationId), eq(t.notifications.id, id)))
    .returning();
  if (!row) throw notFound;
  return serialize(row);
}

export async function markAllRead(db: Db, userId: string, organizationId: string): Promise<void> {
  await db
    .update(t.notifications)
    .set({ readAt: sql`now()` })
    .where(and(mine(userId, organizationId), isNull(t.notifications.readAt)));
}

export async function preferencesOf(db: Db, userId: string): Promise<NotificationPreference[]> {
  const rows = await db
    .select()
    .from(t.notificationPreferences)
    .where(eq(t.notificationPreferences.userId, userId));
  const chosen = new Map(rows.map((row) => [row.kind, row.email]));
  return NOTIFICATION_KINDS.map((kind) => ({
    kind,
    label: NOTIFICATION_KIND_LABELS[kind],
    email: chosen.get(kind) ?? EMAIL_BY_DEFAULT[kind],
  }));
}

export async function setPreference(db: Db, userId: string, kind: NotificationKind, email: boolean) {
  await db
    .insert(t.notificationPreferences)
    .values({ userId, kind, email })
    .onConflictDoUpdate({
      target: [t.notificationPreferences.userId, t.notificationPreferences.kind],
      set: { email },
    });
  return preferencesOf(db, userId);
}

/** Whether the member gets the daily pacing digest (issue 28); no row: off. */
export async function pacingDigestOf(db: Db, userId: string): Promise<PacingDigest> {
  const [row] = await db.select().from(t.pacingDigests).where(eq(t.pacingDigests.userId, userId));
  return { pacingDigest: row?.enabled ?? false };
}

export async function setPacingDigest(db: Db, userId: string, enabled: boolean): Promise<PacingDigest> {
  await db
    .insert(t.pacingDigests)
    .values({ userId, enabled })
    .onConflictDoUpdate({ target: t.pacingDigests.userId, set: { enabled } });
  return pacingDigestOf(db, userId);
}

/** An e-mail of the notifications' own (the daily digest): the link opens in the app. False: no mailer. */
export async function mailMember(
  to: string,
  message: { subject: string; text: string; link: string; accountId?: string | null },
): Promise<boolean> {
  if (!mail) return false;
  const path = message.accountId
    ? `/account/switch?id=${encodeURIComponent(message.accountId)}&returnUrl=${encodeURIComponent(message.link)}`
    : message.link;
  await mail.send({ to, subject: message.subject, text: message.text, link: `${appOrigin}${path}` });
  return true;
}

/** The in-app link an e-mail carries for `path` in `accountId` (through the account switch). */
export function appLink(path: string, accountId: string | null): string {
  return mailedLink(appOrigin, { link: path, accountId } as NotificationInput);
}
