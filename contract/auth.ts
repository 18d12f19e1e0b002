import * as v from 'valibot';
import { RoleSchema } from './policy';

// Missing keys default to '' so they get the same friendly message as empty ones.
export const Email = v.pipe(
  v.optional(v.string('Enter your e-mail address'), ''),
  v.trim(),
  v.nonEmpty('Enter your e-mail address'),
  v.maxLength(254, 'That e-mail address is too long'),
  v.email('Enter a valid e-mail address'),
  v.toLowerCase(),
);

export const LoginRequestSchema = v.object({
  email: Email,
  password: v.pipe(
    v.optional(v.string('Enter your password'), ''),
    v.nonEmpty('Enter your password'),
    v.maxLength(1024),
  ),
});
export type LoginRequest = v.InferInput<typeof LoginRequestSchema>;

export const SignupRequestSchema = v.object({
  email: Email,
  password: v.pipe(
    v.optional(v.string('Enter a password'), ''),
    v.minLength(8, 'Use at least 8 characters'),
    v.maxLength(1024, 'Use at most 1024 characters'),
  ),
  firstName: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100)), ''),
  lastName: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100)), ''),
});
export type SignupRequest = v.InferInput<typeof SignupRequestSchema>;

export const OrganizationSchema = v.object({
  id: v.string(),
  name: v.string(),
  tenantId: v.string(),
  createdAt: v.string(),
  planCode: v.string(),
  whiteLabelIsEnabled: v.boolean(),
  hasWhiteLabelFeature: v.boolean(),
  whiteLabelBrandName: v.nullable(v.string()),
  whiteLabelPrimaryHexCode: v.string(),
  whiteLabelNavbarBackgroundHexCode: v.string(),
  whiteLabelIconUuid: v.nullable(v.string()),
});
export type Organization = v.InferOutput<typeof OrganizationSchema>;

export const AccountSchema = v.object({
  id: v.string(),
  organizationId: v.string(),
  name: v.string(),
  tenantId: v.string(),
  createdAt: v.string(),
});
export type Account = v.InferOutput<typeof AccountSchema>;

/** GET /api/auth/user: the spec's "current user". Signed out is `isAuthenticated: false` with 200. */
export const CurrentUserSchema = v.variant('isAuthenticated', [
  v.object({ isAuthenticated: v.literal(false) }),
  v.object({
    isAuthenticated: v.literal(true),
    requiresOnboarding: v.boolean(),
    isInOrganization: v.boolean(),
    isInAccount: v.boolean(),
    currentOrganization: v.nullable(OrganizationSchema),
    currentAccount: v.nullable(AccountSchema),
    /** The user's role in the current organization (null without one): what the views ask contract/policy.ts. */
    role: v.nullable(RoleSchema),
    /** The accounts they may work in; null: every account (or no organization). */
    accountIds: v.nullable(v.array(v.string())),
    id: v.string(),
    email: v.string(),
    firstName: v.string(),
    lastName: v.string(),
  }),
]);
export type CurrentUser = v.InferOutput<typeof CurrentUserSchema>;

export const OrganizationListSchema = v.array(OrganizationSchema);
