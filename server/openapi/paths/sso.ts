import { SsoLookupSchema, SsoSettingsRequestSchema, SsoSettingsSchema } from '@contract/sso';
import * as v from 'valibot';
import { JSON_BODY, json, type OperationSpec, problem, UNAUTHENTICATED } from '../operation';

const tags = ['Single sign-on'];
const orgOnly = v.object({ orgId: v.pipe(v.string(), v.description("The organization's id (uuid)")) });
const IN_ORG = {
  ...UNAUTHENTICATED,
  403: problem('The role may not (`errorCode` FORBIDDEN: "Planners can\'t set up single sign-on")'),
  404: problem('Not a member of that organization (a missing one answers the same)'),
};

/**
 * Single sign-on (server/sso/routes.ts, docs/sso.md). The sign-in itself, `/auth/federate` and its callback,
 * are browser redirects (server/openapi/exclusions.ts).
 */
export const ssoOperations: OperationSpec[] = [
  {
    method: 'get',
    path: '/api/organizations/{orgId}/sso',
    summary: "The organization's single sign-on settings",
    description:
      'The client secret is never answered, only `hasClientSecret`. `accountIds` null: every account.',
    tags,
    pathParams: orgOnly,
    responses: {
      200: json('The settings (`configured` false before the first save)', SsoSettingsSchema),
      ...IN_ORG,
    },
  },
  {
    method: 'put',
    path: '/api/organizations/{orgId}/sso',
    summary: 'Set up single sign-on: issuer, client, e-mail domains, what a new person gets, require it',
    description:
      'The client secret is sealed at rest; omitted or null keeps the one set. A domain signs in with one organization only (400 naming `domains`). With `requireSso`, password sign-in is refused for addresses at the domains (403 SSO_REQUIRED). Only an owner may set `role` to owner (403 FORBIDDEN naming `role`).',
    tags,
    pathParams: orgOnly,
    body: { json: SsoSettingsRequestSchema },
    responses: { 200: json('The settings as saved', SsoSettingsSchema), ...JSON_BODY, ...IN_ORG },
  },
  {
    method: 'get',
    path: '/api/auth/sso',
    summary: 'Whether an e-mail address signs in with single sign-on',
    description:
      'For the sign-in page: when `sso`, the browser goes to `/auth/federate?domain=<domain>`, which redirects to the identity provider.',
    tags,
    public: true,
    query: v.object({
      email: v.optional(v.pipe(v.string(), v.description('The address typed on the sign-in page'))),
    }),
    responses: { 200: json('Whether single sign-on applies, and whether it is required', SsoLookupSchema) },
  },
];
