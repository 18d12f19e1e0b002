import * as v from 'valibot';
import { AccountSchema, OrganizationSchema } from './auth';
import { BOOKING_STATUSES, CAMPAIGN_STATUSES, CURRENCIES } from './reference';

/**
 * Records served by the generic data provider (`/api/{resource}`), as they travel on the wire.
 * Timestamps are ISO strings, calendar dates 'YYYY-MM-DD', money integer minor units + ISO currency.
 */

/** True for a real calendar day ('2026-02-30' is not one). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}
/** The API's message for a date that is not a calendar day; a date field in the browser says it its own way. */
export const DATE_FORMAT_MESSAGE = 'Use a date in the form YYYY-MM-DD';
const IsoDate = v.pipe(v.string(DATE_FORMAT_MESSAGE), v.check(isCalendarDate, DATE_FORMAT_MESSAGE));
const Currency = v.picklist(CURRENCIES, `Use one of ${CURRENCIES.join(', ')}`);
const MinorUnits = v.pipe(
  v.number('Enter an amount'),
  v.integer('Amounts are whole minor units (cents)'),
  v.minValue(0, 'Amounts cannot be negative'),
  v.maxValue(1e13, 'That amount is too large'),
);
/** Postgres text cannot hold NUL, and no name needs control characters. */
const noControlCharacters = v.check(
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point.
  (s: string) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(s),
  'Remove the control characters',
);
const Name = (label: string) =>
  v.pipe(
    v.string(`${label} must be text`),
    v.trim(),
    v.nonEmpty(`Enter ${/^[aeiou]/i.test(label) ? 'an' : 'a'} ${label.toLowerCase()}`),
    v.maxLength(200, 'Use at most 200 characters'),
    noControlCharacters,
  );

export const CampaignSchema = v.object({
  id: v.string(),
  accountId: v.string(),
  customerId: v.nullable(v.string()),
  objectiveId: v.number(),
  name: v.string(),
  status: v.picklist(CAMPAIGN_STATUSES),
  startDate: v.nullable(v.string()),
  endDate: v.nullable(v.string()),
  budgetMinor: v.number(),
  currency: v.string(),
  platforms: v.array(v.string()),
  createdAt: v.string(),
  updatedAt: v.string(),
});
export type Campaign = v.InferOutput<typeof CampaignSchema>;

export const CustomerSchema = v.object({
  id: v.string(),
  accountId: v.string(),
  name: v.string(),
  createdAt: v.string(),
  updatedAt: v.string(),
});
export type Customer = v.InferOutput<typeof CustomerSchema>;

export const BookingSchema = v.object({
  id: v.string(),
  accountId: v.string(),
  campaignId: v.nullable(v.string()),
  platformKey: v.string(),
  name: v.string(),
  status: v.picklist(BOOKING_STATUSES),
  startDate: v.string(),
  endDate: v.string(),
  amountMinor: v.number(),
  currency: v.string(),
  createdAt: v.string(),
  updatedAt: v.string(),
});
export type Booking = v.InferOutput<typeof BookingSchema>;

export const BudgetSchema = v.object({
  id: v.string(),
  accountId: v.string(),
  customerId: v.nullable(v.string()),
  name: v.string(),
  periodStart: v.string(),
  periodEnd: v.string(),
  amountMinor: v.number(),
  currency: v.string(),
  createdAt: v.string(),
  updatedAt: v.string(),
});
export type Budget = v.InferOutput<typeof BudgetSchema>;

export const ObjectiveSchema = v.object({ id: v.number(), label: v.string(), icon: v.string() });
export type Objective = v.InferOutput<typeof ObjectiveSchema>;

export const PlatformSchema = v.object({ key: v.string(), displayName: v.string() });
export type Platform = v.InferOutput<typeof PlatformSchema>;

/** The record schema of every resource, keyed by its path segment under /api. */
export const RESOURCE_SCHEMAS = {
  accounts: AccountSchema,
  organizations: OrganizationSchema,
  customers: CustomerSchema,
  campaigns: CampaignSchema,
  bookings: BookingSchema,
  budgets: BudgetSchema,
  objectives: ObjectiveSchema,
  platforms: PlatformSchema,
} as const;
export type ResourceName = keyof typeof RESOURCE_SCHEMAS;
export type ResourceRecord<R extends ResourceName> = v.InferOutput<(typeof RESOURCE_SCHEMAS)[R]>;

/** Paging of `GET /api/{resource}`: `_start`/`_end` default to 0..10; a page holds at most 100 rows. */
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
/** The response header carrying the number of records matching a list request's filters. */
export const TOTAL_COUNT_HEADER = 'x-total-count';

const Id = (message: string) => v.pipe(v.string(message), v.uuid(message));
const PlatformKeys = v.pipe(
  v.array(
    v.pipe(
      v.string('Platform keys are text'),
      v.nonEmpty('Choose a platform'),
      v.maxLength(50),
      noControlCharacters,
    ),
    'Choose platforms as a list',
  ),
  v.maxLength(20, 'Choose at most 20 platforms'),
  v.transform((keys) => [...new Set(keys)]),
);

/**
 * Bodies accepted by POST (create). The server sets the organization and account from the session;
 * keys it does not know (id, createdAt, ...) are ignored.
 */
export const CampaignInputSchema = v.object({
  name: Name('Campaign name'),
  customerId: v.optional(v.nullable(Id('Choose a customer'))),
  objectiveId: v.optional(
    v.pipe(
      v.number('Choose an objective'),
      v.integer('Choose an objective'),
      v.minValue(1, 'Choose an objective'),
      v.maxValue(2_147_483_647, 'Choose an objective'),
    ),
    1,
  ),
  /**
   * Never writable: a campaign's status changes only through the lifecycle chart (launch, pause, resume,
   * delete). Sending it is a mistake worth naming rather than silently ignoring.
   */
  status: v.optional(
    v.custom<never>(
      () => false,
      'status cannot be set: launch, pause, resume or delete the campaign to change it',
    ),
  ),
  startDate: v.optional(v.nullable(IsoDate)),
  endDate: v.optional(v.nullable(IsoDate)),
  budgetMinor: v.optional(MinorUnits, 0),
  currency: v.optional(Currency, 'EUR'),
  platforms: v.optional(PlatformKeys, []),
});
export const CustomerInputSchema = v.object({
  name: v.optional(
    v.pipe(
      v.string('Name must be text'),
      v.trim(),
      v.maxLength(200, 'Use at most 200 characters'),
      noControlCharacters,
    ),
    '',
  ),
});
export const BookingInputSchema = v.object({
  name: Name('Booking name'),
  campaignId: v.optional(v.nullable(Id('Choose a campaign'))),
  platformKey: v.pipe(
    v.string('Choose a platform'),
    v.nonEmpty('Choose a platform'),
    v.maxLength(50),
    noControlCharacters,
  ),
  status: v.optional(v.picklist(BOOKING_STATUSES, `Use one of ${BOOKING_STATUSES.join(', ')}`), 'tentative'),
  startDate: IsoDate,
  endDate: IsoDate,
  amountMinor: v.optional(MinorUnits, 0),
  currency: v.optional(Currency, 'EUR'),
});
/** A required calendar day: `missing` when absent or empty, the format message otherwise. */
const RequiredDay = (missing: string) =>
  v.pipe(
    v.string(missing),
    v.nonEmpty(missing),
    v.check(isCalendarDate, 'Use a date in the form YYYY-MM-DD'),
  );
export const BudgetInputSchema = v.object({
  name: Name('Budget name'),
  customerId: v.optional(v.nullable(Id('Choose a customer'))),
  periodStart: RequiredDay('Choose the first day'),
  periodEnd: RequiredDay('Choose the last day'),
  amountMinor: v.optional(MinorUnits, 0),
  currency: v.optional(Currency, 'EUR'),
});
/**
 * The budget edit form (/budgets/:id/edit): a whole budget, its period in order. The server's PATCH checks
 * the same fields (`BudgetUpdateSchema`) and the same order (the data provider's date ranges).
 */
export const BudgetFormSchema = v.pipe(
  BudgetInputSchema,
  v.forward(
    v.partialCheck(
      [['periodStart'], ['periodEnd']],
      (budget) => budget.periodEnd >= budget.periodStart,
      'The period ends after it starts',
    ),
    ['periodEnd'],
  ),
);
export const AccountInputSchema = v.object({ name: Name('Account name') });
export const OrganizationInputSchema = v.object({ name: Name('Organization name') });

/** Bodies accepted by PATCH: the same fields, each optional, and no defaults filled in. */
export const CampaignUpdateSchema = v.partial(CampaignInputSchema);
export const CustomerUpdateSchema = v.partial(CustomerInputSchema);
export const BookingUpdateSchema = v.partial(BookingInputSchema);
export const BudgetUpdateSchema = v.partial(BudgetInputSchema);
export const AccountUpdateSchema = v.partial(AccountInputSchema);
export const OrganizationUpdateSchema = v.partial(OrganizationInputSchema);

export type CampaignInput = v.InferInput<typeof CampaignInputSchema>;
export type CustomerInput = v.InferInput<typeof CustomerInputSchema>;
export type BookingInput = v.InferInput<typeof BookingInputSchema>;
export type BudgetInput = v.InferInput<typeof BudgetInputSchema>;
export type AccountInput = v.InferInput<typeof AccountInputSchema>;
export type OrganizationInput = v.InferInput<typeof OrganizationInputSchema>;
