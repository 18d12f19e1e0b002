import {
  CampaignDetailSchema,
  CampaignPlatformStatesSchema,
  CampaignSummarySchema,
  CustomerSummarySchema,
  DeleteCampaignBodySchema,
  DeleteCustomerBodySchema,
  DuplicateCampaignBodySchema,
  DuplicateCampaignResultSchema,
  LaunchCampaignBodySchema,
  LaunchCampaignResultSchema,
  LaunchReadinessSchema,
  PauseCampaignBodySchema,
  PauseCampaignResultSchema,
  ResumeCampaignBodySchema,
  SuccessSchema,
} from '@contract/campaigns';
import {
  ApplyChangeBodySchema,
  ApplyChangeResultSchema,
  NewOverviewStepSchema,
  NewPlanResultSchema,
  PlanChangeSchema,
} from '@contract/planning';
import { STEP_UP_HEADER } from '@contract/stepUp';
import * as v from 'valibot';
import { JSON_BODY, json, NO_ACCOUNT, NOT_FOUND, type OperationSpec, problem, STEP_UP } from '../operation';
import { idParam } from './auth';

const tags = ['Campaigns'];
const campaignQuery = v.object({ campaignId: v.pipe(v.string(), v.description("The campaign's id, once")) });
/** The step-up token header of risky actions (campaigns here, a platform's disconnection). */
export const stepUpHeader = v.object({
  [STEP_UP_HEADER]: v.optional(
    v.pipe(v.string(), v.description('The step-up token of a passed challenge for this action and target')),
  ),
});
const placementParams = v.object({
  id: v.pipe(v.string(), v.description("The campaign's id")),
  platformKey: v.pipe(v.string(), v.description('The platform (`meta`, `tiktok`, …) the campaign runs on')),
});
const LIFECYCLE = {
  409: problem('The campaign is in a state where this is not possible (`errorCode` names why)'),
};

/**
 * Spec section 7's product calls (server/campaigns/routes.ts; the wizard's first save and launch:
 * server/planning/routes.ts), scoped to the current account.
 */
export const campaignOperations: OperationSpec[] = [
  {
    method: 'get',
    path: '/data/campaigns/get',
    summary: "A campaign's summary (the modals' header)",
    tags,
    query: campaignQuery,
    responses: {
      200: json('The campaign', CampaignSummarySchema),
      400: problem('campaignId missing or repeated'),
      ...NO_ACCOUNT,
      ...NOT_FOUND('campaign'),
    },
  },
  {
    method: 'get',
    path: '/data/campaigns/detail',
    summary: 'A campaign with its customer, platforms and what it still needs before launch',
    tags,
    query: campaignQuery,
    responses: {
      200: json('The campaign', CampaignDetailSchema),
      400: problem('campaignId missing or repeated'),
      ...NO_ACCOUNT,
      ...NOT_FOUND('campaign'),
    },
  },
  {
    method: 'get',
    path: '/data/campaigns/launch-readiness',
    summary: 'Why campaigns cannot launch yet, before anyone confirms',
    description:
      'For each asked campaign of the account whose status lets it launch (a draft), the launch’s own ' +
      'refusal (`blocker`: the message and the wizard step that fixes it, `step` null when the fix is ' +
      'connecting a platform), or null when it can launch now. Other campaigns are left out.',
    tags,
    query: v.object({
      campaignId: v.pipe(
        v.array(v.string()),
        v.minLength(1),
        v.maxLength(100),
        v.description('The campaigns’ ids, repeated'),
      ),
    }),
    repeatedQuery: ['campaignId'],
    responses: {
      200: json('One entry per launchable campaign asked, in the order asked', LaunchReadinessSchema),
      400: problem('No campaignId, or more than 100'),
      ...NO_ACCOUNT,
    },
  },
  {
    method: 'get',
    path: '/data/campaigns/{id}/platforms',
    summary: "Each platform's state of a campaign, with its refusal of the last launch",
    tags,
    pathParams: idParam('campaign'),
    responses: {
      200: json('One state per planned platform', CampaignPlatformStatesSchema),
      ...NO_ACCOUNT,
      ...NOT_FOUND('campaign'),
    },
  },
  {
    method: 'post',
    path: '/data/campaigns/delete',
    summary: 'Delete a campaign (risky: step-up), on every platform first',
    tags,
    headers: stepUpHeader,
    body: { json: DeleteCampaignBodySchema },
    responses: {
      200: json('Deleting (queued on the platforms)', SuccessSchema),
      ...NO_ACCOUNT,
      ...JSON_BODY,
      ...STEP_UP,
      ...NOT_FOUND('campaign'),
      ...LIFECYCLE,
    },
  },
  {
    method: 'post',
    path: '/data/campaigns/pause',
    summary: 'Pause a running campaign on every platform',
    tags,
    body: { json: PauseCampaignBodySchema },
    responses: {
      200: json('Pausing', PauseCampaignResultSchema),
      ...NO_ACCOUNT,
      ...JSON_BODY,
      ...NOT_FOUND('campaign'),
      ...LIFECYCLE,
    },
  },
  {
    method: 'post',
    path: '/data/campaigns/resume',
    summary: 'Resume a paused campaign (risky: step-up)',
    tags,
    headers: stepUpHeader,
    body: { json: ResumeCampaignBodySchema },
    responses: {
      200: json('Resuming', PauseCampaignResultSchema),
      ...NO_ACCOUNT,
      ...JSON_BODY,
      ...STEP_UP,
      ...NOT_FOUND('campaign'),
      ...LIFECYCLE,
    },
  },
  {
    method: 'post',
    path: '/api/campaigns/{id}/platforms/{platformKey}/pause',
    summary: 'Pause a campaign on one platform',
    description:
      'Pauses the campaign on that platform only (a job over its placement); the others keep running. The campaign is `pausing` meanwhile, then `paused` when no platform runs any more, else `active` (`scheduled` before its first flight). No body; no step-up.',
    tags,
    pathParams: placementParams,
    responses: {
      202: json('Pausing on that platform', PauseCampaignResultSchema),
      ...NO_ACCOUNT,
      404: problem('No such campaign in the current account, or it is not on that platform'),
      409: problem(
        'The campaign or the platform is in a state where this is not possible (`businessError.message` says why: “TikTok is already paused.”)',
      ),
    },
  },
  {
    method: 'post',
    path: '/api/campaigns/{id}/platforms/{platformKey}/resume',
    summary: 'Resume a campaign on one platform (risky: step-up)',
    description:
      'Resumes the campaign on that platform only; the step-up token is bound to the campaign and that platform. The campaign is `resuming` meanwhile, then `active` (`scheduled` before its first flight). No body.',
    tags,
    headers: stepUpHeader,
    pathParams: placementParams,
    responses: {
      202: json('Resuming on that platform', PauseCampaignResultSchema),
      ...NO_ACCOUNT,
      ...STEP_UP,
      404: problem('No such campaign in the current account, or it is not on that platform'),
      409: problem(
        'The campaign or the platform is in a state where this is not possible (`businessError.message` says why: “TikTok is not paused, so it cannot be resumed.”)',
      ),
    },
  },
  {
    method: 'post',
    path: '/data/campaigns/duplicate',
    summary: 'Copy a campaign as a new draft',
    description:
      "With `shiftDays`, the copy's dates and every flight move by that many days (the next period); the copy draws on the budget that covers its new dates, or none (`budget: null`).",
    tags,
    body: { json: DuplicateCampaignBodySchema },
    responses: {
      201: json('The new draft', DuplicateCampaignResultSchema),
      ...NO_ACCOUNT,
      ...JSON_BODY,
      ...NOT_FOUND('campaign'),
    },
  },
  {
    method: 'get',
    path: '/data/customers/get',
    summary: "A customer's name",
    tags: ['Customers'],
    query: v.object({ customerId: v.pipe(v.string(), v.description("The customer's id, once")) }),
    responses: {
      200: json('The customer', CustomerSummarySchema),
      400: problem('customerId missing or repeated'),
      ...NO_ACCOUNT,
      ...NOT_FOUND('customer'),
    },
  },
  {
    method: 'post',
    path: '/data/customers/delete',
    summary: 'Delete a customer (risky: step-up)',
    tags: ['Customers'],
    headers: stepUpHeader,
    body: { json: DeleteCustomerBodySchema },
    responses: {
      200: json('Deleted', SuccessSchema),
      ...NO_ACCOUNT,
      ...JSON_BODY,
      ...STEP_UP,
      ...NOT_FOUND('customer'),
      409: problem('The customer still has campaigns'),
    },
  },
  {
    method: 'post',
    path: '/planning/wizard/new/overview',
    summary: "A new draft plan with its overview (the wizard's first save)",
    tags: ['Planning'],
    body: { json: NewOverviewStepSchema },
    responses: {
      201: json('The new draft and its plan', NewPlanResultSchema),
      ...NO_ACCOUNT,
      ...JSON_BODY,
    },
  },
  {
    method: 'post',
    path: '/planning/wizard/{id}/review',
    summary: 'Launch the plan on its platforms (risky: step-up)',
    tags: ['Planning'],
    pathParams: idParam('campaign'),
    headers: stepUpHeader,
    body: { json: LaunchCampaignBodySchema },
    responses: {
      200: json('Launching (jobs create it on each platform)', LaunchCampaignResultSchema),
      ...NO_ACCOUNT,
      ...JSON_BODY,
      ...STEP_UP,
      ...NOT_FOUND('campaign'),
      409: problem('Not ready to launch: `validationErrors` or `businessError` name what is missing'),
      503: problem('A platform is not answering (`errorCode` PLATFORM_UNAVAILABLE)'),
    },
  },
  {
    method: 'get',
    path: '/planning/wizard/{id}/change',
    summary: "A live campaign's change: what runs, the draft against it, each platform's side",
    description:
      '`state`: none, draft (edits to apply), applying (on its way; nothing may change), refused (a platform did not take it; apply again to retry). `diff` is the revision comparison from what runs to the draft.',
    tags: ['Planning'],
    pathParams: idParam('campaign'),
    responses: { 200: json('The change', PlanChangeSchema), ...NO_ACCOUNT, ...NOT_FOUND('campaign') },
  },
  {
    method: 'post',
    path: '/planning/wizard/{id}/apply',
    summary: 'Apply the change to a live campaign on its platforms (risky: step-up bound to its hash)',
    description:
      'Send the `hash` of the change you reviewed (`draftHash` of the change): a plan edited since answers 409 CHANGE_EDITED_SINCE_REVIEW. The plan must pass the launch checks and, when the organization asks for it, be signed off.',
    tags: ['Planning'],
    pathParams: idParam('campaign'),
    headers: stepUpHeader,
    body: { json: ApplyChangeBodySchema },
    responses: {
      202: json('Applying (an update job per campaign sends it to each platform)', ApplyChangeResultSchema),
      ...NO_ACCOUNT,
      ...JSON_BODY,
      ...STEP_UP,
      ...NOT_FOUND('campaign'),
      409: problem(
        'Nothing to apply, a change still on its way, the plan edited since review, not signed off, or not live (`errorCode` names it)',
      ),
      422: problem('The plan is incomplete (`businessError` names the first problem)'),
    },
  },
];
