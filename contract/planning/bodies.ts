import * as v from 'valibot';
import { CURRENCIES } from '../reference';
import { DATE_FORMAT_MESSAGE, isCalendarDate } from '../resources';
import { AGE_MAX, AGE_MIN, GENDERS } from './audience';
import { isCountryCode, isLanguageCode } from './geo';
import { BID_STRATEGIES } from './platformRules';

/**
 * The bodies of the wizard's step saves (`PUT /planning/wizard/{campaignId}/{step}`, and
 * `POST /planning/wizard/new/overview` for a new plan's first save), checked with the same schemas in
 * the browser and on the server. These check each value's shape; what depends on other steps or on the
 * platforms' rules (a split adding up, a flight inside the campaign, a platform's minimum budget) is in
 * checks.ts. Error paths are the fields' dot paths: `allocations.meta.amountMinor`, `flights.1.endDate`.
 */

/**
 * `v.object` whose missing key is named with that field's own message ("Enter a campaign name"), not
 * valibot's "Invalid key": what the 400's `validationErrors` shows under the field.
 */
export function stepObject<E extends v.ObjectEntries>(
  entries: E,
  notAnObject = 'Send the body as a JSON object',
) {
  return v.object(entries, (issue) => {
    const key = issue.path?.[0]?.key;
    if (typeof key === 'string' && Object.hasOwn(entries, key)) {
      const result = v.safeParse(entries[key]!, undefined);
      if (!result.success && result.issues[0]) return result.issues[0].message;
    }
    return notAnObject;
  });
}

/** The version of the plan the save was based on; a stale one answers 409. */
export const Version = v.pipe(
  v.number('Send the plan version you are editing'),
  v.integer('Send the plan version you are editing'),
  v.minValue(1, 'Send the plan version you are editing'),
);

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point.
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

const MinorUnits = (missing: string) =>
  v.pipe(
    v.number(missing),
    v.integer('Amounts are whole minor units (cents)'),
    v.minValue(0, 'Amounts cannot be negative'),
    v.maxValue(1e13, 'That amount is too large'),
  );

const Day = (missing: string) =>
  v.pipe(v.string(missing), v.nonEmpty(missing), v.check(isCalendarDate, DATE_FORMAT_MESSAGE));

export const PlatformKey = v.pipe(
  v.string('Choose a platform'),
  v.nonEmpty('Choose a platform'),
  v.maxLength(50),
);

// --- 1. Overview ---------------------------------------------------------------------------------------

export const OverviewStepFields = {
  name: v.pipe(
    v.string('Enter a campaign name'),
    v.trim(),
    v.nonEmpty('Enter a campaign name'),
    v.maxLength(200, 'Use at most 200 characters'),
    v.check((s) => !CONTROL_CHARACTERS.test(s), 'Remove the control characters'),
  ),
  objectiveId: v.pipe(
    v.number('Choose an objective'),
    v.integer('Choose an objective'),
    v.minValue(1, 'Choose an objective'),
    v.maxValue(2_147_483_647, 'Choose an objective'),
  ),
  /** null = no customer yet (a plan can be drafted before the client is chosen, not launched). */
  customerId: v.nullable(v.pipe(v.string('Choose a customer'), v.uuid('Choose a customer'))),
  currency: v.picklist(CURRENCIES, `Choose one of ${CURRENCIES.join(', ')}`),
};

/**
 * `POST /planning/wizard/new/overview` (no version: it creates the plan) → 201 with the plan. A missing
 * `customerId` is no customer yet, as `null` is; a field of another step is refused (`unknownFieldsOf`).
 */
export const NewOverviewStepSchema = stepObject({
  ...OverviewStepFields,
  customerId: v.optional(OverviewStepFields.customerId, null),
});

/** The fields of `body` that `entries` does not take, in the order sent. */
export const unknownFieldsOf = (body: Record<string, unknown>, entries: v.ObjectEntries) =>
  Object.keys(body).filter((key) => !Object.hasOwn(entries, key));
/** `PUT /planning/wizard/{campaignId}/overview` */
export const OverviewStepSchema = stepObject({ version: Version, ...OverviewStepFields });
export type OverviewStepBody = v.InferOutput<typeof OverviewStepSchema>;

// --- 2. Platforms and budget ------------------------------------------------------------------------------

export const SPLIT_MODES = ['amount', 'percent'] as const;
export type SplitMode = (typeof SPLIT_MODES)[number];

export const AllocationSchema = stepObject({
  amountMinor: MinorUnits('Enter an amount for this platform'),
  bidStrategy: v.picklist(BID_STRATEGIES, 'Choose a bid strategy'),
  /** The cost cap's amount per result, with `cost_cap`; null with `lowest_cost`. */
  costCapMinor: v.nullable(MinorUnits('Enter the cost cap')),
});
export type Allocation = v.InferOutput<typeof AllocationSchema>;

/** `PUT /planning/wizard/{campaignId}/platforms` */
export const PlatformsStepSchema = stepObject({
  version: Version,
  /** The chosen platforms, in the planner's order; every one has an entry in `allocations`. */
  platforms: v.pipe(
    v.array(PlatformKey, 'Choose at least one platform'),
    v.minLength(1, 'Choose at least one platform'),
    v.maxLength(20, 'Choose at most 20 platforms'),
    v.check((keys) => new Set(keys).size === keys.length, 'Choose each platform once'),
  ),
  budgetMinor: v.pipe(MinorUnits('Enter the total budget'), v.minValue(1, 'Enter a budget above zero')),
  /** How the planner split it (the page reopens the same way); amounts are what is saved either way. */
  splitMode: v.picklist(SPLIT_MODES, 'Choose amount or percentage'),
  allocations: v.record(PlatformKey, AllocationSchema, 'Split the budget across the platforms'),
});
export type PlatformsStepBody = v.InferOutput<typeof PlatformsStepSchema>;

// --- 3. Audience ------------------------------------------------------------------------------------------

const Age = (missing: string) =>
  v.pipe(
    v.number(missing),
    v.integer(missing),
    v.minValue(AGE_MIN, `Ages start at ${AGE_MIN}`),
    v.maxValue(AGE_MAX, `Ages go up to ${AGE_MAX}+`),
  );

export const AudienceFields = {
  /** ISO 3166-1 alpha-2 codes. */
  locations: v.pipe(
    v.array(v.string(), 'Choose at least one location'),
    v.minLength(1, 'Choose at least one location'),
    v.maxLength(250, 'Choose at most 250 locations'),
    v.check((codes) => codes.every(isCountryCode), 'Choose countries from the list'),
    v.check((codes) => new Set(codes).size === codes.length, 'Choose each location once'),
  ),
  ageMin: Age('Choose the youngest age'),
  /** 65 means 65 and over. */
  ageMax: Age('Choose the oldest age'),
  /** Empty = everyone. */
  genders: v.pipe(
    v.array(v.picklist(GENDERS, 'Choose female, male or both'), 'Choose female, male or both'),
    v.check((g) => new Set(g).size === g.length, 'Choose each gender once'),
  ),
  /** ISO 639-1 codes; empty = any language. */
  languages: v.pipe(
    v.array(v.string(), 'Choose languages from the list'),
    v.maxLength(30, 'Choose at most 30 languages'),
    v.check((codes) => codes.every(isLanguageCode), 'Choose languages from the list'),
  ),
  /** Per platform, ids from that platform's interest taxonomy; a platform left out targets no interests. */
  interests: v.record(
    PlatformKey,
    v.pipe(
      v.array(v.pipe(v.string(), v.nonEmpty(), v.maxLength(100)), 'Choose interests from the list'),
      v.maxLength(100),
    ),
  ),
};
export const AudienceSchema = v.object(AudienceFields);
export type Audience = v.InferOutput<typeof AudienceSchema>;

/** `PUT /planning/wizard/{campaignId}/audience` */
export const AudienceStepSchema = stepObject({ version: Version, ...AudienceFields });
export type AudienceStepBody = v.InferOutput<typeof AudienceStepSchema>;

/** `POST /planning/audience-estimates`: an audience as typed (not saved yet), for the platforms chosen. */
export const AudienceEstimateRequestSchema = v.object({
  platforms: v.pipe(v.array(PlatformKey), v.minLength(1, 'Choose at least one platform'), v.maxLength(20)),
  objectiveId: OverviewStepFields.objectiveId,
  audience: AudienceSchema,
  /** Per platform, its daily budget (allocation ÷ days), for the too-broad guidance; absent = unknown. */
  dailyBudgetMinor: v.optional(v.record(PlatformKey, MinorUnits('Enter a daily budget'))),
});
export type AudienceEstimateRequest = v.InferOutput<typeof AudienceEstimateRequestSchema>;

// --- 4. Schedule --------------------------------------------------------------------------------------------

export const PACINGS = ['even', 'front_loaded'] as const;
export type Pacing = (typeof PACINGS)[number];
export const PACING_LABELS: Record<Pacing, string> = { even: 'Even', front_loaded: 'Front-loaded' };

export const FlightSchema = stepObject({
  /** The saved flight's id; absent for a flight added since the last save. */
  id: v.optional(v.pipe(v.string(), v.uuid('Unknown flight'))),
  platform: PlatformKey,
  startDate: Day('Choose the flight start'),
  endDate: Day('Choose the flight end'),
  amountMinor: MinorUnits('Enter the flight amount'),
  pacing: v.picklist(PACINGS, 'Choose even or front-loaded pacing'),
});
export type Flight = v.InferOutput<typeof FlightSchema>;

/** `PUT /planning/wizard/{campaignId}/schedule`: saving it creates, updates and removes the bookings. */
export const ScheduleStepSchema = stepObject({
  version: Version,
  startDate: Day('Choose a start date'),
  endDate: Day('Choose an end date'),
  flights: v.pipe(v.array(FlightSchema, 'Add a flight'), v.maxLength(200, 'Plan at most 200 flights')),
});
export type ScheduleStepBody = v.InferOutput<typeof ScheduleStepSchema>;

// --- 5. Review: the budget the plan draws on ---------------------------------------------------------------

/** `PUT /planning/wizard/{campaignId}/budget` */
export const BudgetChoiceSchema = stepObject({
  version: Version,
  /** One of the customer's budgets that fits the plan (period, currency); null = none. */
  budgetId: v.nullable(v.pipe(v.string('Choose a budget'), v.uuid('Choose a budget'))),
  /** The planner's explicit "plan over budget"; required when the plan exceeds what is left. */
  overBudgetConfirmed: v.boolean('Confirm or not'),
});
export type BudgetChoiceBody = v.InferOutput<typeof BudgetChoiceSchema>;
