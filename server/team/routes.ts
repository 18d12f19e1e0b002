import type { Role } from '@contract/policy';
import { STEP_UP_ACTIONS } from '@contract/stepUp';
import { type InvitationPreview, InvitationRequestSchema, MemberUpdateSchema } from '@contract/team';
import { type Context, Hono } from 'hono';
import * as v from 'valibot';
import { requireSession, setSessionScope, stepUpFor } from '../auth/sessions';
import type { AppEnv } from '../http/env';
import { HttpError, parseWith, readJsonObject } from '../http/errors';
import { allow } from '../http/policy';
import type { EmailSender } from '../mail/sender';
import { listTeamEvents } from './activity';
import { sendInvitationMail } from './invitationMail';
import {
  acceptInvitation,
  createInvitation,
  findUser,
  invitationByToken,
  invitationNotFound,
  invitationSender,
  listInvitations,
  resendInvitation,
  revokeInvitation,
  userExists,
} from './invitations';
import { changeMember, listMembers, memberNotFound, removeMember } from './members';

const inOrg = { organizationParam: 'orgId' } as const;
const UUID = v.pipe(v.string(), v.uuid());

/** A path id that is no uuid names nothing: answered like a missing row. */
function idParam(c: Context<AppEnv>, name: string, missing: () => HttpError): string {
  const id = c.req.param(name) ?? '';
  if (!v.is(UUID, id)) throw missing();
  return id;
}

/**
 * Teams (issue 26, docs/teams.md): members, invitations and the organization's activity under
 * `/api/organizations/{orgId}/…`, and the invitation link's own calls under `/api/invitations/{token}`.
 */
export function createTeamRoutes({
  email,
  publicOrigin,
}: {
  email: EmailSender;
  publicOrigin: string | undefined;
}) {
  const routes = new Hono<AppEnv>();
  const linkFor = (c: Context<AppEnv>, token: string) =>
    `${publicOrigin ?? new URL(c.req.url).origin}/auth/invitation/${token}`;

  const actor = (c: Context<AppEnv>) => ({
    organizationId: c.req.param('orgId') ?? '',
    actorUserId: requireSession(c).userId,
    actorRole: c.get('memberRole'),
  });

  async function mail(c: Context<AppEnv>, to: string, role: Role, token: string) {
    const { organizationName, inviter } = await invitationSender(
      c.get('db'),
      c.req.param('orgId') ?? '',
      requireSession(c).userId,
    );
    await sendInvitationMail(email, {
      to,
      organizationName,
      inviter,
      role,
      link: linkFor(c, token),
    });
  }

  routes.get('/api/organizations/:orgId/members', allow('members.read', inOrg), async (c) =>
    c.json(await listMembers(c.get('db'), c.req.param('orgId'))),
  );

  routes.patch('/api/organizations/:orgId/members/:userId', allow('members.manage', inOrg), async (c) => {
    const userId = idParam(c, 'userId', memberNotFound);
    const change = parseWith(MemberUpdateSchema, await readJsonObject(c));
    const member = await changeMember(
      c.get('db'),
      actor(c),
      userId,
      change,
      stepUpFor(c, STEP_UP_ACTIONS.changeMember),
    );
    return c.json(member);
  });

  // Anyone may leave; removing someone else is managing members.
  const leavingOrRemoving = (c: Context<AppEnv>) =>
    c.req.param('userId') === c.get('session')?.userId ? 'organization.read' : 'members.manage';
  routes.delete('/api/organizations/:orgId/members/:userId', allow(leavingOrRemoving, inOrg), async (c) => {
    const userId = idParam(c, 'userId', memberNotFound);
    await removeMember(c.get('db'), actor(c), userId, stepUpFor(c, STEP_UP_ACTIONS.removeMember));
    return c.body(null, 204);
  });

  routes.get('/api/organizations/:orgId/invitations', allow('members.read', inOrg), async (c) =>
    c.json(await listInvitations(c.get('db'), c.req.param('orgId'))),
  );

  routes.post('/api/organizations/:orgId/invitations', allow('members.manage', inOrg), async (c) => {
    const input = parseWith(InvitationRequestSchema, await readJsonObject(c));
    const { invitation, token } = await createInvitation(c.get('db'), actor(c), input);
    await mail(c, invitation.email, invitation.role, token);
    return c.json(invitation, 201);
  });

  routes.post(
    '/api/organizations/:orgId/invitations/:id/resend',
    allow('members.manage', inOrg),
    async (c) => {
      const id = idParam(c, 'id', invitationNotFound);
      const { invitation, token } = await resendInvitation(c.get('db'), actor(c), id);
      await mail(c, invitation.email, invitation.role, token);
      return c.json(invitation);
    },
  );

  routes.delete('/api/organizations/:orgId/invitations/:id', allow('members.manage', inOrg), async (c) => {
    const id = idParam(c, 'id', invitationNotFound);
    await revokeInvitation(c.get('db'), actor(c), id, stepUpFor(c, STEP_UP_ACTIONS.revokeInvitation));
    return c.body(null, 204);
  });

  routes.get('/api/organizations/:orgId/activity', allow('members.manage', inOrg), async (c) =>
    c.json({ events: await listTeamEvents(c.get('db'), c.req.param('orgId')) }),
  );

  // The link's page asks before anyone signs in: whose invitation it is and whether it still works.
  routes.get('/api/invitations/:token', allow('public'), async (c) => {
    const db = c.get('db');
    const state = await invitationByToken(db, c.req.param('token'));
    if (!state) throw invitationNotFound();
    const preview: InvitationPreview =
      state.status === 'pending'
        ? {
            status: 'pending',
            email: state.row.email,
            organizationName: state.organizationName,
            role: state.row.role as Role,
            invitedBy: state.invitedBy,
            expiresAt: state.row.expiresAt.toISOString(),
            hasAccount: await userExists(db, state.row.email),
          }
        : { status: state.status, organizationName: state.organizationName };
    return c.json(preview);
  });

  routes.post('/api/invitations/:token/accept', allow('signedIn'), async (c) => {
    const session = requireSession(c);
    const db = c.get('db');
    const user = await findUser(db, session.userId);
    if (!user) throw new HttpError(401, 'Sign in to continue', { errorCode: 'UNAUTHENTICATED' });
    const { organizationId, accountId } = await acceptInvitation(db, c.req.param('token'), user);
    await setSessionScope(db, session, organizationId, accountId);
    return c.json({ organizationId });
  });

  return routes;
}
