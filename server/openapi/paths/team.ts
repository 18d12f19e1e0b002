import {
  InvitationAcceptedSchema,
  InvitationListSchema,
  InvitationPreviewSchema,
  InvitationRequestSchema,
  InvitationSchema,
  MemberListSchema,
  MemberSchema,
  MemberUpdateSchema,
  TeamActivitySchema,
} from '@contract/team';
import * as v from 'valibot';
import { JSON_BODY, json, type OperationSpec, problem, UNAUTHENTICATED } from '../operation';
import { stepUpHeader } from './campaigns';

const tags = ['Team'];
const orgParam = { orgId: v.pipe(v.string(), v.description("The organization's id (uuid)")) };
const orgOnly = v.object(orgParam);
const member = v.object({ ...orgParam, userId: v.pipe(v.string(), v.description("The member's user id")) });
const invitation = v.object({ ...orgParam, id: v.pipe(v.string(), v.description("The invitation's id")) });
const token = v.object({ token: v.pipe(v.string(), v.description("The invitation link's token")) });

const IN_ORG = {
  ...UNAUTHENTICATED,
  403: problem('The role may not (`errorCode` FORBIDDEN: "Planners can\'t invite or change members")'),
  404: problem('Not a member of that organization (a missing one answers the same)'),
};
const RISKY_IN_ORG = {
  ...IN_ORG,
  403: problem(
    'The role may not (`errorCode` FORBIDDEN), or a step-up is required (`errorCode` CHALLENGE_REQUIRED with `challenge`; repeat with its token in X-Step-Up-Token)',
  ),
};

/** Members, invitations and the organization's activity (server/team/routes.ts, docs/teams.md). */
export const teamOperations: OperationSpec[] = [
  {
    method: 'get',
    path: '/api/organizations/{orgId}/members',
    summary: "The organization's members",
    description: '`accountIds` null: every account of the organization.',
    tags,
    pathParams: orgOnly,
    responses: { 200: json('The members', MemberListSchema), ...IN_ORG },
  },
  {
    method: 'patch',
    path: '/api/organizations/{orgId}/members/{userId}',
    summary: "Change a member's role or accounts (step-up `changeMember`)",
    description: 'Only an owner makes or unmakes owners; the last owner cannot be demoted (409 LAST_OWNER).',
    tags,
    pathParams: member,
    headers: stepUpHeader,
    body: { json: MemberUpdateSchema },
    responses: {
      200: json('The member as changed', MemberSchema),
      ...JSON_BODY,
      ...RISKY_IN_ORG,
      409: problem('The last owner cannot be demoted (`errorCode` LAST_OWNER)'),
    },
  },
  {
    method: 'delete',
    path: '/api/organizations/{orgId}/members/{userId}',
    summary: 'Remove a member, or leave (step-up `removeMember`)',
    description: "Ends the member's sessions in the organization: their next request is signed out.",
    tags,
    pathParams: member,
    headers: stepUpHeader,
    responses: {
      204: { description: 'Removed' },
      ...RISKY_IN_ORG,
      409: problem('The last owner cannot leave (`errorCode` LAST_OWNER)'),
    },
  },
  {
    method: 'get',
    path: '/api/organizations/{orgId}/invitations',
    summary: 'Pending invitations',
    tags,
    pathParams: orgOnly,
    responses: { 200: json('Not accepted, withdrawn or expired', InvitationListSchema), ...IN_ORG },
  },
  {
    method: 'post',
    path: '/api/organizations/{orgId}/invitations',
    summary: 'Invite someone by e-mail',
    description: 'The e-mail carries a single-use link `/auth/invitation/{token}`, valid 7 days.',
    tags,
    pathParams: orgOnly,
    body: { json: InvitationRequestSchema },
    responses: {
      201: json('Invited', InvitationSchema),
      ...JSON_BODY,
      ...IN_ORG,
      409: problem('Already a member, or already invited'),
    },
  },
  {
    method: 'post',
    path: '/api/organizations/{orgId}/invitations/{id}/resend',
    summary: 'Send the invitation again: a new link, seven more days',
    tags,
    pathParams: invitation,
    responses: { 200: json('Sent again', InvitationSchema), ...IN_ORG },
  },
  {
    method: 'delete',
    path: '/api/organizations/{orgId}/invitations/{id}',
    summary: 'Withdraw an invitation (step-up `revokeInvitation`)',
    tags,
    pathParams: invitation,
    headers: stepUpHeader,
    responses: { 204: { description: 'Withdrawn' }, ...RISKY_IN_ORG },
  },
  {
    method: 'get',
    path: '/api/organizations/{orgId}/activity',
    summary: "The organization's security activity: invitations and member changes, newest first",
    tags,
    pathParams: orgOnly,
    responses: { 200: json('The latest 50 events', TeamActivitySchema), ...IN_ORG },
  },
  {
    method: 'get',
    path: '/api/invitations/{token}',
    summary: 'What an invitation link is for, and whether it still works',
    tags,
    public: true,
    pathParams: token,
    responses: {
      200: json('Pending, or expired, withdrawn or used', InvitationPreviewSchema),
      404: problem('No such link'),
    },
  },
  {
    method: 'post',
    path: '/api/invitations/{token}/accept',
    summary: 'Accept the invitation as the signed-in user (whose address it must be)',
    description: 'Moves the session into the organization (and its one account, when there is one).',
    tags,
    pathParams: token,
    responses: {
      200: json('Joined', InvitationAcceptedSchema),
      ...UNAUTHENTICATED,
      403: problem('The invitation is for another address (`errorCode` INVITATION_FOR_ANOTHER_ADDRESS)'),
      404: problem('No such link'),
      410: problem('Expired, withdrawn or already used (`errorCode` INVITATION_EXPIRED, _REVOKED or _USED)'),
    },
  },
];
