import * as v from 'valibot';
import { OrganizationSchema } from './auth';
import { hasWhiteLabelFeature, PLANS, type PlanCode } from './plans';

/**
 * The shell's wire format: onboarding, profile, billing and plans, white-label, client error reports and
 * analytics events. Used by the server to validate requests and by the browser to parse responses.
 */

// --- shared pieces ----------------------------------------------------------------------------------

/** Postgres text cannot hold NUL, and no name needs control characters. */
const noControlCharacters = v.check(
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point.
  (s: string) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(s),
  'Remove the control characters',
);

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

// --- trial and billing ------------------------------------------------------------------------------

export const TRIAL_DAYS = 7;
const DAY_MS = 86_400_000;

/** Days left in the trial: 7 minus whole days since the organization was created, between 0 and 7. */
export function trialDaysLeft(createdAt: Date | string | number, now: Date | number = Date.now()): number {
  const elapsed = new Date(now).getTime() - new Date(createdAt).getTime();
  if (Number.isNaN(elapsed)) return 0;
  const wholeDays = Math.floor(Math.max(0, elapsed) / DAY_MS);
  return Math.max(0, TRIAL_DAYS - wholeDays);
}

/** When the trial ends (createdAt + 7 days), as an ISO timestamp. */
export function trialEndsAt(createdAt: Date | string | number): string {
  return new Date(new Date(createdAt).getTime() + TRIAL_DAYS * DAY_MS).toISOString();
}

/** The trial-expired overlay shows when this is true (and the path is not exempt). */
export function isTrialExpired(
  organization: { planCode: string; createdAt: string },
  now: Date | number = Date.now(),
): boolean {
  return organization.planCode === 'trial' && trialDaysLeft(organization.createdAt, now) === 0;
}

/** Paths that stay usable when the trial has expired (no blur, no upgrade overlay). */
export function isTrialExemptPath(pathname: string): boolean {
  return (
    /^\/(billing|organizations)(\/|$)/.test(pathname) ||
    pathname.includes('platforms') ||
    pathname.includes('reports')
  );
}

/** Plans a customer can choose on /billing/plans (the trial is where everyone starts, never a choice). */
export type PaidPlanCode = Exclude<PlanCode, 'trial'>;
export const PAID_PLAN_CODES: readonly PaidPlanCode[] = PLANS.map((p) => p.code).filter(
  (code): code is PaidPlanCode => code !== 'trial',
);

const CHOOSE_A_PLAN = `Choose one of the plans: ${PAID_PLAN_CODES.join(', ')}`;

/** POST /api/billing/plan */
export const ChangePlanRequestSchema = v.object({
  planCode: v.pipe(v.optional(v.string(CHOOSE_A_PLAN), ''), v.picklist(PAID_PLAN_CODES, CHOOSE_A_PLAN)),
});
export type ChangePlanRequest = v.InferInput<typeof ChangePlanRequestSchema>;

export const BillingPlanSchema = v.object({
  code: v.string(),
  name: v.string(),
  hasWhiteLabelFeature: v.boolean(),
  monthlyPriceMinor: v.number(),
  current: v.boolean(),
});

/** GET /api/billing, and the answer of POST /api/billing/plan. */
export const BillingStateSchema = v.object({
  planCode: v.string(),
  plans: v.array(BillingPlanSchema),
  trial: v.object({
    days: v.number(),
    /** 0..7; only meaningful while planCode is 'trial'. */
    daysLeft: v.number(),
    endsAt: v.string(),
  }),
  /**
   * Present only when the billing provider needs the user at its hosted checkout: send the browser there.
   * The plan then changes when the provider confirms the payment (planCode is still the old one).
   */
  checkoutUrl: v.optional(v.string()),
});
export type BillingState = v.InferOutput<typeof BillingStateSchema>;

/** The one place that builds the billing state, so server and browser agree on it. */
export function billingState(
  organization: { planCode: string; createdAt: Date | string },
  now: Date | number = Date.now(),
): BillingState {
  return {
    planCode: organization.planCode,
    plans: PLANS.map((p) => ({ ...p, current: p.code === organization.planCode })),
    trial: {
      days: TRIAL_DAYS,
      daysLeft: trialDaysLeft(organization.createdAt, now),
      endsAt: trialEndsAt(organization.createdAt),
    },
  };
}

// --- plan gating ------------------------------------------------------------------------------------

export const REQUIRES_UPGRADE = 'REQUIRES_UPGRADE';
export type PlanFeature = 'whiteLabel';

const FEATURES: Record<PlanFeature, { label: string; included: (planCode: string) => boolean }> = {
  whiteLabel: { label: 'white-label branding', included: hasWhiteLabelFeature },
};

export function planIncludes(planCode: string, feature: PlanFeature): boolean {
  return FEATURES[feature].included(planCode);
}

/** The message of a REQUIRES_UPGRADE answer (403). */
export function upgradeMessage(feature: PlanFeature): string {
  return `Your plan does not include ${FEATURES[feature].label}. Upgrade to use it.`;
}

// --- white-label ------------------------------------------------------------------------------------

export const DEFAULT_PRIMARY_HEX = '#05d197';
export const DEFAULT_NAVBAR_BACKGROUND_HEX = '#ffffff';
export const DEFAULT_NAVBAR_TEXT_HEX = '#111111';
export const BRAND_NAME_MAX = 60;
/** Icons are stored as ICON_SIZE × ICON_SIZE PNG. */
export const ICON_SIZE = 128;
export const ICON_MAX_BYTES = 2 * 1024 * 1024;
export const ICON_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml'] as const;

/** Where the browser loads an icon from (only members of its organization may). */
export function brandIconUrl(uuid: string): string {
  return `/api/brand-icons/${uuid}`;
}

/** White-label styling (and the branded page title) needs both the switch and the plan feature. */
export function isWhiteLabelActive(organization: {
  whiteLabelIsEnabled: boolean;
  hasWhiteLabelFeature: boolean;
}): boolean {
  return organization.whiteLabelIsEnabled && organization.hasWhiteLabelFeature;
}

/** The page title: the brand name when white-label is active and a name is set, otherwise the product name. */
export function pageTitle(
  organization:
    | { whiteLabelIsEnabled: boolean; hasWhiteLabelFeature: boolean; whiteLabelBrandName: string | null }
    | null
    | undefined,
  productName: string,
): string {
  if (organization && isWhiteLabelActive(organization) && organization.whiteLabelBrandName) {
    return organization.whiteLabelBrandName;
  }
  return productName;
}

const HexColour = (label: string) =>
  v.pipe(
    v.string(`${label} must be text`),
    v.trim(),
    v.regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour in the form #rrggbb'),
    v.toLowerCase(),
  );

/** PATCH /api/organization/white-label: every field optional; a null or empty brand name clears it. */
export const WhiteLabelUpdateSchema = v.object({
  whiteLabelIsEnabled: v.optional(v.boolean('Choose on or off')),
  whiteLabelBrandName: v.optional(
    v.pipe(
      v.nullable(v.pipe(v.string('The brand name must be text'), v.trim())),
      v.transform((name) => (name ? name : null)),
      v.nullable(
        v.pipe(
          v.string(),
          v.maxLength(BRAND_NAME_MAX, `Use at most ${BRAND_NAME_MAX} characters`),
          noControlCharacters,
        ),
      ),
    ),
  ),
  whiteLabelPrimaryHexCode: v.optional(HexColour('The primary colour')),
  whiteLabelNavbarBackgroundHexCode: v.optional(HexColour('The navbar colour')),
});
export type WhiteLabelUpdate = v.InferInput<typeof WhiteLabelUpdateSchema>;

/** GET /api/organization/white-label */
export const WhiteLabelSettingsSchema = v.object({
  whiteLabelIsEnabled: v.boolean(),
  hasWhiteLabelFeature: v.boolean(),
  whiteLabelBrandName: v.nullable(v.string()),
  whiteLabelPrimaryHexCode: v.string(),
  whiteLabelNavbarBackgroundHexCode: v.string(),
  whiteLabelIconUuid: v.nullable(v.string()),
  /** brandIconUrl(whiteLabelIconUuid), or null without an icon. */
  iconUrl: v.nullable(v.string()),
});
export type WhiteLabelSettings = v.InferOutput<typeof WhiteLabelSettingsSchema>;

/** PATCH /api/organization/white-label, PUT and DELETE …/icon answer with the updated organization. */
export const WhiteLabelUpdateResponseSchema = OrganizationSchema;

// --- client error reports ---------------------------------------------------------------------------

export const CLIENT_ERROR_MAX_BYTES = 16 * 1024;

/** Replaces control characters (NUL cannot be stored) and cuts to `max` characters: reports are never refused for length. */
const Capped = (max: number, label: string) =>
  v.pipe(
    v.string(`${label} must be text`),
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point.
    v.transform((s) => s.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '\uFFFD')),
    v.transform((s) => (s.length > max ? s.slice(0, max) : s)),
  );

/** POST /api/client-errors (signed in or not); the body must be 16 KB or smaller. */
export const ClientErrorReportSchema = v.object({
  message: v.pipe(
    v.optional(Capped(2000, 'message'), ''),
    v.trim(),
    v.nonEmpty('Say what went wrong in message'),
  ),
  stack: v.optional(v.nullable(Capped(8000, 'stack'))),
  url: v.pipe(
    v.optional(Capped(2000, 'url'), ''),
    v.trim(),
    v.nonEmpty('Give the url the error happened on'),
  ),
  status: v.optional(
    v.nullable(
      v.pipe(
        v.number('status must be an HTTP status number'),
        v.integer('status must be an HTTP status number'),
        v.minValue(0, 'status must be an HTTP status number'),
        v.maxValue(999, 'status must be an HTTP status number'),
      ),
    ),
  ),
  componentStack: v.optional(v.nullable(Capped(8000, 'componentStack'))),
  userAgent: v.optional(v.nullable(Capped(500, 'userAgent'))),
});
export type ClientErrorReport = v.InferInput<typeof ClientErrorReportSchema>;

/** 202 answer of POST /api/client-errors and POST /api/events. */
export const ReceivedSchema = v.object({ received: v.literal(true) });

// --- analytics events -------------------------------------------------------------------------------

export const ANALYTICS_EVENT_TYPES = ['page', 'identify', 'group'] as const;
export type AnalyticsEventType = (typeof ANALYTICS_EVENT_TYPES)[number];
export const EVENT_PROPERTIES_MAX_BYTES = 8 * 1024;

const jsonBytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

/**
 * POST /api/events. The user and organization come from the session (identify/group need no ids);
 * anonymousId is the browser's `__as_aid` cookie value.
 */
export const AnalyticsEventRequestSchema = v.object({
  type: v.picklist(ANALYTICS_EVENT_TYPES, `type must be one of ${ANALYTICS_EVENT_TYPES.join(', ')}`),
  name: v.optional(
    v.nullable(
      v.pipe(
        v.string('name must be text'),
        v.trim(),
        v.maxLength(200, 'Use at most 200 characters'),
        noControlCharacters,
      ),
    ),
  ),
  properties: v.optional(
    v.pipe(
      v.custom<Record<string, unknown>>(
        (p) => typeof p === 'object' && p !== null && !Array.isArray(p),
        'properties must be an object',
      ),
      v.check(
        (p) => jsonBytes(p) <= EVENT_PROPERTIES_MAX_BYTES,
        `Keep properties to ${EVENT_PROPERTIES_MAX_BYTES / 1024} KB or less`,
      ),
      v.check((p) => !JSON.stringify(p).includes('\\u0000'), 'properties cannot contain NUL characters'),
    ),
  ),
  anonymousId: v.optional(
    v.nullable(
      v.pipe(
        v.string('anonymousId must be text'),
        v.maxLength(100, 'Use at most 100 characters'),
        noControlCharacters,
      ),
    ),
  ),
});
export type AnalyticsEventRequest = v.InferInput<typeof AnalyticsEventRequestSchema>;
