import * as v from 'valibot';
import { WIZARD_STEPS } from './planning/steps';
import { CAMPAIGN_STATUSES } from './reference';
import { CampaignInputSchema, isCalendarDate } from './resources';

/**
 * The campaign and customer calls of spec section 7 (`/data/campaigns/*`, `/data/customers/*`,
 * `POST /planning/wizard/...`) as they travel on the wire. Errors have the shape of contract/errors.ts:
 * `{ message, errorCode?, validationErrors?: { field: { message } }, businessError?: { message } }`.
 */

export const CAMPAIGN_NOT_FOUND_MESSAGE = "Sorry, we couldn't find that campaign.";
export const CUSTOMER_NOT_FOUND_MESSAGE = "Sorry, we couldn't find that customer.";
/** The duplicate modal's field hint, also the server's message for an empty or whitespace-only name. */
export const DUPLICATE_NAME_MESSAGE = 'Enter a name for the new campaign.';

/** `errorCode` of the business errors (409 = the campaign's state forbids it, 422 = it is incomplete). */
export const CAMPAIGN_ERROR_CODES = {
  beingDeleted: 'CAMPAIGN_BEING_DELETED',
  alreadyLaunching: 'CAMPAIGN_ALREADY_LAUNCHING',
  notLaunchable: 'CAMPAIGN_NOT_LAUNCHABLE',
  notPausable: 'CAMPAIGN_NOT_PAUSABLE',
  notResumable: 'CAMPAIGN_NOT_RESUMABLE',
  /** A job (launch, pause, resume, delete) is working on the campaign. */
  busy: 'CAMPAIGN_BUSY',
  /** The campaign's status does not let this field change (campaign lifecycle chart). */
  fieldLocked: 'CAMPAIGN_FIELD_LOCKED',
  incomplete: 'CAMPAIGN_INCOMPLETE',
  customerHasCampaigns: 'CUSTOMER_HAS_CAMPAIGNS',
} as const;

/** A campaign's state on one ad platform (`campaign_platforms.status`). */
export const CAMPAIGN_PLATFORM_STATUSES = [
  /** Not on the platform yet (never launched, or waiting for its turn / a retry). */
  'pending',
  'in_review',
  /** Approved on the platform, waiting for the campaign's first flight to start. */
  'scheduled',
  'active',
  'paused',
  'rejected',
  'failed',
  'deleting',
  'deleted',
] as const;
export type CampaignPlatformStatus = (typeof CAMPAIGN_PLATFORM_STATUSES)[number];

// --- Requests --------------------------------------------------------------------------------------

/**
 * An id the browser read from the URL. Any non-empty string passes: a malformed, missing or foreign id
 * is answered 404 with the not-found message, like the modals expect.
 */
const IdText = (message: string) => v.pipe(v.string(message), v.trim(), v.nonEmpty(message));

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point.
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * A JSON body object whose missing keys are reported with the field's own message (what the field says
 * about `undefined`, or `missing[key]`), not valibot's generic "Invalid key".
 */
function bodyObject<E extends v.ObjectEntries>(entries: E, missing: Partial<Record<keyof E, string>> = {}) {
  return v.object(entries, (issue) => {
    const key = issue.path?.[0]?.key;
    if (typeof key === 'string' && Object.hasOwn(entries, key)) {
      const own = missing[key as keyof E];
      if (own) return own;
      const result = v.safeParse(entries[key]!, undefined);
      if (!result.success && result.issues[0]) return result.issues[0].message;
    }
    return 'Send the body as a JSON object';
  });
}

/** `POST /data/campaigns/delete` */
export const DeleteCampaignBodySchema = bodyObject({ campaignId: IdText('Choose a campaign') });
export type DeleteCampaignBody = v.InferInput<typeof DeleteCampaignBodySchema>;

/** `POST /data/campaigns/duplicate`: the name is trimmed before it is saved. */
/** How far a duplicate's dates may move, either way: ten years. */
export const MAX_SHIFT_DAYS = 3650;
export const SHIFT_DAYS_MESSAGE = 'Shift the dates by a whole number of days, at most ten years either way';

export const DuplicateCampaignBodySchema = bodyObject({
  campaignId: IdText('Choose a campaign'),
  name: v.pipe(
    v.string(DUPLICATE_NAME_MESSAGE),
    v.trim(),
    v.nonEmpty(DUPLICATE_NAME_MESSAGE),
    v.maxLength(200, 'Use at most 200 characters'),
    v.check((s) => !CONTROL_CHARACTERS.test(s), 'Remove the control characters'),
  ),
  /** Issue 28: "Shift dates by" — every flight and the campaign's dates move this many days (0: none). */
  shiftDays: v.optional(
    v.pipe(
      v.number(SHIFT_DAYS_MESSAGE),
      v.integer(SHIFT_DAYS_MESSAGE),
      v.minValue(-MAX_SHIFT_DAYS, SHIFT_DAYS_MESSAGE),
      v.maxValue(MAX_SHIFT_DAYS, SHIFT_DAYS_MESSAGE),
    ),
  ),
});
export type DuplicateCampaignBody = v.InferInput<typeof DuplicateCampaignBodySchema>;

/** `POST /planning/wizard/{id}/review`: campaignId may be left out; when sent it must be the path's id. */
export const LaunchCampaignBodySchema = bodyObject({ campaignId: v.optional(IdText('Choose a campaign')) });
export type LaunchCampaignBody = v.InferInput<typeof LaunchCampaignBodySchema>;

/** `POST /data/campaigns/pause` and `POST /data/campaigns/resume` */
export const PauseCampaignBodySchema = bodyObject({ campaignId: IdText('Choose a campaign') });
export const ResumeCampaignBodySchema = PauseCampaignBodySchema;
export type PauseCampaignBody = v.InferInput<typeof PauseCampaignBodySchema>;

/** `POST /data/customers/delete` */
export const DeleteCustomerBodySchema = bodyObject({ customerId: IdText('Choose a customer') });
export type DeleteCustomerBody = v.InferInput<typeof DeleteCustomerBodySchema>;

const input = CampaignInputSchema.entries;
const CalendarDate = (missing: string) =>
  v.pipe(
    v.string(missing),
    v.nonEmpty(missing),
    v.check(isCalendarDate, 'Use a date in the form YYYY-MM-DD'),
  );

/**
 * `POST /planning/wizard/new/overview`: the wizard's first step, saved as a draft. The data provider's
 * campaign rules (contract/resources.ts) made stricter: objective, dates, currency required, at least one
 * platform, a budget above zero, the end on or after the start.
 */
export const CampaignOverviewSchema = v.pipe(
  bodyObject(
    {
      objectiveId: input.objectiveId.wrapped,
      name: input.name,
      customerId: input.customerId,
      platforms: v.pipe(input.platforms.wrapped, v.minLength(1, 'Choose at least one platform')),
      startDate: CalendarDate('Choose a start date'),
      endDate: CalendarDate('Choose an end date'),
      budgetMinor: v.pipe(input.budgetMinor.wrapped, v.minValue(1, 'Enter a budget above zero')),
      currency: input.currency.wrapped,
    },
    { platforms: 'Choose at least one platform', currency: 'Choose a currency' },
  ),
  v.forward(
    v.partialCheck(
      [['startDate'], ['endDate']],
      (o) => o.endDate >= o.startDate,
      'The end date must be on or after the start date',
    ),
    ['endDate'],
  ),
);
export type CampaignOverviewInput = v.InferInput<typeof CampaignOverviewSchema>;

// --- Responses -------------------------------------------------------------------------------------

export const PlatformRefSchema = v.object({ key: v.string(), displayName: v.string() });

/** `GET /data/campaigns/get?campaignId=…` */
export const CampaignSummarySchema = v.object({
  id: v.string(),
  name: v.string(),
  status: v.picklist(CAMPAIGN_STATUSES),
  platforms: v.array(PlatformRefSchema),
});
export type CampaignSummary = v.InferOutput<typeof CampaignSummarySchema>;

/** `GET /data/customers/get?customerId=…`; the name may be empty (the UI then says 'this customer'). */
export const CustomerSummarySchema = v.object({ id: v.string(), name: v.string() });
export type CustomerSummary = v.InferOutput<typeof CustomerSummarySchema>;

/** `POST /data/campaigns/delete` and `POST /data/customers/delete` */
export const SuccessSchema = v.object({ success: v.literal(true) });
export type Success = v.InferOutput<typeof SuccessSchema>;

/**
 * `POST /data/campaigns/pause` / `resume`, and `POST /api/campaigns/{id}/platforms/{platformKey}/pause` /
 * `resume` (one platform, 202): the campaign is now `pausing` / `resuming`.
 */
export const PauseCampaignResultSchema = v.object({
  success: v.literal(true),
  status: v.picklist(['pausing', 'resuming']),
});
export type PauseCampaignResult = v.InferOutput<typeof PauseCampaignResultSchema>;

/** What still stands between a campaign and a launch (the server answers 422 with the first one). */
export function missingForLaunch(campaign: {
  platforms: readonly string[];
  startDate: string | null;
  endDate: string | null;
  budgetMinor: number;
}): string[] {
  const missing: string[] = [];
  if (campaign.platforms.length === 0) missing.push('Choose at least one platform before launching.');
  if (!campaign.startDate || !campaign.endDate) missing.push('Set a start and an end date before launching.');
  if (campaign.budgetMinor <= 0) missing.push('Set a budget above zero before launching.');
  return missing;
}

/** `POST /data/campaigns/duplicate`: the new draft's id. */
export const DuplicateCampaignResultSchema = v.object({
  success: v.literal(true),
  campaignId: v.string(),
  /** The budget the copy draws on (the one covering its dates), or null when none does. */
  budget: v.optional(v.nullable(v.object({ id: v.string(), name: v.string() }))),
});
export type DuplicateCampaignResult = v.InferOutput<typeof DuplicateCampaignResultSchema>;

/** `POST /planning/wizard/{id}/review` */
export const LaunchCampaignResultSchema = v.object({
  success: v.literal(true),
  status: v.literal('launching'),
});
export type LaunchCampaignResult = v.InferOutput<typeof LaunchCampaignResultSchema>;

/** `POST /planning/wizard/new/overview` → 201 */
export const CampaignOverviewResultSchema = v.object({ campaignId: v.string() });
export type CampaignOverviewResult = v.InferOutput<typeof CampaignOverviewResultSchema>;

/** One platform of a campaign, as the campaign page shows (and polls) it. */
export const CampaignPlatformStateSchema = v.object({
  key: v.string(),
  displayName: v.string(),
  status: v.picklist(CAMPAIGN_PLATFORM_STATUSES),
  /** The campaign's id on the ad platform, once it exists there. */
  externalId: v.nullable(v.string()),
  /** Why the platform rejected the campaign or the last call failed (kept while a retry is waiting). */
  lastError: v.nullable(v.string()),
  /** Requests sent to the platform for the current operation (launch or delete). */
  attempts: v.number(),
  /** When the next retry or status check is due, if one is waiting. */
  nextAttemptAt: v.nullable(v.string()),
  /** Null while the platform has never been touched. */
  updatedAt: v.nullable(v.string()),
  /**
   * A live campaign's applied change on this platform (issue 28), when it does not run the newest plan yet:
   * "Taking the change…", or why it refused it (it runs the plan before). Null when it runs the newest.
   */
  changeNote: v.optional(v.nullable(v.string())),
});
export type CampaignPlatformState = v.InferOutput<typeof CampaignPlatformStateSchema>;

/** `GET /data/campaigns/detail?campaignId=…` (the campaign page polls it while launching/deleting). */
export const CampaignDetailSchema = v.object({
  id: v.string(),
  name: v.string(),
  status: v.picklist(CAMPAIGN_STATUSES),
  customerId: v.nullable(v.string()),
  objectiveId: v.number(),
  startDate: v.nullable(v.string()),
  endDate: v.nullable(v.string()),
  budgetMinor: v.number(),
  currency: v.string(),
  /** `{Platform}: {reason}` of the first rejected or failed platform, else null. */
  failureReason: v.nullable(v.string()),
  platforms: v.array(CampaignPlatformStateSchema),
  updatedAt: v.string(),
});
export type CampaignDetail = v.InferOutput<typeof CampaignDetailSchema>;

/** `GET /data/campaigns/{id}/platforms` */
export const CampaignPlatformStatesSchema = v.array(CampaignPlatformStateSchema);

/**
 * Why a campaign the lifecycle lets launch cannot launch yet, as the server's launch would refuse it
 * (server/planning/launchGate.ts): the first problem, and the wizard step that fixes it (null when the fix
 * is elsewhere: connecting a platform under Platforms).
 */
export const LaunchBlockerSchema = v.object({
  message: v.string(),
  step: v.nullable(v.picklist(WIZARD_STEPS)),
});
export type LaunchBlocker = v.InferOutput<typeof LaunchBlockerSchema>;

/**
 * `GET /data/campaigns/launch-readiness?campaignId=…&campaignId=…`: for each asked campaign of the
 * account whose status lets it launch (a draft), whether it can launch now; other campaigns are left out.
 */
export const LaunchReadinessSchema = v.array(
  v.object({ campaignId: v.string(), blocker: v.nullable(LaunchBlockerSchema) }),
);
export type LaunchReadiness = v.InferOutput<typeof LaunchReadinessSchema>;
