import * as v from 'valibot';
import { noControlCharacters } from './text';

/**
 * The shell's wire format: onboarding and profile (and the `{ success: true }` answer). Billing and the trial
 * are `contract/billing.ts`, white-label `contract/whiteLabel.ts`, client error reports and analytics events
 * `contract/analytics.ts`. Used by the server to validate requests and by the browser to parse responses.
 */

// --- shared pieces ----------------------------------------------------------------------------------

/** A required, trimmed name; missing keys get the same friendly message as empty ones. */
const RequiredName = (missing: string, max: number) =>
  v.pipe(
    v.optional(v.string(missing), ''),
    v.trim(),
    v.nonEmpty(missing),
    v.maxLength(max, `Use at most ${max} characters`),
    noControlCharacters,
  );

/** `{ success: true }`: the answer of writes that have nothing else to say. */
export const SuccessSchema = v.object({ success: v.literal(true) });

// --- onboarding and profile -------------------------------------------------------------------------

/** POST /api/onboarding: the signed-in user's name and their first organization and account. */
export const OnboardingRequestSchema = v.object({
  firstName: RequiredName('Enter your first name', 100),
  lastName: RequiredName('Enter your last name', 100),
  organizationName: RequiredName('Enter a name for your organization', 200),
  accountName: RequiredName('Enter a name for your first account', 200),
});
export type OnboardingRequest = v.InferInput<typeof OnboardingRequestSchema>;

/** PATCH /api/auth/profile: either name, or both. */
export const ProfileUpdateSchema = v.object({
  firstName: v.optional(RequiredName('Enter your first name', 100)),
  lastName: v.optional(RequiredName('Enter your last name', 100)),
});
export type ProfileUpdate = v.InferInput<typeof ProfileUpdateSchema>;

export const ProfileSchema = v.object({
  id: v.string(),
  email: v.string(),
  firstName: v.string(),
  lastName: v.string(),
});
export type Profile = v.InferOutput<typeof ProfileSchema>;

/** `GET /api/health`: the process answers (for load balancers; no database round trip). */
export const HealthSchema = v.object({ ok: v.literal(true) });
