import * as v from 'valibot';
import { BOOKING_STATUSES, CAMPAIGN_STATUSES } from '../reference';

/**
 * `GET /api/budgets/{id}/drawdown`: what is drawn on a customer's budget, for /budgets/{id}. Committed =
 * the bookings of the campaigns assigned to it that are not cancelled (tentative, confirmed, completed).
 */
export const BudgetDrawdownSchema = v.object({
  budget: v.object({
    id: v.string(),
    name: v.string(),
    customerId: v.nullable(v.string()),
    periodStart: v.string(),
    periodEnd: v.string(),
    amountMinor: v.number(),
    currency: v.string(),
  }),
  committedMinor: v.number(),
  /** amount − committed; negative = over. */
  remainingMinor: v.number(),
  campaigns: v.array(
    v.object({
      id: v.string(),
      name: v.string(),
      status: v.picklist(CAMPAIGN_STATUSES),
      /** The campaign's total budget (what its plan takes). */
      planMinor: v.number(),
      /** Its bookings on this budget that are not cancelled. */
      committedMinor: v.number(),
      overBudgetConfirmedAt: v.nullable(v.string()),
    }),
  ),
  bookings: v.array(
    v.object({
      id: v.string(),
      name: v.string(),
      campaignId: v.nullable(v.string()),
      platformKey: v.string(),
      status: v.picklist(BOOKING_STATUSES),
      startDate: v.string(),
      endDate: v.string(),
      amountMinor: v.number(),
    }),
  ),
});
export type BudgetDrawdown = v.InferOutput<typeof BudgetDrawdownSchema>;
