import { hashPassword } from '@server/auth/password';
import { markNeedsReconnect } from '@server/connections/queries';
import * as t from '@server/db/schema';
import { inTransaction } from '@server/db/transaction';
import { noticeOfPlatformFailure } from '@server/notifications/systemNotices';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../support/db';
import { signedIn, TestClient, testApp } from '../support/http';
import { planCampaign } from '../support/planning';

/**
 * Issue 27's notifications: each kind lands in the inbox of who it concerns (and e-mail, as they choose),
 * newest first with an unread count; marking read; preferences; another member's notification is missing.
 */

const { db } = await freshDatabase();
const demo = await signedIn(db);
const me = (await demo.get('/api/auth/user')).body;
const orgId: string = me.currentOrganization.id;
const accountId: string = me.currentAccount.id;

async function member(firstName: string, email: string, role: 'client' | 'planner') {
  const [user] = await db
    .insert(t.users)
    .values({
      email,
      passwordHash: await hashPassword('correct-horse'),
      firstName,
      lastName: 'Member',
      onboardedAt: new Date(),
      lastOrganizationId: orgId,
      lastAccountId: accountId,
    })
    .returning();
  await db
    .insert(t.memberships)
    .values({ userId: user!.id, organizationId: orgId, role, allAccounts: false });
  await db.insert(t.membershipAccounts).values({ userId: user!.id, organizationId: orgId, accountId });
  const client = await new TestClient(testApp(db)).signIn(email, 'correct-horse');
  return { id: user!.id, client, email };
}

const mailsTo = (email: string) =>
  db
    .select()
    .from(t.providerOutbox)
    .where(eq(t.providerOutbox.recipient, email))
    .orderBy(desc(t.providerOutbox.createdAt));

const inbox = async (client: TestClient) => (await client.get('/api/notifications')).body;

const cleo = await member('Cleo', 'cleo@client.test', 'client');
const pat = await member('Pat', 'pat@agency.test', 'planner');

describe('notifications of a plan’s sign-off', () => {
  it('tells the approver, by inbox and e-mail, that a revision waits; the sender hears the decision', async () => {
    const { id } = await planCampaign(demo, { db, name: 'Notified plan', until: 'schedule' });
    expect((await demo.post(`/api/campaigns/${id}/revisions/submit`, {})).status).toBe(201);
    const waiting = await inbox(cleo.client);
    expect(waiting.unreadCount).toBe(1);
    expect(waiting.notifications[0]).toMatchObject({
      kind: 'approval_requested',
      title: 'Notified plan: revision 1 waits for your approval',
      link: `/campaigns/${id}/revisions/1`,
      accountId,
      readAt: null,
    });
    const [mail] = await mailsTo(cleo.email);
    expect(mail?.subject).toBe('Notified plan: revision 1 waits for your approval');
    expect(mail?.link).toContain(
      `/account/switch?id=${accountId}&returnUrl=${encodeURIComponent(`/campaigns/${id}/revisions/1`)}`,
    );

    const back = await cleo.client.post(`/api/campaigns/${id}/revisions/1/request-changes`, {
      comment: 'Later start',
    });
    expect(back.status).toBe(200);
    const planner = await inbox(demo);
    expect(planner.notifications[0]).toMatchObject({
      kind: 'changes_requested',
      title: 'Notified plan: changes requested on revision 1',
      body: 'Cleo Member asked for changes to revision 1 of Notified plan: “Later start”',
      link: `/campaigns/${id}?tab=revisions`,
    });
  });

  it('lists newest first, marks one or all read, and keeps another member’s notification out of reach', async () => {
    const list = await inbox(demo);
    const [first] = list.notifications;
    const read = await demo.post(`/api/notifications/${first.id}/read`);
    expect(read.status).toBe(200);
    expect(read.body.readAt).toEqual(expect.any(String));
    expect((await inbox(demo)).unreadCount).toBe(list.unreadCount - 1);
    const cleosOwn = (await inbox(cleo.client)).notifications[0].id;
    expect((await demo.post(`/api/notifications/${cleosOwn}/read`)).status).toBe(404);
    expect((await demo.post('/api/notifications/not-an-id/read')).status).toBe(404);
    expect((await demo.post('/api/notifications/read-all')).status).toBe(200);
    expect((await inbox(demo)).unreadCount).toBe(0);
    expect((await inbox(cleo.client)).unreadCount).toBe(1);
    expect((await demo.get('/api/notifications?_start=5&_end=2')).status).toBe(400);
    expect((await new TestClient(testApp(db)).get('/api/notifications')).status).toBe(401);
  });

  it('sends e-mail only for the kinds the member wants', async () => {
    const prefs = (await cleo.client.get('/api/notifications/preferences')).body;
    expect(prefs).toContainEqual({
      kind: 'approval_requested',
      label: 'A plan waits for my approval',
      email: true,
    });
    expect(prefs).toContainEqual(expect.objectContaining({ kind: 'budget_off_pace', email: false }));
    const off = await cleo.client.put('/api/notifications/preferences', {
      kind: 'approval_requested',
      email: false,
    });
    expect(off.body).toContainEqual(expect.objectContaining({ kind: 'approval_requested', email: false }));
    expect(
      (await cleo.client.put('/api/notifications/preferences', { kind: 'gossip', email: true })).status,
    ).toBe(400);
    const before = (await mailsTo(cleo.email)).length;
    const { id } = await planCampaign(demo, { db, name: 'Quiet plan', until: 'schedule' });
    expect((await demo.post(`/api/campaigns/${id}/revisions/submit`, {})).status).toBe(201);
    expect((await inbox(cleo.client)).notifications[0].title).toBe(
      'Quiet plan: revision 1 waits for your approval',
    );
    expect((await mailsTo(cleo.email)).length).toBe(before);
  });
});

describe('notifications of the platforms', () => {
  it('tells the account’s planners once that a launch failed, with each platform’s reason', async () => {
    const [campaign] = await db
      .select()
      .from(t.campaigns)
      .where(eq(t.campaigns.accountId, accountId))
      .limit(1);
    await inTransaction(db, (tx) =>
      noticeOfPlatformFailure(tx, campaign!, [
        { platformKey: 'meta', lastError: 'The ad account is disabled.' },
      ]),
    );
    const latest = (await inbox(pat.client)).notifications[0];
    expect(latest).toMatchObject({
      kind: 'platform_failed',
      title: `${campaign!.name} did not launch on Meta`,
      body: 'Meta: The ad account is disabled.',
      link: `/campaigns/${campaign!.id}`,
    });
    await inTransaction(db, (tx) =>
      noticeOfPlatformFailure(tx, campaign!, [{ platformKey: 'google', lastError: null }], 'pause'),
    );
    expect((await inbox(pat.client)).notifications[0]).toMatchObject({
      kind: 'platform_failed',
      title: `${campaign!.name} could not be paused on Google Ads`,
    });
    // A client is not told what the agency runs.
    expect((await inbox(cleo.client)).notifications.map((n: { kind: string }) => n.kind)).not.toContain(
      'platform_failed',
    );
  });

  it('tells them once when a connection needs reconnecting, not at every call that finds it broken', async () => {
    const [connection] = await db
      .select()
      .from(t.platformConnections)
      .where(
        and(eq(t.platformConnections.accountId, accountId), eq(t.platformConnections.status, 'connected')),
      )
      .limit(1);
    await markNeedsReconnect(db, accountId, connection!.platformKey, 'The access expired.');
    await markNeedsReconnect(db, accountId, connection!.platformKey, 'The access expired.');
    const told = (await inbox(pat.client)).notifications.filter(
      (n: { kind: string }) => n.kind === 'connection_needs_reconnect',
    );
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      link: '/platforms',
      body: expect.stringMatching(/^The access expired\./),
    });
  });
});
