/**
 * Types of the billing pages' chart (`planChange`): the billing summary it loads (GET /api/billing), the
 * plan change it sends (POST /api/billing/plan) and what it tells the app afterwards.
 */

export interface BillingPlan {
  code: string;
  name: string;
  hasWhiteLabelFeature: boolean;
  monthlyPriceMinor: number;
  current: boolean;
}

export interface BillingTrial {
  /** Length of the trial (7). */
  days: number;
  /** 7 minus the days since the organization was created, at least 0. */
  daysLeft: number;
  /** ISO timestamp of the end of the trial. */
  endsAt: string;
}

/** GET /api/billing, as far as the chart needs it. */
export interface BillingSummary {
  planCode: string;
  plans: readonly BillingPlan[];
  trial: BillingTrial | null;
  /** Set when the billing provider needs the person at its hosted checkout; the plan is unchanged until then. */
  checkoutUrl?: string;
}

export interface BillingNotice {
  kind: 'success' | 'error';
  message: string;
}

export interface PlanChangeContext {
  billing: BillingSummary | null;
  /** Why the summary could not be loaded. */
  loadError: string | null;
  /** The plan being confirmed or changed to. */
  pendingPlanCode: string | null;
  /** The outcome of the last change, shown above the plans until dismissed. */
  notice: BillingNotice | null;
}

export type PlanChangeEvent =
  /** A plan card's “Choose <plan>” button. */
  | { type: 'plan.choose'; planCode: string }
  /** “Switch to <plan>” in the confirmation shown before losing white-labelling. */
  | { type: 'plan.confirm' }
  | { type: 'plan.cancel' }
  | { type: 'notice.dismiss' }
  | { type: 'retry' };

/** Emitted once the organization's plan changed: the session (trial banner, overlay, theme) must refresh. */
export type PlanChangeEmitted =
  | { type: 'plan.changed'; planCode: string }
  /** The view sends the browser to the provider's checkout page. */
  | { type: 'checkout.open'; url: string };
