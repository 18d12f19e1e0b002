import { CreativeSpecsByPlatformSchema, CreativeStepSchema } from '@contract/creative';
import {
  AudienceEstimateRequestSchema,
  AudienceEstimatesSchema,
  AudienceStepSchema,
  BudgetChoiceSchema,
  BudgetDrawdownSchema,
  InterestListSchema,
  OverviewStepSchema,
  PlanSchema,
  PlatformRulesListSchema,
  PlatformsStepSchema,
  PreflightSchema,
  ScheduleStepSchema,
} from '@contract/planning';
import * as v from 'valibot';
import type { Schema } from '../operation';
import {
  JSON_BODY,
  json,
  NO_ACCOUNT,
  NOT_FOUND,
  type OperationSpec,
  problem,
  UNAUTHENTICATED,
} from '../operation';
import { idParam } from './auth';

const tags = ['Planning'];
const UNAVAILABLE = {
  503: problem('A platform is not answering (`errorCode` PLATFORM_UNAVAILABLE, maybe `Retry-After`)'),
};
/** A real platform that answers only for a connected ad account (Google's segments). */
const NOT_CONNECTED = {
  409: problem('The account has no connection to this platform (`errorCode` PLATFORM_NOT_CONNECTED)'),
};

const step = (name: string, summary: string, body: Schema): OperationSpec => ({
  method: 'put',
  path: `/planning/wizard/{id}/${name}`,
  summary,
  description: 'Send the plan `version` you read: a plan changed meanwhile answers 409.',
  tags,
  pathParams: idParam('campaign'),
  body: { json: body },
  responses: {
    200: json('The plan as saved', PlanSchema),
    ...NO_ACCOUNT,
    ...JSON_BODY,
    ...NOT_FOUND('campaign'),
    409: problem('The plan changed since it was read, or the campaign can no longer be edited'),
    ...UNAVAILABLE,
  },
});

/** The planning wizard (server/planning): the plan, its step saves and the platforms' reference data. */
export const planningOperations: OperationSpec[] = [
  {
    method: 'get',
    path: '/planning/wizard/{id}',
    summary: "A campaign's media plan",
    description: 'Send `Accept: application/json`: a page load (text/html) gets the browser app instead.',
    tags,
    pathParams: idParam('campaign'),
    responses: { 200: json('The plan', PlanSchema), ...NO_ACCOUNT, ...NOT_FOUND('campaign') },
  },
  {
    method: 'get',
    path: '/planning/wizard/{id}/preflight',
    summary: "The platforms' validate-only answers to the plan as it would launch now",
    tags,
    pathParams: idParam('campaign'),
    responses: {
      200: json('One check per platform', PreflightSchema),
      ...NO_ACCOUNT,
      ...NOT_FOUND('campaign'),
    },
  },
  step('overview', 'Save the overview step', OverviewStepSchema),
  step('platforms', 'Save the platforms step (which platforms, how the budget splits)', PlatformsStepSchema),
  step('audience', 'Save the audience step', AudienceStepSchema),
  step('schedule', 'Save the schedule step (flights)', ScheduleStepSchema),
  step('creative', 'Save the creative step (ads per placement)', CreativeStepSchema),
  step('budget', 'Choose the budget the plan draws on', BudgetChoiceSchema),
  {
    method: 'get',
    path: '/api/budgets/{id}/drawdown',
    summary: 'How much of a budget the plans draw',
    tags: ['Budgets'],
    pathParams: idParam('budget'),
    responses: { 200: json('The drawdown', BudgetDrawdownSchema), ...NO_ACCOUNT, ...NOT_FOUND('budget') },
  },
  {
    method: 'get',
    path: '/planning/platforms',
    summary: "Every platform's rules (objectives, placements, limits, creative specs)",
    tags,
    responses: {
      200: json('The rules, in reference order', PlatformRulesListSchema),
      ...UNAUTHENTICATED,
      ...UNAVAILABLE,
    },
  },
  {
    method: 'get',
    path: '/planning/creative-specs',
    summary: "Every platform's creative specs by platform key",
    tags,
    responses: {
      200: json('The specs', CreativeSpecsByPlatformSchema),
      ...UNAUTHENTICATED,
      ...UNAVAILABLE,
    },
  },
  {
    method: 'get',
    path: '/planning/platforms/{key}/interests',
    summary: "Search a platform's interest taxonomy, or read interests by id",
    description: '`q` and `limit` search; `id` (repeated) answers those interests instead, in that order.',
    tags,
    pathParams: v.object({ key: v.pipe(v.string(), v.description('The platform key (meta, google, …)')) }),
    query: v.object({
      q: v.optional(v.pipe(v.string(), v.maxLength(100), v.description('Text to search for'))),
      limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(50))),
      id: v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(100))), v.maxLength(100))),
    }),
    repeatedQuery: ['id'],
    responses: {
      200: json('The interests', InterestListSchema),
      400: problem('A bad `q`, `limit` or `id`'),
      ...UNAUTHENTICATED,
      404: problem('No such platform'),
      ...NOT_CONNECTED,
      ...UNAVAILABLE,
    },
  },
  {
    method: 'post',
    path: '/planning/audience-estimates',
    summary: 'Reach estimates of an audience on each chosen platform',
    tags,
    body: { json: AudienceEstimateRequestSchema },
    responses: {
      200: json(
        'One answer per platform, in the order asked: its estimate, or `{ platform, unavailable }` saying why it has none (not answering, or not connected where it estimates for an ad account)',
        AudienceEstimatesSchema,
      ),
      ...UNAUTHENTICATED,
      ...JSON_BODY,
    },
  },
];
