import {
  CurrentUserSchema,
  LoginRequestSchema,
  OrganizationListSchema,
  SignupRequestSchema,
} from '@contract/auth';
import { SuccessSchema } from '@contract/shell';
import * as v from 'valibot';
import { JSON_BODY, json, type OperationSpec, problem, UNAUTHENTICATED } from '../operation';

const tags = ['Sign-in'];
const throttled = problem('Too many attempts: wait the `Retry-After` seconds', {
  'Retry-After': 'Seconds to wait',
});

/** server/auth/routes.ts: password sign-in and sign-up set the `fp_session` cookie. */
export const authOperations: OperationSpec[] = [
  {
    method: 'post',
    path: '/api/auth/login',
    summary: 'Sign in with e-mail and password',
    description: 'Sets the session cookie. Repeated failures from one place are throttled (429).',
    tags,
    public: true,
    body: { json: LoginRequestSchema },
    responses: {
      200: json('Signed in: the session cookie is set', SuccessSchema),
      ...JSON_BODY,
      401: problem('Wrong e-mail address or password (`errorCode` INVALID_CREDENTIALS)'),
      429: throttled,
    },
  },
  {
    method: 'post',
    path: '/api/auth/signup',
    summary: 'Create a user and sign in',
    description: 'Then `POST /api/onboarding` creates the first organization and account.',
    tags,
    public: true,
    body: { json: SignupRequestSchema },
    responses: {
      201: json('Signed up and signed in', SuccessSchema),
      ...JSON_BODY,
      403: problem('The address is at a domain whose organization requires single sign-on (SSO_REQUIRED)'),
      409: problem('The e-mail address is taken'),
      429: throttled,
    },
  },
  {
    method: 'post',
    path: '/api/auth/logout',
    summary: 'Sign out (ends the session)',
    tags,
    public: true,
    responses: { 200: json('Signed out (also when there was no session)', SuccessSchema) },
  },
  {
    method: 'get',
    path: '/api/auth/user',
    summary: 'Who is signed in, with the current organization and account',
    description: 'Signed out is not an error: `{ isAuthenticated: false }`.',
    tags,
    public: true,
    responses: { 200: json('The current user, or that nobody is signed in', CurrentUserSchema) },
  },
  {
    method: 'get',
    path: '/api/organization',
    summary: "The signed-in user's organizations",
    tags,
    responses: {
      200: json('Every organization the user is a member of', OrganizationListSchema),
      ...UNAUTHENTICATED,
    },
  },
];

/** Reused by the other areas: a path parameter that is an id (uuid) of the current account's records. */
export const idParam = (what: string) =>
  v.object({ id: v.pipe(v.string(), v.description(`The ${what}'s id (uuid)`)) });
