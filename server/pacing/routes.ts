import { PacingSettingsUpdateSchema } from '@contract/pacing';
import { addDays, todayUtc } from '@contract/planning/calendar';
import { type Context, Hono } from 'hono';
import { requireAccount } from '../auth/sessions';
import { scopeOfSession } from '../data/scope';
import type { AppEnv } from '../http/env';
import { HttpError, parseWith, readJsonObject } from '../http/errors';
import { answerOtherMethods } from '../http/methodNotAllowed';
import { allow } from '../http/policy';
import { budgetPacingOf } from './budgetPacing';
import { campaignDeliveryOf } from './campaignDelivery';
import { dashboardSpendOf } from './dashboardSpend';
import { pacingSettingsOf, savePacingSettings } from './settings';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The day pacing is computed for: today (UTC), or `asOf` (YYYY-MM-DD) to see it as it stood on another
 * day, which is also how tests and a demo with a moved sandbox clock pin it.
 */
function dayOf(c: Context<AppEnv>, today: () => string): string {
  const asOf = c.req.query('asOf');
  if (asOf === undefined) return today();
  const valid = DAY.test(asOf) && !Number.isNaN(Date.parse(`${asOf}T00:00:00Z`)) && addDays(asOf, 0) === asOf;
  if (!valid)
    throw new HttpError(400, `asOf must be a date (YYYY-MM-DD), not "${asOf}"`, {
      validationErrors: { asOf: { message: 'Use a date such as 2026-06-15' } },
    });
  return asOf;
}

/** Budget pacing, a campaign's delivery, the dashboard's spend and the pacing alert thresholds (docs/pacing.md). */
export function createPacingRoutes({
  today = () => todayUtc(),
}: {
  today?: () => string;
} = {}): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const scopeOf = (c: Context<AppEnv>) => scopeOfSession(requireAccount(c));

  routes.get('/api/budgets/:id/pacing', allow('budgets.read'), async (c) =>
    c.json(await budgetPacingOf(c.get('db'), scopeOf(c), c.req.param('id'), dayOf(c, today))),
  );
  routes.get('/api/campaigns/:id/delivery', allow('delivery.read'), async (c) =>
    c.json(await campaignDeliveryOf(c.get('db'), scopeOf(c), c.req.param('id'), dayOf(c, today))),
  );
  routes.get('/api/dashboard/spend', allow('reports.read'), async (c) =>
    c.json(await dashboardSpendOf(c.get('db'), scopeOf(c), dayOf(c, today))),
  );
  // The account's pacing alert thresholds (issue 28): everyone reads them, planners change them.
  routes.get('/api/pacing/settings', allow('delivery.read'), async (c) =>
    c.json(await pacingSettingsOf(c.get('db'), requireAccount(c).accountId)),
  );
  routes.put('/api/pacing/settings', allow('pacing.manage'), async (c) => {
    const session = requireAccount(c);
    const body = parseWith(PacingSettingsUpdateSchema, await readJsonObject(c));
    return c.json(await savePacingSettings(c.get('db'), session, body));
  });
  answerOtherMethods(routes, {
    '/api/pacing/settings': 'GET, PUT',
    '/api/budgets/:id/pacing': 'GET',
    '/api/campaigns/:id/delivery': 'GET',
    '/api/dashboard/spend': 'GET',
  });
  return routes;
}
