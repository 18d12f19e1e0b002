import { formatMinor } from '@contract/planning/calendar';
import { displayNameOf } from '@contract/reference';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { MAY_WORK_IN_ACCOUNT } from '../auth/sessions';
import type { Database } from '../db/connect';
import { pacingDigests } from '../db/schema';
import { appLink, mailMember } from '../notifications/store';

/**
 * The daily pacing digest (issue 28, docs/notifications.md#the-daily-pacing-digest): each member who chose it
 * gets one e-mail a day listing the flights off pace (the `pacing_alerts` the syncs keep) of active campaigns
 * in the accounts they may work in — none when nothing is off pace. A member is claimed for the day before
 * the mail goes (`last_sent_on`), so two processes running the job never send it twice; a mail that fails is
 * not retried that day.
 */

type OffPaceRow = {
  account_id: string;
  account_name: string;
  campaign_id: string;
  campaign_name: string;
  currency: string;
  platform_key: string;
  status: 'underpacing' | 'overpacing';
  spent_minor: string;
  planned_minor: string;
};

/** The flights off pace that `userId` may see, by account and campaign. */
export async function offPaceFor(db: Database, userId: string, today: string): Promise<OffPaceRow[]> {
  const { rows } = await db.execute<OffPaceRow>(sql`
    SELECT a.id AS account_id, a.name AS account_name, c.id AS campaign_id, c.name AS campaign_name,
           c.currency, f.platform_key, pa.status, pa.spent_minor, pa.planned_minor
      FROM pacing_alerts pa
      JOIN campaign_flights f ON f.id = pa.flight_id
      JOIN campaigns c ON c.id = pa.campaign_id
      JOIN accounts a ON a.id = pa.account_id
      JOIN memberships m ON m.organization_id = a.organization_id AND m.user_id = ${userId}::uuid
     WHERE c.status = 'active' AND f.end_date >= ${today}::date AND ${sql.raw(MAY_WORK_IN_ACCOUNT)}
     ORDER BY a.name, c.name, f.platform_key`);
  return rows;
}

/** The digest's subject and text for these rows. */
export function digestOf(rows: readonly OffPaceRow[]): { subject: string; text: string } {
  const flights = rows.length === 1 ? '1 flight is' : `${rows.length} flights are`;
  const lines: string[] = [`${flights} off pace this morning:`, ''];
  let account = '';
  for (const row of rows) {
    if (row.account_name !== account) {
      account = row.account_name;
      lines.push(account);
    }
    const spent = Number(row.spent_minor);
    const planned = Number(row.planned_minor);
    const off =
      planned === 0
        ? ''
        : ` (${spent >= planned ? '+' : '−'}${Math.round(Math.abs(spent / planned - 1) * 100)} %)`;
    lines.push(
      `- ${row.campaign_name} on ${displayNameOf(row.platform_key)}: ${row.status}, ` +
        `${formatMinor(spent, row.currency)} spent of ${formatMinor(planned, row.currency)} planned to date${off}. ` +
        appLink(`/campaigns/${row.campaign_id}`, row.account_id),
    );
  }
  lines.push(
    '',
    'Stop this e-mail in Settings → Notifications; change the thresholds in Settings → Pacing alerts.',
  );
  return { subject: `Pacing digest: ${flights} off pace`, text: lines.join('\n') };
}

/** Sends today's digests; returns how many were sent. */
export async function sendPacingDigests(
  db: Database,
  today = new Date().toISOString().slice(0, 10),
): Promise<number> {
  const claimed = await db
    .update(pacingDigests)
    .set({ lastSentOn: today })
    .where(
      and(
        eq(pacingDigests.enabled, true),
        or(isNull(pacingDigests.lastSentOn), lt(pacingDigests.lastSentOn, today)),
      ),
    )
    .returning({ userId: pacingDigests.userId });
  let sent = 0;
  for (const { userId } of claimed) {
    try {
      const rows = await offPaceFor(db, userId, today);
      if (rows.length === 0) continue;
      const { rows: users } = await db.execute<{ email: string }>(
        sql`SELECT email FROM users WHERE id = ${userId}::uuid`,
      );
      const email = users[0]?.email;
      if (!email) continue;
      const { subject, text } = digestOf(rows);
      if (await mailMember(email, { subject, text, link: '/' })) sent += 1;
    } catch (error) {
      console.error('A pacing digest could not be sent:', error);
    }
  }
  return sent;
}
