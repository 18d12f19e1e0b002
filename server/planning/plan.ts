import {
  type Allocation,
  type Audience,
  type BidStrategy,
  type Gender,
  type InterestNames,
  type Pacing,
  type Plan,
  type PlanFlight,
  type SplitMode,
  STEP_FIELDS,
  WIZARD_STEPS,
  type WizardStep,
} from '@contract/planning';
import {
  type CampaignField,
  type CampaignStatus,
  editableCampaignFields,
  editRefusalOf,
  LIVE_STATUSES,
} from '@machines/campaignLifecycle';
import { asc, eq, inArray } from 'drizzle-orm';
import type { CampaignRow } from '../db/rows';
import { bookings, campaignAllocations, campaignAudiences, campaignFlights } from '../db/schema';
import type { TxDatabase } from '../db/transaction';
import { loadAds } from './ads';
import { budgetFitOf, budgetOptions } from './budgets';

/** The fields a step writes, as the lifecycle chart names them. */
export const fieldsOf = (step: WizardStep): readonly CampaignField[] => STEP_FIELDS[step];

/**
 * Whether the campaign's status lets the step change. The overview counts as editable while its
 * bookkeeping fields (name, customer) are; a save then may change only those (routes check each field).
 */
export function isStepEditable(status: CampaignStatus, step: WizardStep): boolean {
  const editable = editableCampaignFields(status);
  if (step === 'overview') return editable.includes('name');
  // A live campaign's schedule changes its flights and end date; its start date stays (issue 28).
  if (step === 'schedule') return editable.includes('flights');
  return fieldsOf(step).every((field) => editable.includes(field));
}

/** Why some steps cannot change in this status (the chart's own words), null when all can. */
function lockReasonOf(status: CampaignStatus): string | null {
  if (LIVE_STATUSES.includes(status))
    return `This campaign is ${status}: its objective, currency, start date and budget stay as launched. Change its amounts, flights, end date, audience or ads; the review shows the change against what runs, and Apply changes sends it.`;
  const editable = editableCampaignFields(status);
  const locked = WIZARD_STEPS.flatMap((step) => fieldsOf(step)).filter((f) => !editable.includes(f));
  if (locked.length === 0) return null;
  return editRefusalOf(status, locked)?.message ?? null;
}

export async function loadAllocations(db: TxDatabase, campaignId: string) {
  const rows = await db
    .select()
    .from(campaignAllocations)
    .where(eq(campaignAllocations.campaignId, campaignId))
    .orderBy(asc(campaignAllocations.position));
  const allocations: Record<string, Allocation> = {};
  for (const row of rows) {
    allocations[row.platformKey] = {
      amountMinor: row.amountMinor,
      bidStrategy: row.bidStrategy as BidStrategy,
      costCapMinor: row.costCapMinor,
    };
  }
  return allocations;
}

export async function loadAudience(db: TxDatabase, campaignId: string): Promise<Audience | null> {
  const [row] = await db.select().from(campaignAudiences).where(eq(campaignAudiences.campaignId, campaignId));
  if (!row) return null;
  return {
    locations: row.locations,
    ageMin: row.ageMin,
    ageMax: row.ageMax,
    genders: row.genders as Gender[],
    languages: row.languages,
    interests: row.interests,
  };
}

/** The names of the audience's chosen interests (platform → id → name), as saved with them. */
export async function loadInterestNames(db: TxDatabase, campaignId: string): Promise<InterestNames> {
  const [row] = await db
    .select({ interests: campaignAudiences.interests, names: campaignAudiences.interestNames })
    .from(campaignAudiences)
    .where(eq(campaignAudiences.campaignId, campaignId));
  if (!row) return {};
  const names: InterestNames = {};
  for (const [platform, ids] of Object.entries(row.interests)) {
    const named = ids.filter((id) => row.names[platform]?.[id]);
    if (named.length > 0)
      names[platform] = Object.fromEntries(named.map((id) => [id, row.names[platform]![id]!]));
  }
  return names;
}

export async function loadFlights(db: TxDatabase, campaignId: string): Promise<PlanFlight[]> {
  const rows = await db
    .select()
    .from(campaignFlights)
    .where(eq(campaignFlights.campaignId, campaignId))
    .orderBy(asc(campaignFlights.position));
  const ids = rows.map((row) => row.id);
  const booked =
    ids.length === 0
      ? []
      : await db
          .select({ id: bookings.id, flightId: bookings.flightId, status: bookings.status })
          .from(bookings)
          .where(inArray(bookings.flightId, ids));
  return rows.map((row) => {
    const booking = booked.find((b) => b.flightId === row.id);
    return {
      id: row.id,
      platform: row.platformKey,
      startDate: row.startDate,
      endDate: row.endDate,
      amountMinor: row.amountMinor,
      pacing: row.pacing as Pacing,
      bookingId: booking?.id ?? null,
      bookingStatus: (booking?.status as PlanFlight['bookingStatus']) ?? null,
    };
  });
}

/** The whole plan of a campaign row, as `GET /planning/wizard/{id}` and every save answer it. */
export async function planOf(db: TxDatabase, campaign: CampaignRow): Promise<Plan> {
  const status = campaign.status as CampaignStatus;
  return {
    campaign: {
      id: campaign.id,
      name: campaign.name,
      objectiveId: campaign.objectiveId,
      customerId: campaign.customerId,
      currency: campaign.currency,
      status,
      version: campaign.version,
      budgetMinor: campaign.budgetMinor,
      splitMode: campaign.splitMode as SplitMode,
      startDate: campaign.startDate,
      endDate: campaign.endDate,
      updatedAt: campaign.updatedAt.toISOString(),
    },
    platforms: campaign.platforms,
    allocations: await loadAllocations(db, campaign.id),
    audience: await loadAudience(db, campaign.id),
    interestNames: await loadInterestNames(db, campaign.id),
    flights: await loadFlights(db, campaign.id),
    ...(await loadAds(db, campaign.id)),
    budgetFit: await budgetFitOf(db, campaign),
    budgetOptions: await budgetOptions(db, campaign),
    editableSteps: WIZARD_STEPS.filter((step) => isStepEditable(status, step)),
    lockReason: lockReasonOf(status),
  };
}
