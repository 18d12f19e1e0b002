import { hashPassword } from '@server/auth/password';
import * as t from '@server/db/schema';
import { type SyncContext, syncConnection } from '@server/delivery/sync';
import { addDays } from '@server/platforms/sandbox/clock';
import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { liveCampaign, newAccount, today } from '../delivery/fixtures';
import { connectPlatforms, TEST_SECRET_BOX } from '../support/connections';
import { platformConnectors } from '../support/connectors';
import { freshDatabase } from '../support/db';
import { TestClient, testApp } from '../support/http';

/**
 * Issue 28's pacing alerts: after a delivery sync, a flight that went off pace past the account's threshold
 * is told to the account's planners (inbox, and e-mail for who chose it) once, not at every sync; back on
 * track and off pace again, it is told again. Real sandbox delivery (a front-loaded flight spends ~1.3× its
 * even share in its first days), real PostgreSQL.
 */

const { db } = await freshDatabase();
const app = testApp(db); // also gives notifications their mailer (the outbox)
const connectors = platformConnectors(db, { delayMs: 0, reviewMs: 0 });
const ctx: SyncContext = { db, connectors, box: TEST_SECRET_BOX };

let accountId: string;
let planner: { id: string; email: string; client: TestClient };
let colleague: { id: string; email: string; client: TestClient };
let analyst: { id: string; email: string; client: TestClient };

async function member(email: string, role: 'planner' | 'analyst') {
  const [account] = await db.select().from(t.accounts).where(eq(t.accounts.id, accountId));
  const [user] = await db
    .insert(t.users)
    .values({
      email,
      passwordHash: await hashPassword('correct-horse'),
      firstName: role === 'planner' ? 'Paula' : 'Andy',
      lastName: 'Member',
      onboardedAt: new Date(),
      lastOrganizationId: account!.organizationId,
      lastAccountId: accountId,
    })
    .returning();
  await db.insert(t.memberships).values({ userId: user!.id, organizationId: account!.organizationId, role });
  return { id: user!.id, email, client: await new TestClient(app).signIn(email, 'correct-horse') };
}

const inbox = async (client: TestClient) =>
  (await client.get('/api/notifications')).body as {
    notifications: { kind: string; title: string; body: string; link: string; accountId: string }[];
    unreadCount: number;
  };
/** The pacing e-mails sent to `email` (signing in on a new device mails too). */
const mailsTo = async (email: string) =>
  (
    await db
      .select()
      .from(t.providerOutbox)
      .where(eq(t.providerOutbox.recipient, email))
      .orderBy(desc(t.providerOutbox.createdAt))
  ).filter((mail) => / is (over|under)pacing on /.test(mail.subject ?? ''));

const sync = async () => {
  const result = await syncConnection(ctx, accountId, 'meta');
  expect(result.outcome).toBe('succeeded');
};

let ahead: string;
let even: string;

beforeAll(async () => {
  accountId = await newAccount(db, 'Pacing alerts');
  planner = await member('paula@pacing.test', 'planner');
  colleague = await member('pete@pacing.test', 'planner');
  analyst = await member('andy@pacing.test', 'analyst');
  await connectPlatforms(db, accountId, ['meta']);
  // Paula wants e-mail for this kind (off by default); Pete does not.
  expect(
    (await planner.client.put('/api/notifications/preferences', { kind: 'budget_off_pace', email: true }))
      .status,
  ).toBe(200);
  const flight = (pacing: 'even' | 'front_loaded') => [
    { startDate: addDays(today(), -10), endDate: addDays(today(), 19), amountMinor: 300_000, pacing },
  ];
  ahead = (await liveCampaign(db, accountId, { name: 'Spring rush', flights: flight('front_loaded') })).id;
  even = (await liveCampaign(db, accountId, { name: 'Steady state', flights: flight('even') })).id;
});

describe('pacing alerts after a delivery sync', () => {
  it('tells the planners once that a flight went off pace, with a link to the campaign', async () => {
    await sync();
    const paula = await inbox(planner.client);
    const alerts = paula.notifications.filter((n) => n.kind === 'budget_off_pace');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      title: 'Spring rush is overpacing on Meta',
      link: `/campaigns/${ahead}`,
      accountId,
    });
    expect(alerts[0]!.body).toMatch(
      /^Meta has spent €[\d,.]+ of the €1,000\.00 planned to date for the flight .+: \d+ % above plan\. This account alerts beyond 15 % over\.$/,
    );
    // The campaign that delivers evenly is on track: nothing about it.
    expect(paula.notifications.some((n) => n.link === `/campaigns/${even}`)).toBe(false);
    expect(
      (await inbox(colleague.client)).notifications.filter((n) => n.kind === 'budget_off_pace'),
    ).toHaveLength(1);
    // Analysts change nothing: pacing alerts are for who can act on them.
    expect((await inbox(analyst.client)).notifications).toHaveLength(0);
    // E-mail for who chose it.
    const [mail] = await mailsTo(planner.email);
    expect(mail?.subject).toBe('Spring rush is overpacing on Meta');
    expect(await mailsTo(colleague.email)).toHaveLength(0);

    // The next syncs find it still off pace: no second alert.
    await sync();
    await sync();
    expect(
      (await inbox(planner.client)).notifications.filter((n) => n.kind === 'budget_off_pace'),
    ).toHaveLength(1);
    expect(await mailsTo(planner.email)).toHaveLength(1);
  });

  it('alerts again when the flight went back on track and then off pace again', async () => {
    // With +100 % allowed, the flight is on track at the next sync: its alert is cleared, nothing is sent.
    expect(
      (await planner.client.put('/api/pacing/settings', { underPercent: 15, overPercent: 100 })).status,
    ).toBe(200);
    await sync();
    expect(await db.select().from(t.pacingAlerts).where(eq(t.pacingAlerts.accountId, accountId))).toEqual([]);
    expect(
      (await inbox(planner.client)).notifications.filter((n) => n.kind === 'budget_off_pace'),
    ).toHaveLength(1);

    // Back to 15 %: off pace again, told again.
    expect(
      (await planner.client.put('/api/pacing/settings', { underPercent: 15, overPercent: 15 })).status,
    ).toBe(200);
    await sync();
    const alerts = (await inbox(planner.client)).notifications.filter((n) => n.kind === 'budget_off_pace');
    expect(alerts.map((n) => n.title)).toEqual([
      'Spring rush is overpacing on Meta',
      'Spring rush is overpacing on Meta',
    ]);
    expect(await mailsTo(planner.email)).toHaveLength(2);
  });

  it('lets planners change the thresholds, and not analysts', async () => {
    const refused = await analyst.client.put('/api/pacing/settings', { underPercent: 30, overPercent: 30 });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("Analysts can't change pacing alerts");
    expect((await analyst.client.get('/api/pacing/settings')).body).toMatchObject({ underPercent: 15 });
  });
});

describe('the daily pacing digest', () => {
  const digestsTo = async (email: string) =>
    (
      await db
        .select()
        .from(t.providerOutbox)
        .where(eq(t.providerOutbox.recipient, email))
        .orderBy(desc(t.providerOutbox.createdAt))
    ).filter((mail) => (mail.subject ?? '').startsWith('Pacing digest'));

  it('is off until the member turns it on; then one e-mail a day lists what is off pace', async () => {
    expect((await colleague.client.get('/api/notifications/digest')).body).toEqual({ pacingDigest: false });
    const bad = await colleague.client.put('/api/notifications/digest', { pacingDigest: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body.validationErrors.pacingDigest.message).toContain('true or false');
    expect((await colleague.client.put('/api/notifications/digest', { pacingDigest: true })).body).toEqual({
      pacingDigest: true,
    });

    const { sendPacingDigests } = await import('@server/pacing/digest');
    const day = addDays(today(), 1);
    expect(await sendPacingDigests(db, day)).toBe(1); // Pete only: Paula did not choose it
    expect(await sendPacingDigests(db, day)).toBe(0); // once a day, whoever runs the job
    const [digest] = await digestsTo(colleague.email);
    expect(digest?.subject).toBe('Pacing digest: 1 flight is off pace');
    expect(digest?.text).toContain('Pacing alerts');
    expect(digest?.text).toMatch(
      /- Spring rush on Meta: overpacing, €[\d,.]+ spent of €[\d,.]+ planned to date \(\+\d+ %\)\./,
    );
    expect(digest?.text).toContain(`returnUrl=${encodeURIComponent(`/campaigns/${ahead}`)}`);
    expect(await digestsTo(planner.email)).toHaveLength(0);

    // Nothing off pace: no digest that day.
    await db.delete(t.pacingAlerts).where(eq(t.pacingAlerts.accountId, accountId));
    expect(await sendPacingDigests(db, addDays(day, 1))).toBe(0);
    expect(await digestsTo(colleague.email)).toHaveLength(1);
  });
});
