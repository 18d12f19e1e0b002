import { AnalyticsEventRequestSchema, ClientErrorReportSchema, ReceivedSchema } from '@contract/analytics';
import { BillingStateSchema, ChangePlanRequestSchema } from '@contract/billing';
import {
  HealthSchema,
  OnboardingRequestSchema,
  ProfileSchema,
  ProfileUpdateSchema,
  SuccessSchema,
} from '@contract/shell';
import {
  DomainListSchema,
  DomainRequestSchema,
  DomainSchemaOut,
  ICON_CONTENT_TYPES,
  SignInBrandSchema,
  WhiteLabelSettingsSchema,
  WhiteLabelUpdateResponseSchema,
  WhiteLabelUpdateSchema,
} from '@contract/whiteLabel';
import * as v from 'valibot';
import { file, JSON_BODY, json, type OperationSpec, problem, UNAUTHENTICATED } from '../operation';

const ORG_PARAM = v.object({ orgId: v.pipe(v.string(), v.description("The organization's id (uuid)")) });

const NO_ORGANIZATION = {
  ...UNAUTHENTICATED,
  409: problem('No current organization yet (`errorCode` ORGANIZATION_REQUIRED): finish onboarding'),
};
const UPGRADE = { 403: problem("The organization's plan lacks the feature (`errorCode` REQUIRES_UPGRADE)") };
const TOO_MANY = {
  429: problem('Too many in a minute: the next ones are dropped', { 'Retry-After': 'Seconds to wait' }),
};

/** The shell's settings (server/shell, server/billing, server/whiteLabel), the browser's beacons and health. */
export const settingsOperations: OperationSpec[] = [
  {
    method: 'get',
    path: '/api/health',
    summary: 'Liveness (for load balancers)',
    tags: ['System'],
    public: true,
    responses: { 200: json('The process answers', HealthSchema) },
  },
  {
    method: 'post',
    path: '/api/onboarding',
    summary: "Finish onboarding: the user's name, their first organization and account",
    tags: ['Settings'],
    body: { json: OnboardingRequestSchema },
    responses: {
      201: json('Onboarded: the session moves into the new organization and account', SuccessSchema),
      ...UNAUTHENTICATED,
      ...JSON_BODY,
      409: problem('Already onboarded (`errorCode` ALREADY_ONBOARDED)'),
    },
  },
  {
    method: 'patch',
    path: '/api/auth/profile',
    summary: "Change the signed-in user's first or last name",
    tags: ['Settings'],
    body: { json: ProfileUpdateSchema },
    responses: { 200: json('The profile as saved', ProfileSchema), ...UNAUTHENTICATED, ...JSON_BODY },
  },
  {
    method: 'get',
    path: '/api/billing',
    summary: "The current organization's plan and the plans on offer",
    tags: ['Settings'],
    responses: { 200: json('The billing state', BillingStateSchema), ...NO_ORGANIZATION },
  },
  {
    method: 'post',
    path: '/api/billing/plan',
    summary: 'Change the plan',
    description: 'With a payment provider, the answer carries `checkoutUrl` to finish the change there.',
    tags: ['Settings'],
    body: { json: ChangePlanRequestSchema },
    responses: {
      200: json('The billing state after the change', BillingStateSchema),
      ...NO_ORGANIZATION,
      ...JSON_BODY,
    },
  },
  {
    method: 'get',
    path: '/api/organization/white-label',
    summary: "The current organization's white-label settings",
    tags: ['Settings'],
    responses: { 200: json('The settings', WhiteLabelSettingsSchema), ...NO_ORGANIZATION },
  },
  {
    method: 'patch',
    path: '/api/organization/white-label',
    summary: 'Change the white-label settings',
    tags: ['Settings'],
    body: { json: WhiteLabelUpdateSchema },
    responses: {
      200: json('The organization as saved', WhiteLabelUpdateResponseSchema),
      ...NO_ORGANIZATION,
      ...JSON_BODY,
      ...UPGRADE,
    },
  },
  {
    method: 'put',
    path: '/api/organization/white-label/icon',
    summary: 'Upload the brand icon (the image is the raw body)',
    description: 'Stored as a 128 px PNG; the previous icon URL stops answering.',
    tags: ['Settings'],
    body: { raw: ICON_CONTENT_TYPES, description: 'The image, at most 2 MB' },
    responses: {
      200: json('The organization with its new icon', WhiteLabelUpdateResponseSchema),
      ...NO_ORGANIZATION,
      ...UPGRADE,
      400: problem('Not an image that can be read'),
      413: problem('Larger than 2 MB'),
      415: problem('Not one of the accepted image types'),
    },
  },
  {
    method: 'delete',
    path: '/api/organization/white-label/icon',
    summary: 'Remove the brand icon',
    tags: ['Settings'],
    responses: {
      200: json('The organization without an icon', WhiteLabelUpdateResponseSchema),
      ...NO_ORGANIZATION,
    },
  },
  {
    method: 'get',
    path: '/api/brand-icons/{uuid}',
    summary:
      'A brand icon: members of its organization, and anyone for the current icon of an organization with a domain',
    tags: ['Settings'],
    public: true,
    pathParams: v.object({
      uuid: v.pipe(v.string(), v.description("The icon's uuid (`whiteLabelIconUuid`)")),
    }),
    responses: {
      200: file('The icon, immutable under this URL', 'image/png'),
      404: problem('No such icon, or not one you may see (signed out included)'),
    },
  },
  {
    method: 'get',
    path: '/api/organizations/{orgId}/domains',
    summary: "The organization's own domains (its branded sign-in page)",
    tags: ['Settings'],
    pathParams: ORG_PARAM,
    responses: {
      200: json('The domains', DomainListSchema),
      ...UNAUTHENTICATED,
      404: problem('Not a member of that organization (a missing one answers the same)'),
    },
  },
  {
    method: 'post',
    path: '/api/organizations/{orgId}/domains',
    summary: 'Add a domain of the organization (plan with white-label)',
    tags: ['Settings'],
    pathParams: ORG_PARAM,
    body: { json: DomainRequestSchema },
    responses: {
      201: json('Added', DomainSchemaOut),
      ...JSON_BODY,
      ...UNAUTHENTICATED,
      403: problem(
        'The role may not (`errorCode` FORBIDDEN), or the plan has no white-label (`errorCode` REQUIRES_UPGRADE)',
      ),
      404: problem('Not a member of that organization'),
      409: problem('The domain is already in use'),
    },
  },
  {
    method: 'delete',
    path: '/api/organizations/{orgId}/domains/{domain}',
    summary: 'Remove a domain of the organization',
    tags: ['Settings'],
    pathParams: v.object({ ...ORG_PARAM.entries, domain: v.pipe(v.string(), v.description('The domain')) }),
    responses: {
      204: { description: 'Removed' },
      ...UNAUTHENTICATED,
      403: problem('The role may not (`errorCode` FORBIDDEN)'),
      404: problem('No such domain of that organization'),
    },
  },
  {
    method: 'get',
    path: '/api/auth/brand',
    summary: "What a sign-in page shows: the brand of the domain's organization, or Flightplan's",
    description: 'Without `domain`, the host the request was sent to.',
    tags: ['Settings'],
    public: true,
    query: v.object({
      domain: v.optional(v.pipe(v.string(), v.description('A host name, e.g. ads.agency.example'))),
    }),
    responses: { 200: json('The brand', SignInBrandSchema) },
  },
  {
    method: 'post',
    path: '/api/client-errors',
    summary: 'Report an error the browser app met (signed in or not)',
    tags: ['System'],
    public: true,
    body: { json: ClientErrorReportSchema },
    responses: {
      202: json('Recorded', ReceivedSchema),
      ...JSON_BODY,
      413: problem('Larger than the report limit'),
      ...TOO_MANY,
    },
  },
  {
    method: 'post',
    path: '/api/events',
    summary: 'Record a product analytics event (page, identify, group)',
    tags: ['System'],
    public: true,
    body: { json: AnalyticsEventRequestSchema },
    responses: {
      202: json('Accepted (an analytics failure is never the caller’s)', ReceivedSchema),
      ...JSON_BODY,
      413: problem('Larger than 16 KB'),
      ...TOO_MANY,
    },
  },
];
