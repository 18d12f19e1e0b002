import { and } from 'drizzle-orm';
import { syncBookings } from '../campaignRules/bookings';
import type { ScopeContext } from '../data/define';
import { RESOURCES } from '../data/resources';
import { scopeCondition, scopeValues } from '../data/scope';
import type { Database } from '../db/connect';
import { campaignAllocations, campaignAudiences, campaignFlights, campaigns, customers } from '../db/schema';
import { inTransaction, type TxDatabase } from '../db/transaction';
import type { DraftPlan } from './importAnalysis';

/** The account's customers, to match the document's advertiser by name. */
export const customersOf = (db: Database, scope: ScopeContext) =>
  db
    .select({ id: customers.id, name: customers.name })
    .from(customers)
    .where(and(scopeCondition(RESOURCES.customers, scope)));

/**
 * The draft campaign of an import, in one transaction: the campaign (its budget the sum of the flights),
 * one allocation per platform (the sum of its flights), the flights with their tentative bookings as a
 * schedule save makes them, and the audience when the document had one we can plan. `afterSave` runs in
 * the same transaction with the new campaign's id (the import's provenance goes to the change log there).
 * All or nothing.
 */
export function saveDraft(
  db: Database,
  scope: ScopeContext,
  draft: DraftPlan,
  afterSave?: (tx: TxDatabase, campaignId: string) => Promise<void>,
): Promise<string> {
  return inTransaction(db, async (tx) => {
    const [campaign] = await tx
      .insert(campaigns)
      .values({
        ...(scopeValues(RESOURCES.campaigns, scope) as { organizationId: string; accountId: string }),
        name: draft.name,
        objectiveId: draft.objectiveId,
        customerId: draft.customerId,
        currency: draft.currency,
        status: 'draft',
        startDate: draft.startDate,
        endDate: draft.endDate,
        budgetMinor: draft.budgetMinor,
        platforms: draft.platforms,
        splitMode: 'amount',
      })
      .returning();
    const row = campaign!;
    await tx.insert(campaignAllocations).values(
      draft.platforms.map((platformKey, position) => ({
        campaignId: row.id,
        platformKey,
        position,
        amountMinor: draft.allocations[platformKey]!,
        bidStrategy: 'lowest_cost',
        costCapMinor: null,
      })),
    );
    const flights = await tx
      .insert(campaignFlights)
      .values(
        draft.flights.map((flight, position) => ({
          campaignId: row.id,
          position,
          platformKey: flight.platform,
          startDate: flight.startDate,
          endDate: flight.endDate,
          amountMinor: flight.amountMinor,
          pacing: flight.pacing,
        })),
      )
      .returning();
    flights.sort((a, b) => a.position - b.position);
    await syncBookings(tx, row, flights);
    if (draft.audience)
      await tx
        .insert(campaignAudiences)
        .values({ campaignId: row.id, ...draft.audience, interestNames: draft.interestNames });
    if (afterSave) await afterSave(tx, row.id);
    return row.id;
  });
}
