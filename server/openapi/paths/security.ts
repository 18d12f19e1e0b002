import { AuthenticatorListSchema, EnrollmentTokenResponseSchema } from '@contract/provider';
import { SECURITY_ACTIVITY_MAX_LIMIT, SecurityActivitySchema } from '@contract/securityActivity';
import { DismissNoticesSchema, SecurityNoticeListSchema } from '@contract/securityNotices';
import { SuccessSchema } from '@contract/shell';
import { ProviderClientConfigSchema, STEP_UP_HEADER } from '@contract/stepUp';
import * as v from 'valibot';
import {
  BAD_INPUT,
  JSON_BODY,
  json,
  type OperationSpec,
  problem,
  STEP_UP,
  UNAUTHENTICATED,
} from '../operation';

const tags = ['Security'];
const stepUpHeader = v.object({
  [STEP_UP_HEADER]: v.optional(v.pipe(v.string(), v.description('The step-up token of a passed challenge'))),
});

/** The signed-in user's sign-in methods, notices and activity (server/provider/securityRoutes.ts). */
export const securityOperations: OperationSpec[] = [
  {
    method: 'get',
    path: '/api/security/provider',
    summary: "How the browser's step-up client reaches the step-up provider",
    tags,
    responses: { 200: json('The provider configuration', ProviderClientConfigSchema), ...UNAUTHENTICATED },
  },
  {
    method: 'get',
    path: '/api/security/authenticators',
    summary: "The user's sign-in methods, newest first",
    tags,
    responses: { 200: json('The authenticators', AuthenticatorListSchema), ...UNAUTHENTICATED },
  },
  {
    method: 'post',
    path: '/api/security/enrollment-token',
    summary: 'A token to add a sign-in method at the provider (risky: step-up)',
    tags,
    headers: stepUpHeader,
    responses: {
      200: json('The token and where to use it', EnrollmentTokenResponseSchema),
      ...UNAUTHENTICATED,
      ...STEP_UP,
    },
  },
  {
    method: 'delete',
    path: '/api/security/authenticators/{id}',
    summary: 'Remove a sign-in method (risky: step-up)',
    tags,
    pathParams: v.object({ id: v.pipe(v.string(), v.description("The authenticator's id")) }),
    headers: stepUpHeader,
    responses: {
      200: json('Removed', SuccessSchema),
      ...UNAUTHENTICATED,
      ...STEP_UP,
      404: problem('No such authenticator of yours'),
    },
  },
  {
    method: 'get',
    path: '/api/security/notices',
    summary: '“A sign-in method was added” notices this session has not dismissed',
    tags,
    responses: {
      200: json('The notices, newest first (30 days)', SecurityNoticeListSchema),
      ...UNAUTHENTICATED,
    },
  },
  {
    method: 'post',
    path: '/api/security/notices/dismiss',
    summary: 'Dismiss notices in this session',
    tags,
    body: { json: DismissNoticesSchema },
    responses: {
      200: json('Dismissed (unknown ids are ignored)', SuccessSchema),
      ...UNAUTHENTICATED,
      ...JSON_BODY,
    },
  },
  {
    method: 'get',
    path: '/api/security/activity',
    summary: "The user's recent sign-ins and step-ups, newest first",
    tags,
    query: v.object({
      _end: v.optional(
        v.pipe(
          v.number(),
          v.integer(),
          v.minValue(1),
          v.maxValue(SECURITY_ACTIVITY_MAX_LIMIT),
          v.description('How many'),
        ),
      ),
    }),
    responses: { 200: json('The events', SecurityActivitySchema), ...UNAUTHENTICATED, ...BAD_INPUT },
  },
];
