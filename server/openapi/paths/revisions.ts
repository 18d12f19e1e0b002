import {
  ApproveRevisionRequestSchema,
  ApproverCandidateSchema,
  RequestChangesRequestSchema,
  RevisionComparisonSchema,
  RevisionDecisionSchema,
  RevisionDetailSchema,
  RevisionListSchema,
  SignOffSettingSchema,
  SubmitRevisionRequestSchema,
  SubmitRevisionResultSchema,
} from '@contract/revisions';
import * as v from 'valibot';
import { JSON_BODY, json, type OperationSpec, problem, UNAUTHENTICATED } from '../operation';
import { stepUpHeader } from './campaigns';

const tags = ['Revisions'];
const campaign = v.object({ id: v.pipe(v.string(), v.description("The campaign's id")) });
const revision = v.object({
  id: v.pipe(v.string(), v.description("The campaign's id")),
  n: v.pipe(v.string(), v.description('The revision number (1, 2, …)')),
});
const pair = v.object({
  id: v.pipe(v.string(), v.description("The campaign's id")),
  a: v.pipe(v.string(), v.description('The older revision number')),
  b: v.pipe(
    v.string(),
    v.description('The newer revision number (the draft’s number compares with the plan as it is now)'),
  ),
});
const org = v.object({ orgId: v.pipe(v.string(), v.description("The organization's id (uuid)")) });

const IN_ACCOUNT = {
  ...UNAUTHENTICATED,
  403: problem('The role may not (`errorCode` FORBIDDEN: "Analysts can\'t approve plans")'),
  404: problem('No such campaign or revision in the current account (another account’s answers the same)'),
};

/** Plan revisions and sign-off (server/revisions/routes.ts, docs/revisions.md). */
export const revisionOperations: OperationSpec[] = [
  {
    method: 'get',
    path: '/api/campaigns/{id}/revisions',
    summary: "The campaign's plan revisions, newest first",
    description:
      'The draft (the plan as it is now) comes first while it differs from the last frozen revision; frozen ones are `in_review`, `approved`, `changes_requested` or `superseded`.',
    tags,
    pathParams: campaign,
    responses: { 200: json('The revisions', RevisionListSchema), ...IN_ACCOUNT },
  },
  {
    method: 'get',
    path: '/api/campaigns/{id}/approvers',
    summary: 'Who may be asked to approve the plan',
    description:
      'Members who work in the account and may sign off; clients are asked by default (`isDefault`).',
    tags,
    pathParams: campaign,
    responses: { 200: json('The candidates', v.array(ApproverCandidateSchema)), ...IN_ACCOUNT },
  },
  {
    method: 'post',
    path: '/api/campaigns/{id}/revisions/submit',
    summary: 'Send the plan for approval (freeze it as the next revision)',
    description:
      'Without `approverIds`, the account’s client members approve. Earlier revisions waiting or sent back are superseded.',
    tags,
    pathParams: campaign,
    body: { json: SubmitRevisionRequestSchema },
    responses: {
      201: json('The frozen revision', SubmitRevisionResultSchema),
      ...JSON_BODY,
      ...IN_ACCOUNT,
      409: problem('Nothing changed since the last revision (`errorCode` REVISION_UNCHANGED)'),
    },
  },
  {
    method: 'get',
    path: '/api/campaigns/{id}/revisions/{n}',
    summary: 'One revision with its snapshot',
    tags,
    pathParams: revision,
    responses: { 200: json('The revision', RevisionDetailSchema), ...IN_ACCOUNT },
  },
  {
    method: 'post',
    path: '/api/campaigns/{id}/revisions/{n}/approve',
    summary: 'Approve a revision (step-up `approvePlan`, bound to its hash)',
    description: 'The approver types their full name as on their account.',
    tags,
    pathParams: revision,
    headers: stepUpHeader,
    body: { json: ApproveRevisionRequestSchema },
    responses: {
      200: json('Approved', RevisionDecisionSchema),
      ...JSON_BODY,
      ...IN_ACCOUNT,
      403: problem(
        'Not asked to approve it, the role may not (FORBIDDEN), or a step-up is required (CHALLENGE_REQUIRED)',
      ),
      409: problem('The revision is not waiting for a decision (`errorCode` REVISION_NOT_AWAITING_DECISION)'),
    },
  },
  {
    method: 'post',
    path: '/api/campaigns/{id}/revisions/{n}/request-changes',
    summary: 'Send a revision back with a comment',
    tags,
    pathParams: revision,
    body: { json: RequestChangesRequestSchema },
    responses: {
      200: json('Sent back', RevisionDecisionSchema),
      ...JSON_BODY,
      ...IN_ACCOUNT,
      409: problem('The revision is not waiting for a decision (`errorCode` REVISION_NOT_AWAITING_DECISION)'),
    },
  },
  {
    method: 'get',
    path: '/api/campaigns/{id}/revisions/{a}/diff/{b}',
    summary: 'Compare two revisions',
    description:
      'Per section: fields changed (overview, budget, audience, totals) and line items, platforms and ads added, removed and changed, each with old and new values.',
    tags,
    pathParams: pair,
    responses: { 200: json('The comparison', RevisionComparisonSchema), ...IN_ACCOUNT },
  },
  {
    method: 'get',
    path: '/api/organizations/{orgId}/sign-off',
    summary: '"Launch needs sign-off"',
    tags,
    pathParams: org,
    responses: { 200: json('The setting', SignOffSettingSchema), ...IN_ACCOUNT },
  },
  {
    method: 'put',
    path: '/api/organizations/{orgId}/sign-off',
    summary: 'Turn "Launch needs sign-off" on or off',
    description:
      'On: a launch is refused (409 SIGN_OFF_REQUIRED, naming the revision) until the plan as it is now is approved.',
    tags,
    pathParams: org,
    body: { json: SignOffSettingSchema },
    responses: { 200: json('The setting', SignOffSettingSchema), ...JSON_BODY, ...IN_ACCOUNT },
  },
];
