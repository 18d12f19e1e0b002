import { STEP_UP_HEADER, STEP_UP_MESSAGES } from '@contract/stepUp';
import { hashPassword } from '@server/auth/password';
import * as t from '@server/db/schema';
import { DEMO_EMAIL } from '@server/seed/seed';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../support/db';
import { signedIn, TestClient, testApp } from '../support/http';
import { AUDIENCE, planCampaign } from '../support/planning';
import { challengeOf, verifyByEmail } from '../support/stepUp';

/**
 * Issue 27: plan revisions and sign-off through the API. A planner (the demo owner) sends the plan for
 * approval; a client of the account approves through the step-up, bound to the revision's hash; a later
 * edit opens the next revision; a frozen revision refuses every write, here and in the database.
 */

const { db } = await freshDatabase();
const demo = await signedIn(db);
const me = (await demo.get('/api/auth/user')).body;
const orgId: string = me.currentOrganization.id;
const acmeId: string = me.currentAccount.id;

const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A client of the current account, signed in on a step-up-enforcing app. */
async function clientMember(firstName: string, lastName: string, email: string) {
  const [user] = await db
    .insert(t.users)
    .values({
      email,
      passwordHash: await hashPassword('correct-horse'),
      firstName,
      lastName,
      onboardedAt: new Date(),
      lastOrganizationId: orgId,
      lastAccountId: acmeId,
    })
    .returning();
  await db
    .insert(t.memberships)
    .values({ userId: user!.id, organizationId: orgId, role: 'client', allAccounts: false });
  await db
    .insert(t.membershipAccounts)
    .values({ userId: user!.id, organizationId: orgId, accountId: acmeId });
  const client = await new TestClient(testApp(db, { enforceStepUp: true })).signIn(email, 'correct-horse');
  return { id: user!.id, client, email };
}

/** The database's refusal of a write (drizzle wraps PostgreSQL's error as its cause). */
const refusal = (write: Promise<unknown>) =>
  write.then(
    () => 'written',
    (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
  );

const revisions = async (id: string) => (await demo.get(`/api/campaigns/${id}/revisions`)).body;

async function approve(who: { client: TestClient; email: string }, id: string, n: number, name: string) {
  const path = `/api/campaigns/${id}/revisions/${n}/approve`;
  const asked = await who.client.post(path, { name });
  const token = await verifyByEmail(db, who.client, challengeOf(asked).token, who.email);
  return { token, answer: await who.client.post(path, { name }, { [STEP_UP_HEADER]: token }) };
}

async function shortenMeta(id: string, endDate: string) {
  const plan = (await demo.get(`/planning/wizard/${id}`, { accept: 'application/json' })).body;
  const res = await demo.put(`/planning/wizard/${id}/schedule`, {
    version: plan.campaign.version,
    startDate: plan.campaign.startDate,
    endDate,
    flights: plan.flights.map((f: Record<string, unknown>) => ({
      id: f.id,
      platform: f.platform,
      startDate: f.startDate,
      endDate,
      amountMinor: f.amountMinor,
      pacing: f.pacing,
    })),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

const { id: campaignId } = await planCampaign(demo, {
  db,
  name: 'Sign-off Spring',
  platforms: ['meta'],
  budgetMinor: 200_000,
  startDate: future(2),
  endDate: future(30),
});

describe('revisions and sign-off', () => {
  it('lists the plan as the draft of revision 1 before anything is sent', async () => {
    const list = await revisions(campaignId);
    expect(list).toEqual([
      expect.objectContaining({ number: 1, status: 'draft', hash: expect.stringMatching(/^[0-9a-f]{64}$/) }),
    ]);
  });

  it('needs approvers: the account has no client yet, and an analyst cannot be one', async () => {
    const none = await demo.post(`/api/campaigns/${campaignId}/revisions/submit`, {});
    expect(none.status).toBe(400);
    expect(none.body.validationErrors.approverIds.message).toMatch(/no client members/);
    const strange = await demo.post(`/api/campaigns/${campaignId}/revisions/submit`, {
      approverIds: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(strange.status).toBe(400);
    expect((await revisions(campaignId))[0].status).toBe('draft');
  });

  // Cleo joins when the first test that needs her asks (not while the file is collected: the test before
  // says the account has no client yet).
  let joined: ReturnType<typeof clientMember> | undefined;
  const member = () => {
    joined ??= clientMember('Cleo', 'Client', 'cleo@client.test');
    return joined;
  };

  it('freezes revision 1 for the account’s clients; unchanged, it cannot be sent again', async () => {
    const { id: cleoId } = await member();
    const sent = await demo.post(`/api/campaigns/${campaignId}/revisions/submit`, {});
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body).toEqual({ number: 1, hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const [first] = await revisions(campaignId);
    expect(first).toMatchObject({
      number: 1,
      status: 'in_review',
      hash: sent.body.hash,
      createdBy: { email: DEMO_EMAIL },
      approvers: [{ id: cleoId, name: 'Cleo Client', email: 'cleo@client.test' }],
    });
    const again = await demo.post(`/api/campaigns/${campaignId}/revisions/submit`, {});
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ errorCode: 'REVISION_UNCHANGED' });
  });

  it('only a named approver decides, typing their full name', async () => {
    const notAsked = await demo.post(`/api/campaigns/${campaignId}/revisions/1/approve`, {
      name: 'Dana Demo',
    });
    expect(notAsked.status).toBe(403);
    expect(notAsked.body.message).toBe('You were not asked to approve revision 1');
    const { client } = await member();
    const wrongName = await client.post(`/api/campaigns/${campaignId}/revisions/1/approve`, {
      name: 'Someone',
    });
    expect(wrongName.status).toBe(400);
    expect(wrongName.body.validationErrors.name.message).toMatch(/Cleo Client/);
    const noComment = await client.post(`/api/campaigns/${campaignId}/revisions/1/request-changes`, {
      comment: '  ',
    });
    expect(noComment.status).toBe(400);
    const missing = await client.post(`/api/campaigns/${campaignId}/revisions/9/approve`, {
      name: 'Cleo Client',
    });
    expect(missing.status).toBe(404);
  });

  it('binds the approval to the revision: a token for revision 1 does not approve revision 2', async () => {
    const who = await member();
    const path1 = `/api/campaigns/${campaignId}/revisions/1/approve`;
    const asked = await who.client.post(path1, { name: 'Cleo Client' });
    const challenge = challengeOf(asked);
    expect(challenge.description).toBe('Approve revision 1 of Sign-off Spring');
    const tokenFor1 = await verifyByEmail(db, who.client, challenge.token, who.email);

    // The planner changes a flight and sends revision 2: revision 1 is superseded.
    await shortenMeta(campaignId, future(25));
    const list = await revisions(campaignId);
    expect(list.map((r: { number: number; status: string }) => [r.number, r.status])).toEqual([
      [2, 'draft'],
      [1, 'in_review'],
    ]);
    expect((await demo.post(`/api/campaigns/${campaignId}/revisions/submit`, {})).status).toBe(201);
    const late = await who.client.post(path1, { name: 'Cleo Client' }, { [STEP_UP_HEADER]: tokenFor1 });
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/Revision 1 was replaced by a later revision/);

    const path2 = `/api/campaigns/${campaignId}/revisions/2/approve`;
    const wrong = await who.client.post(path2, { name: 'Cleo Client' }, { [STEP_UP_HEADER]: tokenFor1 });
    expect(wrong.status).toBe(403);
    expect(wrong.body.message).toBe(STEP_UP_MESSAGES.mismatch);

    const { answer } = await approve(who, campaignId, 2, ' cleo  client ');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const [second, first] = await revisions(campaignId);
    expect(second).toMatchObject({
      number: 2,
      status: 'approved',
      decidedBy: { name: 'Cleo Client' },
      decidedName: 'cleo  client',
      decidedMethod: 'EMAIL_OTP',
      decidedAt: expect.any(String),
    });
    expect(first.status).toBe('superseded');

    // The open standard's export carries the revision chain and the approval; the insertion order prints it.
    const exported = (await demo.get(`/api/campaigns/${campaignId}/export/mediaplan.json`)).body;
    expect(exported.meta).toMatchObject({
      id: `flightplan-${campaignId}-r2`,
      parent_id: `flightplan-${campaignId}-r1`,
      is_current: true,
    });
    expect(exported.campaign.workflow_status_name).toBe('Approved');
  });

  it('compares two revisions: the changed flight with its old and new dates', async () => {
    const res = await demo.get(`/api/campaigns/${campaignId}/revisions/1/diff/2`);
    expect(res.status).toBe(200);
    expect(res.body.from.number).toBe(1);
    expect(res.body.to.number).toBe(2);
    expect(res.body.diff.overview).toEqual([{ field: 'endDate', before: future(30), after: future(25) }]);
    expect(res.body.diff.lineItems.changed).toEqual([
      expect.objectContaining({ changes: [{ field: 'endDate', before: future(30), after: future(25) }] }),
    ]);
    expect(res.body.diff.lineItems.added).toEqual([]);
    expect((await demo.get(`/api/campaigns/${campaignId}/revisions/1/diff/7`)).status).toBe(404);
    expect((await demo.get(`/api/campaigns/${campaignId}/revisions/x/diff/2`)).status).toBe(404);
  });

  it('a frozen revision refuses every write, in the API and in the database', async () => {
    const { client } = await member();
    const decided = await client.post(`/api/campaigns/${campaignId}/revisions/2/request-changes`, {
      comment: 'Too late',
    });
    expect(decided.status).toBe(409);
    expect(decided.body.message).toMatch(/Revision 2 is already approved/);
    const where = and(eq(t.planRevisions.campaignId, campaignId), eq(t.planRevisions.number, 2));
    const [before] = await db.select().from(t.planRevisions).where(where);
    expect(await refusal(db.update(t.planRevisions).set({ snapshot: {} }).where(where))).toMatch(/frozen/);
    expect(
      await refusal(
        db
          .update(t.planRevisions)
          .set({ interestNames: { meta: { '1': 'Other' } } })
          .where(where),
      ),
    ).toMatch(/frozen/);
    expect(await refusal(db.update(t.planRevisions).set({ status: 'in_review' }).where(where))).toMatch(
      /cannot go from approved to in_review/,
    );
    expect(await refusal(db.update(t.planRevisions).set({ decidedName: 'Mallory' }).where(where))).toMatch(
      /already decided/,
    );
    expect(await refusal(db.delete(t.planRevisions).where(where))).toMatch(/cannot be deleted/);
    const [after] = await db.select().from(t.planRevisions).where(where);
    expect(after).toEqual(before);
  });

  it('an approval is not carried over: with "Launch needs sign-off" an edited plan waits for revision 3', async () => {
    const on = await demo.put(`/api/organizations/${orgId}/sign-off`, { launchNeedsSignOff: true });
    expect(on.body).toEqual({ launchNeedsSignOff: true });
    await shortenMeta(campaignId, future(24));
    expect((await revisions(campaignId)).slice(0, 2).map((r: { status: string }) => r.status)).toEqual([
      'draft',
      'approved',
    ]);
    const refused = await demo.post(`/planning/wizard/${campaignId}/review`, {});
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      errorCode: 'SIGN_OFF_REQUIRED',
      message: 'Launching needs sign-off: send revision 3 for approval, then launch once it is approved',
    });
    expect((await demo.post(`/api/campaigns/${campaignId}/revisions/submit`, {})).status).toBe(201);
    const waiting = await demo.post(`/planning/wizard/${campaignId}/review`, {});
    expect(waiting.body.message).toBe('Launching needs sign-off: revision 3 is waiting for approval');

    // Sent back with a comment: the comment is on the revision.
    const { client } = await member();
    const back = await client.post(`/api/campaigns/${campaignId}/revisions/3/request-changes`, {
      comment: 'Keep the end date',
    });
    expect(back.status).toBe(200);
    expect((await revisions(campaignId))[0]).toMatchObject({
      number: 3,
      status: 'changes_requested',
      comment: 'Keep the end date',
    });
    expect((await demo.post(`/planning/wizard/${campaignId}/review`, {})).body.errorCode).toBe(
      'SIGN_OFF_REQUIRED',
    );

    // Back to the plan of revision 2, which is approved: nothing to send, and it may launch.
    await shortenMeta(campaignId, future(25));
    expect((await revisions(campaignId)).map((r: { number: number }) => r.number)).toEqual([3, 2, 1]);
    const same = await demo.post(`/api/campaigns/${campaignId}/revisions/submit`, {});
    expect(same.status).toBe(409);
    expect(same.body.message).toBe('Nothing changed since revision 2, which is already approved');
    const launched = await demo.post(`/planning/wizard/${campaignId}/review`, {});
    expect(launched.status, JSON.stringify(launched.body)).toBe(200);
    await demo.put(`/api/organizations/${orgId}/sign-off`, { launchNeedsSignOff: false });
  });

  it('the review of a revision says what changed since the last approved one', async () => {
    // Revision 3 shortened the end by a day after revision 2 was approved.
    const third = await demo.get(`/api/campaigns/${campaignId}/revisions/3`);
    expect(third.status).toBe(200);
    expect(third.body.sinceApproved.number).toBe(2);
    expect(third.body.sinceApproved.diff.overview).toEqual([
      { field: 'endDate', before: future(25), after: future(24) },
    ]);
    expect(third.body.sinceApproved.diff.lineItems.changed).toEqual([
      expect.objectContaining({ changes: [{ field: 'endDate', before: future(25), after: future(24) }] }),
    ]);
    // Revision 2 is the approved one; before it, none was (revision 1 was replaced unapproved).
    for (const n of [1, 2])
      expect((await demo.get(`/api/campaigns/${campaignId}/revisions/${n}`)).body.sinceApproved).toBeNull();
  });

  it('off by default, the setting does not stand in the way; another account’s campaign is missing', async () => {
    const { id } = await planCampaign(demo, {
      db,
      name: 'No sign-off',
      platforms: ['meta'],
      budgetMinor: 100_000,
    });
    const launched = await demo.post(`/planning/wizard/${id}/review`, {});
    expect(launched.status, JSON.stringify(launched.body)).toBe(200);
    const rival = await signedIn(db, 'rival');
    expect((await rival.get(`/api/campaigns/${id}/revisions`)).status).toBe(404);
    expect((await rival.post(`/api/campaigns/${id}/revisions/submit`, {})).status).toBe(404);
    expect((await rival.get(`/api/campaigns/${id}/revisions/1/diff/1`)).status).toBe(404);
    const count = await db.execute(
      sql`SELECT count(*)::int AS n FROM plan_revisions WHERE campaign_id = ${id}`,
    );
    expect(count.rows[0]).toEqual({ n: 0 });
  });

  it('freezes the interests’ names with a revision: the review and the comparison read interests by name', async () => {
    const TRAVEL = '6003639161770';
    const BEACHES = '6003469750945';
    const audience = { ...AUDIENCE, interests: { meta: [TRAVEL] } };
    const { id } = await planCampaign(demo, { db, name: 'Named interests', platforms: ['meta'], audience });
    const { id: approverId } = await clientMember('Nina', 'Names', `nina-${Date.now()}@client.test`);
    expect(
      (await demo.post(`/api/campaigns/${id}/revisions/submit`, { approverIds: [approverId] })).status,
    ).toBe(201);
    const plan = (await demo.get(`/planning/wizard/${id}`, { accept: 'application/json' })).body;
    const edited = await demo.put(`/planning/wizard/${id}/audience`, {
      version: plan.campaign.version,
      ...AUDIENCE,
      interests: { meta: [BEACHES] },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);

    const first = (await demo.get(`/api/campaigns/${id}/revisions/1`)).body;
    expect(first.context.interestNames).toEqual({ meta: { [TRAVEL]: 'Travel' } });
    const compared = (await demo.get(`/api/campaigns/${id}/revisions/1/diff/2`)).body;
    expect(compared.diff.audience).toEqual([
      { field: 'interests', before: { meta: [TRAVEL] }, after: { meta: [BEACHES] } },
    ]);
    // Travel is no longer in the plan: its name comes from revision 1, frozen beside its snapshot.
    expect(compared.interestNames).toEqual({ meta: { [TRAVEL]: 'Travel', [BEACHES]: 'Beaches' } });
  });
});
