import { type BillingState, billingState, ChangePlanRequestSchema } from '@contract/billing';
import { Hono } from 'hono';
import { currentOrganization } from '../auth/currentOrganization';
import type { AppEnv } from '../http/env';
import { parseWith, readJsonObject } from '../http/errors';
import { allow } from '../http/policy';
import type { BillingAdapterFactory } from './adapter';

/** GET /api/billing and POST /api/billing/plan, for the session's current organization only. */
export function createBillingRoutes({ billing }: { billing: BillingAdapterFactory }): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/api/billing', allow('billing.read'), async (c) => {
    const { organization } = await currentOrganization(c);
    c.header('Cache-Control', 'no-store');
    return c.json<BillingState>(billingState(organization));
  });

  routes.post('/api/billing/plan', allow('billing.manage'), async (c) => {
    const { session, organization } = await currentOrganization(c);
    const { planCode } = parseWith(ChangePlanRequestSchema, await readJsonObject(c));
    if (organization.planCode === planCode) return c.json<BillingState>(billingState(organization));
    const result = await billing({ db: c.get('db') }).changePlan({
      organizationId: organization.id,
      planCode,
      userId: session.userId,
    });
    const { organization: updated } = await currentOrganization(c);
    const state = billingState(updated);
    return c.json<BillingState>(result.status === 'redirect' ? { ...state, checkoutUrl: result.url } : state);
  });

  return routes;
}
