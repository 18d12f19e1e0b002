import { STEP_UP_HEADER } from '@contract/stepUp';
import {
  InvitationAcceptedSchema,
  InvitationListSchema,
  type InvitationPreview,
  InvitationPreviewSchema,
  type InvitationRequest,
  InvitationSchema,
  MemberListSchema,
  MemberSchema,
  type MemberUpdate,
  TeamActivitySchema,
} from '@contract/team';
import type * as v from 'valibot';
import { dataProvider } from './dataProvider';
import { requestJson, send } from './http';

/** The team calls of issue 26 (server/openapi/paths/team.ts). Failures reject with an ApiError. */

const org = (organizationId: string) => `api/organizations/${encodeURIComponent(organizationId)}`;
const stepUp = (token: string | null) => (token ? { [STEP_UP_HEADER]: token } : {});

/** Members, pending invitations, activity and the current organization's accounts, together. */
export async function loadTeam(organizationId: string) {
  const [members, invitations, activity, accounts] = await Promise.all([
    requestJson('GET', `${org(organizationId)}/members`, MemberListSchema),
    requestJson('GET', `${org(organizationId)}/invitations`, InvitationListSchema),
    requestJson('GET', `${org(organizationId)}/activity`, TeamActivitySchema),
    dataProvider.getList({ resource: 'accounts', pagination: { mode: 'off' } }),
  ]);
  return {
    members,
    invitations,
    events: activity.events,
    accounts: accounts.data.map((account) => ({ id: account.id, name: account.name })),
  };
}

export function sendInvitation(organizationId: string, request: InvitationRequest) {
  return requestJson('POST', `${org(organizationId)}/invitations`, InvitationSchema, { json: request });
}

export function resendInvitation(organizationId: string, id: string) {
  return requestJson(
    'POST',
    `${org(organizationId)}/invitations/${encodeURIComponent(id)}/resend`,
    InvitationSchema,
  );
}

/** PATCH member (step-up `changeMember`). */
export function changeMember(
  organizationId: string,
  userId: string,
  update: MemberUpdate,
  stepUpToken: string | null,
) {
  return requestJson('PATCH', `${org(organizationId)}/members/${encodeURIComponent(userId)}`, MemberSchema, {
    json: update,
    headers: stepUp(stepUpToken),
  });
}

/** DELETE member (step-up `removeMember`): 204. */
export async function removeMember(organizationId: string, userId: string, stepUpToken: string | null) {
  await send(`${org(organizationId)}/members/${encodeURIComponent(userId)}`, {
    method: 'DELETE',
    headers: stepUp(stepUpToken),
  });
  return null;
}

/** DELETE invitation (step-up `revokeInvitation`): 204. */
export async function revokeInvitation(organizationId: string, id: string, stepUpToken: string | null) {
  await send(`${org(organizationId)}/invitations/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    headers: stepUp(stepUpToken),
  });
  return null;
}

/** GET /api/invitations/{token}: public, what the link is for. */
export function loadInvitationPreview(token: string): Promise<InvitationPreview> {
  return requestJson('GET', `api/invitations/${encodeURIComponent(token)}`, InvitationPreviewSchema);
}

/** POST /api/invitations/{token}/accept as the signed-in user. */
export function acceptInvitation(token: string): Promise<v.InferOutput<typeof InvitationAcceptedSchema>> {
  return requestJson('POST', `api/invitations/${encodeURIComponent(token)}/accept`, InvitationAcceptedSchema);
}
