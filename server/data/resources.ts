import { BOOKING_STATUSES, CAMPAIGN_STATUSES, CURRENCIES, PLATFORMS } from '@contract/reference';
import {
  AccountInputSchema,
  AccountUpdateSchema,
  type Booking,
  type Budget,
  BudgetInputSchema,
  BudgetUpdateSchema,
  type Campaign,
  CampaignInputSchema,
  CampaignUpdateSchema,
  type Customer,
  CustomerInputSchema,
  CustomerUpdateSchema,
  type Objective,
  OrganizationInputSchema,
  OrganizationUpdateSchema,
  type Platform,
  type ResourceName,
} from '@contract/resources';
import { STEP_UP_ACTIONS } from '@contract/stepUp';
import type { CampaignField } from '@machines/campaignLifecycle';
import { eq, sql } from 'drizzle-orm';
import { serializeAccount, serializeOrganization } from '../auth/serialize';
import { cancelCampaignBookings } from '../campaignRules/bookings';
import {
  assertActionAllowed,
  assertBookkeepingWhileLive,
  assertEditAllowed,
} from '../campaignRules/lifecycle';
import { campaignTarget, customerTarget } from '../campaignRules/stepUpTargets';
import * as t from '../db/schema';
import { HttpError } from '../http/errors';
import { defineResource, type ResourceDef } from './define';
import {
  booleanField,
  dateField,
  intField,
  textArrayField,
  textField,
  timestampField,
  uuidField,
} from './fields';

/**
 * The resources of the generic data provider, declaratively: table, scope, the wire fields that may be
 * sorted / filtered / searched (wire names are the camelCase keys of the contract), write schemas and
 * the serializer to the wire shape of contract/resources.ts.
 */

const PLATFORM_KEYS = PLATFORMS.map((p) => p.key);

export const BOOKINGS_COME_FROM_PLANS =
  "Bookings come from a plan's flights: change the plan's schedule in the planning wizard to add, change or cancel them";
const iso = (d: Date) => d.toISOString();

const campaigns = defineResource({
  name: 'campaigns',
  label: 'Campaign',
  table: t.campaigns,
  scope: 'account',
  primaryKey: t.campaigns.id,
  idType: 'uuid',
  fields: {
    id: uuidField(t.campaigns.id),
    customerId: uuidField(t.campaigns.customerId),
    objectiveId: intField(t.campaigns.objectiveId),
    name: textField(t.campaigns.name, { search: true, folded: 'name_folded' }),
    status: textField(t.campaigns.status, { values: CAMPAIGN_STATUSES }),
    startDate: dateField(t.campaigns.startDate),
    endDate: dateField(t.campaigns.endDate),
    budgetMinor: intField(t.campaigns.budgetMinor),
    currency: textField(t.campaigns.currency, { values: CURRENCIES }),
    platforms: textArrayField(t.campaigns.platforms, { values: PLATFORM_KEYS }),
    createdAt: timestampField(t.campaigns.createdAt),
    updatedAt: timestampField(t.campaigns.updatedAt),
  },
  listIndexes: [
    t.campaigns.createdAt,
    t.campaigns.updatedAt,
    t.campaigns.name,
    t.campaigns.budgetMinor,
    t.campaigns.status,
    t.campaigns.startDate,
    t.campaigns.endDate,
  ],
  listIncludes: [t.campaigns.status, t.campaigns.budgetMinor],
  // Newest first (issue 28): a campaign just made is on the first page, not the last.
  defaultSort: [{ column: t.campaigns.createdAt, desc: true }],
  counts: {
    table: t.campaignCounts,
    groupField: 'status',
    groupColumn: t.campaignCounts.status,
    count: t.campaignCounts.count,
  },
  serialize: (r): Campaign => ({
    id: r.id,
    accountId: r.accountId,
    customerId: r.customerId,
    objectiveId: r.objectiveId,
    name: r.name,
    status: r.status as Campaign['status'],
    startDate: r.startDate,
    endDate: r.endDate,
    budgetMinor: r.budgetMinor,
    currency: r.currency,
    platforms: r.platforms,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
  }),
  write: {
    create: CampaignInputSchema,
    update: CampaignUpdateSchema,
    references: { customerId: 'customers', objectiveId: 'objectives', platforms: 'platforms' },
    dateRanges: [['startDate', 'endDate']],
    // The lifecycle chart says which fields may change in the campaign's status (409 otherwise).
    beforeUpdate: async (tx, row, changes) => {
      assertEditAllowed(row.status, Object.keys(changes) as CampaignField[]);
      assertBookkeepingWhileLive(row.status, Object.keys(changes) as CampaignField[]);
      // Any change is a new version of the plan: a wizard open on the old one is told (409) when it saves.
      // A new total voids the planner's over-budget confirmation, given for the old one.
      const newTotal = 'budgetMinor' in changes && changes.budgetMinor !== row.budgetMinor;
      await tx
        .update(t.campaigns)
        .set({
          version: sql`${t.campaigns.version} + 1`,
          ...(newTotal ? { overBudgetConfirmedAt: null } : {}),
        })
        .where(eq(t.campaigns.id, row.id));
    },
    // A campaign that reached an ad platform must be deleted there too: only the delete job may remove it.
    stepUp: {
      action: STEP_UP_ACTIONS.deleteCampaign,
      target: (row) => campaignTarget(STEP_UP_ACTIONS.deleteCampaign, row),
    },
    beforeDelete: async (tx, row) => {
      assertActionAllowed(row.status, 'delete');
      const launched = await tx
        .select({ key: t.campaignPlatforms.platformKey })
        .from(t.campaignPlatforms)
        .where(eq(t.campaignPlatforms.campaignId, row.id))
        .limit(1);
      if (launched.length > 0 || row.status !== 'draft') {
        const message =
          'This campaign has ad campaigns on its platforms. Delete it with POST /data/campaigns/delete so they are removed too.';
        throw new HttpError(409, message, { errorCode: 'CAMPAIGN_ON_PLATFORMS', businessError: { message } });
      }
      // Its bookings are released first: the row's delete unlinks them (campaign_id set null).
      await cancelCampaignBookings(tx, row.id);
    },
  },
});

const customers = defineResource({
  name: 'customers',
  label: 'Customer',
  table: t.customers,
  scope: 'account',
  primaryKey: t.customers.id,
  idType: 'uuid',
  fields: {
    id: uuidField(t.customers.id),
    name: textField(t.customers.name, { search: true }),
    createdAt: timestampField(t.customers.createdAt),
    updatedAt: timestampField(t.customers.updatedAt),
  },
  defaultSort: [{ column: t.customers.createdAt }],
  serialize: (r): Customer => ({
    id: r.id,
    accountId: r.accountId,
    name: r.name,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
  }),
  write: {
    create: CustomerInputSchema,
    update: CustomerUpdateSchema,
    stepUp: { action: STEP_UP_ACTIONS.deleteCustomer, target: customerTarget },
  },
});

const bookings = defineResource({
  name: 'bookings',
  label: 'Booking',
  table: t.bookings,
  scope: 'account',
  primaryKey: t.bookings.id,
  idType: 'uuid',
  fields: {
    id: uuidField(t.bookings.id),
    campaignId: uuidField(t.bookings.campaignId),
    platformKey: textField(t.bookings.platformKey, { values: PLATFORM_KEYS }),
    name: textField(t.bookings.name, { search: true }),
    status: textField(t.bookings.status, { values: BOOKING_STATUSES }),
    startDate: dateField(t.bookings.startDate),
    endDate: dateField(t.bookings.endDate),
    amountMinor: intField(t.bookings.amountMinor),
    currency: textField(t.bookings.currency, { values: CURRENCIES }),
    createdAt: timestampField(t.bookings.createdAt),
    updatedAt: timestampField(t.bookings.updatedAt),
  },
  defaultSort: [{ column: t.bookings.startDate }],
  serialize: (r): Booking => ({
    id: r.id,
    accountId: r.accountId,
    campaignId: r.campaignId,
    platformKey: r.platformKey,
    name: r.name,
    status: r.status as Booking['status'],
    startDate: r.startDate,
    endDate: r.endDate,
    amountMinor: r.amountMinor,
    currency: r.currency,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
  }),
  // Bookings are a plan's flights as line items: the schedule step creates, changes and cancels them.
  readOnlyMessage: BOOKINGS_COME_FROM_PLANS,
});

const budgets = defineResource({
  name: 'budgets',
  label: 'Budget',
  table: t.budgets,
  scope: 'account',
  primaryKey: t.budgets.id,
  idType: 'uuid',
  fields: {
    id: uuidField(t.budgets.id),
    customerId: uuidField(t.budgets.customerId),
    name: textField(t.budgets.name, { search: true }),
    periodStart: dateField(t.budgets.periodStart),
    periodEnd: dateField(t.budgets.periodEnd),
    amountMinor: intField(t.budgets.amountMinor),
    currency: textField(t.budgets.currency, { values: CURRENCIES }),
    createdAt: timestampField(t.budgets.createdAt),
    updatedAt: timestampField(t.budgets.updatedAt),
  },
  defaultSort: [{ column: t.budgets.periodStart }],
  serialize: (r): Budget => ({
    id: r.id,
    accountId: r.accountId,
    customerId: r.customerId,
    name: r.name,
    periodStart: r.periodStart,
    periodEnd: r.periodEnd,
    amountMinor: r.amountMinor,
    currency: r.currency,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
  }),
  write: {
    create: BudgetInputSchema,
    update: BudgetUpdateSchema,
    references: { customerId: 'customers' },
    dateRanges: [['periodStart', 'periodEnd']],
    // Plans draw on a budget of their own customer, in its currency: while any do, those stay.
    beforeUpdate: async (tx, row, changes) => {
      const moved = (['customerId', 'currency'] as const).filter(
        (field) => field in changes && changes[field] !== row[field],
      );
      if (moved.length === 0) return;
      const [drawing] = await tx
        .select({ id: t.campaigns.id })
        .from(t.campaigns)
        .where(eq(t.campaigns.budgetId, row.id))
        .limit(1);
      if (!drawing) return;
      const what = moved.map((field) => (field === 'customerId' ? 'customer' : 'currency')).join(' and ');
      const message = `Campaigns draw on this budget: its ${what} cannot change until they draw on another budget.`;
      throw new HttpError(409, message, { errorCode: 'BUDGET_IN_USE', businessError: { message } });
    },
  },
});

const accounts = defineResource({
  name: 'accounts',
  label: 'Account',
  table: t.accounts,
  scope: 'organization',
  primaryKey: t.accounts.id,
  idType: 'uuid',
  fields: {
    id: uuidField(t.accounts.id),
    name: textField(t.accounts.name, { search: true }),
    tenantId: textField(t.accounts.tenantId),
    createdAt: timestampField(t.accounts.createdAt),
  },
  defaultSort: [{ column: t.accounts.createdAt }],
  serialize: serializeAccount,
  write: { create: AccountInputSchema, update: AccountUpdateSchema },
});

const organizations = defineResource({
  name: 'organizations',
  label: 'Organization',
  table: t.organizations,
  scope: 'membership',
  primaryKey: t.organizations.id,
  idType: 'uuid',
  fields: {
    id: uuidField(t.organizations.id),
    name: textField(t.organizations.name, { search: true }),
    tenantId: textField(t.organizations.tenantId),
    planCode: textField(t.organizations.planCode),
    whiteLabelIsEnabled: booleanField(t.organizations.whiteLabelIsEnabled),
    createdAt: timestampField(t.organizations.createdAt),
  },
  defaultSort: [{ column: t.organizations.createdAt }],
  // The generic data API lists the stored record (its `tnt_…` id, filterable); the session's payloads
  // (/api/auth/user, /api/organization) report the step-up provider's tenant instead (serializeOrganization).
  serialize: (row) => serializeOrganization(row, row.tenantId),
  write: {
    create: OrganizationInputSchema,
    update: OrganizationUpdateSchema,
    // A new organization gets its creator as owner, and nothing else (no account, no session switch).
    insert: async (tx, scope, values) => {
      const [organization] = await tx
        .insert(t.organizations)
        .values({ name: values.name as string })
        .returning();
      await tx
        .insert(t.memberships)
        .values({ userId: scope.userId, organizationId: organization!.id, role: 'owner' });
      return organization!;
    },
    noDelete: 'Organizations cannot be deleted through the data API',
  },
});

const objectives = defineResource({
  name: 'objectives',
  label: 'Objective',
  table: t.objectives,
  scope: 'global',
  primaryKey: t.objectives.id,
  idType: 'int',
  fields: {
    id: intField(t.objectives.id),
    label: textField(t.objectives.label, { search: true }),
    icon: textField(t.objectives.icon),
  },
  defaultSort: [{ column: t.objectives.position }],
  serialize: (r): Objective => ({ id: r.id, label: r.label, icon: r.icon }),
  readOnlyMessage: 'Objectives are read-only reference data',
});

const platforms = defineResource({
  name: 'platforms',
  label: 'Platform',
  table: t.platforms,
  scope: 'global',
  primaryKey: t.platforms.key,
  idType: 'text',
  fields: {
    id: textField(t.platforms.key, { sort: false }),
    key: textField(t.platforms.key, { search: true }),
    displayName: textField(t.platforms.displayName, { search: true }),
  },
  defaultSort: [{ column: t.platforms.position }],
  serialize: (r): Platform => ({ key: r.key, displayName: r.displayName }),
  readOnlyMessage: 'Platforms are read-only reference data',
});

export const RESOURCES: Record<ResourceName, ResourceDef> = {
  accounts,
  organizations,
  customers,
  campaigns,
  bookings,
  budgets,
  objectives,
  platforms,
};

export function resourceNamed(name: string): ResourceDef | undefined {
  return Object.hasOwn(RESOURCES, name) ? RESOURCES[name as ResourceName] : undefined;
}
