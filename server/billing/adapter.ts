import type { PaidPlanCode } from '@contract/plans';
import type { Database } from '../db/connect';
import { localBillingAdapter } from './localAdapter';

export interface PlanChangeRequest {
  organizationId: string;
  planCode: PaidPlanCode;
  /** The signed-in user asking for the change. */
  userId: string;
}

/** `active`: the plan has changed. `redirect`: send the user to the provider's checkout at `url` first. */
export type PlanChangeResult = { status: 'active' } | { status: 'redirect'; url: string };

/**
 * How plans are paid for. The `local` adapter records the change at once (no payment); a payment
 * provider's adapter returns a checkout redirect and records the change from its webhook with
 * `recordPlanChange` (see docs/billing.md, "Billing providers").
 */
export interface BillingAdapter {
  readonly name: string;
  changePlan(request: PlanChangeRequest): Promise<PlanChangeResult>;
}

/** Builds an adapter for one request's database handle (adapters hold no per-request state). */
export type BillingAdapterFactory = (deps: { db: Database }) => BillingAdapter;

export const BILLING_PROVIDERS: Record<string, BillingAdapterFactory> = {
  local: localBillingAdapter,
};

/** The adapter named by BILLING_PROVIDER (`config.billingProvider`); an unknown name stops the server at start. */
export function billingAdapterNamed(name: string): BillingAdapterFactory {
  const factory = Object.hasOwn(BILLING_PROVIDERS, name) ? BILLING_PROVIDERS[name] : undefined;
  if (!factory) {
    throw new Error(
      `BILLING_PROVIDER must be one of ${Object.keys(BILLING_PROVIDERS).join(', ')}; got "${name}"`,
    );
  }
  return factory;
}
