import * as t from '@server/db/schema';
import { DEMO_EMAIL } from '@server/seed/seed';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../support/db';
import { signedIn, TestClient, testApp } from '../support/http';

const { db } = await freshDatabase();

const demo = await signedIn(db);
const me = (await demo.get('/api/auth/user')).body;
const orgId: string = me.currentOrganization.id;
const orgAccounts = await db.select().from(t.accounts).where(eq(t.accounts.organizationId, orgId));
const acme = orgAccounts.find((a) => a.name === 'Acme Outdoor')!;
const other = orgAccounts.find((a) => a.id !== acme.id)!;

let counter = 0;
const address = (who: string) => `${who}-${++counter}@agency.test`;

/** The link of the last invitation e-mail to `email`, as the development outbox kept it. */
async function linkTo(email: string): Promise<string> {
  const [message] = await db
    .select()
    .from(t.providerOutbox)
    .where(eq(t.providerOutbox.recipient, email))
    .orderBy(desc(t.providerOutbox.createdAt));
  expect(message?.subject).toMatch(/invited you to .* on Flightplan/);
  return message!.link!;
}
const tokenOf = (link: string) => link.split('/auth/invitation/')[1]!;

async function invite(email: string, role: string, accountIds?: string[] | null) {
  const res = await demo.post(`/api/organizations/${orgId}/invitations`, { email, role, accountIds });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { invitation: res.body, token: tokenOf(await linkTo(email)) };
}

async function signUp(email: string, names = { firstName: 'Pat', lastName: 'Planner' }) {
  const client = new TestClient(testApp(db));
  const res = await client.post('/api/auth/signup', { email, password: 'correct-horse', ...names });
  expect(res.status).toBe(201);
  return client;
}

describe('inviting a colleague', () => {
  it('lists the owner as the only member at first', async () => {
    const res = await demo.get(`/api/organizations/${orgId}/members`);
    expect(res.status).toBe(200);
    expect(res.body).toContainEqual(
      expect.objectContaining({ email: DEMO_EMAIL, role: 'owner', accountIds: null, userId: me.id }),
    );
    expect(res.body[0]).toEqual({
      userId: expect.any(String),
      email: expect.any(String),
      firstName: expect.any(String),
      lastName: expect.any(String),
      role: expect.any(String),
      accountIds: null,
      lastActiveAt: expect.any(String),
    });
  });

  it('a new person signs up with the invited address, accepts, and lands in the one account they may use', async () => {
    const email = address('planner');
    const { invitation, token } = await invite(email, 'planner', [acme.id]);
    expect(invitation).toEqual({
      id: expect.any(String),
      email,
      role: 'planner',
      accountIds: [acme.id],
      expiresAt: expect.any(String),
      invitedBy: null,
      createdAt: expect.any(String),
    });
    const days = (Date.parse(invitation.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    const preview = await new TestClient(testApp(db)).get(`/api/invitations/${token}`);
    expect(preview.body).toMatchObject({ status: 'pending', email, role: 'planner', hasAccount: false });

    const pending = await demo.get(`/api/organizations/${orgId}/invitations`);
    expect(pending.body.map((i: { email: string }) => i.email)).toContain(email);

    const planner = await signUp(email);
    const accepted = await planner.post(`/api/invitations/${token}/accept`);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ organizationId: orgId });

    const user = (await planner.get('/api/auth/user')).body;
    expect(user).toMatchObject({
      requiresOnboarding: false,
      isInOrganization: true,
      isInAccount: true,
      currentOrganization: { id: orgId },
      currentAccount: { id: acme.id },
    });
    // Only the granted account is listed; the other answers like a missing one.
    const accounts = await planner.get('/api/accounts');
    expect(accounts.body.map((a: { id: string }) => a.id)).toEqual([acme.id]);
    expect((await planner.get(`/api/accounts/${other.id}`)).status).toBe(404);
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    expect((await planner.request('POST', '/account/switch', `id=${other.id}`, form)).status).toBe(404);
    expect((await planner.request('POST', '/account/switch', `id=${acme.id}`, form)).status).toBe(303);

    const members = (await demo.get(`/api/organizations/${orgId}/members`)).body;
    expect(members).toContainEqual(
      expect.objectContaining({ email, role: 'planner', accountIds: [acme.id] }),
    );
    expect(
      (await demo.get(`/api/organizations/${orgId}/invitations`)).body.map((i: { email: string }) => i.email),
    ).not.toContain(email);

    // Used: the link says so, and a second accept is refused.
    expect((await new TestClient(testApp(db)).get(`/api/invitations/${token}`)).body).toMatchObject({
      status: 'used',
    });
    const again = await planner.post(`/api/invitations/${token}/accept`);
    expect(again.status).toBe(410);
    expect(again.body.message).toBe('This invitation has already been used. Sign in to continue.');
  });

  it('an existing user signs in and accepts; with several accounts they choose one (/accounts)', async () => {
    const email = address('analyst');
    await signUp(email, { firstName: 'Ana', lastName: 'Lyst' });
    const { token } = await invite(email, 'analyst', null);
    expect((await new TestClient(testApp(db)).get(`/api/invitations/${token}`)).body.hasAccount).toBe(true);
    const analyst = await new TestClient(testApp(db)).signIn(email, 'correct-horse');
    expect((await analyst.post(`/api/invitations/${token}/accept`)).status).toBe(200);
    const user = (await analyst.get('/api/auth/user')).body;
    expect(user).toMatchObject({
      isInOrganization: true,
      isInAccount: false,
      currentOrganization: { id: orgId },
    });
    expect((await analyst.get('/api/accounts')).body.length).toBe(orgAccounts.length);
  });

  it('signed in as another address: refused, naming the invited one', async () => {
    const email = address('client');
    const { token } = await invite(email, 'client', [acme.id]);
    const stranger = await signUp(address('stranger'));
    const res = await stranger.post(`/api/invitations/${token}/accept`);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(
      `This invitation is for ${email}. Sign out and sign in or sign up with that address to accept it.`,
    );
    expect((await new TestClient(testApp(db)).get(`/api/invitations/${token}`)).body.status).toBe('pending');
  });

  it('expired and revoked links say so and accept nothing', async () => {
    const late = address('late');
    const { invitation: lateInvitation, token: lateToken } = await invite(late, 'planner');
    await db
      .update(t.invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(t.invitations.id, lateInvitation.id));
    const lateUser = await signUp(late);
    expect((await lateUser.get(`/api/invitations/${lateToken}`)).body).toEqual({
      status: 'expired',
      organizationName: me.currentOrganization.name,
    });
    const lateAccept = await lateUser.post(`/api/invitations/${lateToken}/accept`);
    expect(lateAccept.status).toBe(410);
    expect(lateAccept.body.message).toMatch(/expired/);

    const withdrawn = address('withdrawn');
    const { invitation, token } = await invite(withdrawn, 'planner');
    expect((await demo.delete(`/api/organizations/${orgId}/invitations/${invitation.id}`)).status).toBe(204);
    const user = await signUp(withdrawn);
    expect((await user.get(`/api/invitations/${token}`)).body.status).toBe('revoked');
    expect((await user.post(`/api/invitations/${token}/accept`)).status).toBe(410);
    expect((await user.get('/api/auth/user')).body.isInOrganization).toBe(false);
  });

  it('an unknown link answers 404; resending replaces the link', async () => {
    expect((await demo.get(`/api/invitations/${'x'.repeat(43)}`)).status).toBe(404);
    const email = address('resend');
    const { invitation, token } = await invite(email, 'analyst');
    const resent = await demo.post(`/api/organizations/${orgId}/invitations/${invitation.id}/resend`);
    expect(resent.status).toBe(200);
    const newToken = tokenOf(await linkTo(email));
    expect(newToken).not.toBe(token);
    expect((await demo.get(`/api/invitations/${token}`)).status).toBe(404);
    expect((await demo.get(`/api/invitations/${newToken}`)).body.status).toBe('pending');
  });

  it('refuses bad input with the field named, and changes nothing', async () => {
    const before = await db.select().from(t.invitations);
    const cases: [unknown, string][] = [
      [{ email: 'nope', role: 'planner' }, 'email'],
      [{ email: address('x'), role: 'boss' }, 'role'],
      [{ email: address('x'), role: 'client' }, 'accountIds'],
      [{ email: address('x'), role: 'planner', accountIds: ['not-a-uuid'] }, 'accountIds'],
      [{ email: DEMO_EMAIL, role: 'planner' }, 'email'],
    ];
    for (const [body, field] of cases) {
      const res = await demo.post(`/api/organizations/${orgId}/invitations`, body);
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(
        Object.keys(res.body.validationErrors ?? {}).map((key) => key.split('.')[0]),
        JSON.stringify(res.body),
      ).toContain(field);
    }
    // Another organization's account is refused like a missing one.
    const rival = await signedIn(db, 'rival');
    const rivalAccount = (await rival.get('/api/auth/user')).body.currentAccount.id;
    const foreign = await demo.post(`/api/organizations/${orgId}/invitations`, {
      email: address('x'),
      role: 'planner',
      accountIds: [rivalAccount],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe('Choose accounts of this organization');
    expect(await db.select().from(t.invitations)).toHaveLength(before.length);
  });

  it('another organization answers exactly like a missing one', async () => {
    const rival = await signedIn(db, 'rival');
    for (const path of ['members', 'invitations', 'activity']) {
      const res = await rival.get(`/api/organizations/${orgId}/${path}`);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Organization not found');
    }
    const missing = await rival.get('/api/organizations/00000000-0000-4000-8000-000000000000/members');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Organization not found');
  });
});

describe('changing and removing members', () => {
  async function member(role: string, accountIds: string[] | null = null) {
    const email = address(role);
    const { token } = await invite(email, role, accountIds);
    const client = await signUp(email);
    expect((await client.post(`/api/invitations/${token}/accept`)).status).toBe(200);
    const user = (await client.get('/api/auth/user')).body;
    return { client, email, userId: user.id as string };
  }

  it('a role change applies at the member’s next request; planners may not manage members', async () => {
    const planner = await member('planner');
    const refused = await planner.client.post(`/api/organizations/${orgId}/invitations`, {
      email: address('x'),
      role: 'analyst',
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      errorCode: 'FORBIDDEN',
      message: "Planners can't invite or change members",
    });

    const changed = await demo.patch(`/api/organizations/${orgId}/members/${planner.userId}`, {
      role: 'client',
      accountIds: [acme.id],
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ role: 'client', accountIds: [acme.id] });
    const members = await planner.client.get(`/api/organizations/${orgId}/members`);
    expect(members.status).toBe(403);
    expect(members.body.message).toBe("Clients can't see the team");
    expect((await planner.client.get('/api/accounts')).body.map((a: { id: string }) => a.id)).toEqual([
      acme.id,
    ]);
  });

  it('losing the current account sends the member to /accounts', async () => {
    const planner = await member('planner', [other.id]);
    expect((await planner.client.get('/api/auth/user')).body.currentAccount.id).toBe(other.id);
    await demo.patch(`/api/organizations/${orgId}/members/${planner.userId}`, { accountIds: [acme.id] });
    const user = (await planner.client.get('/api/auth/user')).body;
    expect(user).toMatchObject({ isInOrganization: true, isInAccount: false });
  });

  it('a removed member is signed out at their next request', async () => {
    const analyst = await member('analyst');
    expect((await demo.delete(`/api/organizations/${orgId}/members/${analyst.userId}`)).status).toBe(204);
    expect((await analyst.client.get('/api/auth/user')).body).toEqual({ isAuthenticated: false });
    expect(
      (await demo.get(`/api/organizations/${orgId}/members`)).body.map((m: { email: string }) => m.email),
    ).not.toContain(analyst.email);
  });

  it('the last owner can be neither demoted nor removed; a second owner makes it possible', async () => {
    const demoted = await demo.patch(`/api/organizations/${orgId}/members/${me.id}`, { role: 'admin' });
    expect(demoted.status).toBe(409);
    expect(demoted.body.message).toBe('The last owner cannot be demoted. Make someone else an owner first.');
    const left = await demo.delete(`/api/organizations/${orgId}/members/${me.id}`);
    expect(left.status).toBe(409);
    expect(left.body.message).toBe('The last owner cannot leave. Make someone else an owner first.');
    const [row] = await db
      .select()
      .from(t.memberships)
      .where(and(eq(t.memberships.userId, me.id), eq(t.memberships.organizationId, orgId)));
    expect(row!.role).toBe('owner');
  });

  it('an admin cannot make owners or change an owner', async () => {
    const admin = await member('admin');
    const analyst = await member('analyst');
    const promote = await admin.client.patch(`/api/organizations/${orgId}/members/${analyst.userId}`, {
      role: 'owner',
    });
    expect(promote.status).toBe(403);
    const demote = await admin.client.patch(`/api/organizations/${orgId}/members/${me.id}`, {
      role: 'planner',
    });
    expect(demote.status).toBe(403);
    const fine = await admin.client.patch(`/api/organizations/${orgId}/members/${analyst.userId}`, {
      role: 'planner',
    });
    expect(fine.status).toBe(200);
    const ownerInvite = await admin.client.post(`/api/organizations/${orgId}/invitations`, {
      email: address('o'),
      role: 'owner',
    });
    expect(ownerInvite.status).toBe(403);
  });

  it('every change appears in the organization’s activity', async () => {
    const res = await demo.get(`/api/organizations/${orgId}/activity`);
    expect(res.status).toBe(200);
    const kinds = new Set(res.body.events.map((e: { kind: string }) => e.kind));
    for (const kind of [
      'member_invited',
      'invitation_accepted',
      'invitation_revoked',
      'invitation_resent',
      'member_changed',
      'member_removed',
    ]) {
      expect(kinds, kind).toContain(kind);
    }
  });
});

describe('the step-up', () => {
  it('changing, removing and revoking each ask for a confirmation', async () => {
    const guarded = await signedIn(db, 'demo', { enforceStepUp: true });
    const email = address('guarded');
    const { invitation } = await invite(email, 'planner');
    const revoke = await guarded.delete(`/api/organizations/${orgId}/invitations/${invitation.id}`);
    expect(revoke.status).toBe(403);
    expect(revoke.body.errorCode).toBe('CHALLENGE_REQUIRED');
    const members = (await demo.get(`/api/organizations/${orgId}/members`)).body as {
      userId: string;
      role: string;
    }[];
    const someone = members.find((m) => m.role !== 'owner')!;
    const change = await guarded.patch(`/api/organizations/${orgId}/members/${someone.userId}`, {
      role: 'analyst',
    });
    expect(change.body.errorCode).toBe('CHALLENGE_REQUIRED');
    const remove = await guarded.delete(`/api/organizations/${orgId}/members/${someone.userId}`);
    expect(remove.body.errorCode).toBe('CHALLENGE_REQUIRED');
    expect(
      (await demo.get(`/api/organizations/${orgId}/invitations`)).body.map((i: { id: string }) => i.id),
    ).toContain(invitation.id);
  });
});
