import {
  type CurrentUser,
  CurrentUserSchema,
  type LoginRequest,
  OrganizationListSchema,
  type SignupRequest,
} from '@contract/auth';
import * as v from 'valibot';
import { requestJson } from './http';

/** `{ success: true }`, the answer of login, signup and logout. */
const SuccessSchema = v.object({ success: v.boolean() });

/** The session calls of spec §7 (cookies included by the HTTP client). Failures reject with an ApiError. */
export const authApi = {
  login: (credentials: LoginRequest) =>
    requestJson('POST', 'api/auth/login', SuccessSchema, { json: credentials }),
  signup: (request: SignupRequest) =>
    requestJson('POST', 'api/auth/signup', SuccessSchema, { json: request }),
  logout: () => requestJson('POST', 'api/auth/logout', SuccessSchema),
  currentUser: (): Promise<CurrentUser> => requestJson('GET', 'api/auth/user', CurrentUserSchema),
  organizations: () => requestJson('GET', 'api/organization', OrganizationListSchema),
};
