import * as v from 'valibot';
import { AccountSchema, OrganizationSchema } from './auth';
import { BOOKING_STATUSES, CAMPAIGN_STATUSES, CURRENCIES } from './reference';

/**
 * Records served by the generic data provider (`/api/{resource}`), as they travel on the wire.
 * Timestamps are ISO strings, calendar dates 'YYYY-MM-DD', money integer minor units + ISO currency.
 */
const IsoDate = v.pipe(v.string(), v.isoDate('Use a date in the form YYYY-MM-DD'));
const Currency = v.picklist(CURRENCIES, `Use one of ${CURRENCIES.join(', ')}`);
const MinorUnits = v.pipe(
  v.number('Enter an amount'),
  v.integer('Amounts are whole minor units (cents)'),
  v.minValue(0, 'Amounts cannot be negative'),
  v.maxValue(1e13, 'That amount is too large'),
);
const Name = (label: string) =>
  v.pipe(v.string(`${label} must be text`), v.trim(), v.nonEmpty(`Enter a ${label.toLowerCase()}`), v.maxLength(200));

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

/** Bodies accepted by POST (create) and PATCH (update: every field optional). */
export const CampaignInputSchema = v.object({
  name: Name('Campaign name'),
  customerId: v.optional(v.nullable(v.pipe(v.string(), v.uuid('Choose a customer')))),
  objectiveId: v.optional(v.pipe(v.number(), v.integer()), 1),
  status: v.optional(v.picklist(CAMPAIGN_STATUSES)),
  startDate: v.optional(v.nullable(IsoDate)),
  endDate: v.optional(v.nullable(IsoDate)),
  budgetMinor: v.optional(MinorUnits, 0),
  currency: v.optional(Currency, 'EUR'),
  platforms: v.optional(v.array(v.string()), []),
});
export const CustomerInputSchema = v.object({
  name: v.optional(v.pipe(v.string('Name must be text'), v.trim(), v.maxLength(200)), ''),
});
export const BookingInputSchema = v.object({
  name: Name('Booking name'),
  campaignId: v.optional(v.nullable(v.pipe(v.string(), v.uuid('Choose a campaign')))),
  platformKey: v.string('Choose a platform'),
  status: v.optional(v.picklist(BOOKING_STATUSES), 'tentative'),
  startDate: IsoDate,
  endDate: IsoDate,
  amountMinor: v.optional(MinorUnits, 0),
  currency: v.optional(Currency, 'EUR'),
});
export const BudgetInputSchema = v.object({
  name: Name('Budget name'),
  customerId: v.optional(v.nullable(v.pipe(v.string(), v.uuid('Choose a customer')))),
  periodStart: IsoDate,
  periodEnd: IsoDate,
  amountMinor: v.optional(MinorUnits, 0),
  currency: v.optional(Currency, 'EUR'),
});
export const AccountInputSchema = v.object({ name: Name('Account name') });
export const OrganizationInputSchema = v.object({ name: Name('Organization name') });
