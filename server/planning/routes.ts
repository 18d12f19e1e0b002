import { type Context, Hono } from 'hono';
import type * as v from 'valibot';
import { CreativeStepSchema } from '../../contract/creative';
import {
  AudienceStepSchema,
  BudgetChoiceSchema,
  OverviewStepSchema,
  PlatformsStepSchema,
  ScheduleStepSchema,
} from '../../contract/planning';
import { requireAccount } from '../auth/sessions';
import { scopeOfSession } from '../data/scope';
import type { AppEnv } from '../http/env';
import { firstIssueMessage, parseWith, readJsonObject } from '../http/errors';
import { answerOtherMethods, unsupportedMethod } from '../http/methodNotAllowed';
import type { ConnectorRegistry } from '../platforms/connector';
import { knownInterestsOf } from './connectorRoutes';
import { saveCreative } from './creative';
import { drawdownOf } from './drawdown';
import { preflightOf } from './preflight';
import type { RulesSource } from './rules';
import { type PlanningContext, readPlan } from './save';
import { saveAudience, saveBudget, saveOverview, savePlatforms, saveSchedule } from './steps';

/**
 * The media plan's calls (docs/planning.md): the plan of a campaign, the step saves, and a budget's
 * drawdown. Scoped to the session's current account; a missing, malformed or foreign id answers 404
 * like the campaign routes.
 */
export function createPlanningRoutes({
  rules,
  connectors,
  today,
}: {
  rules: RulesSource;
  connectors: ConnectorRegistry;
  today?: () => string;
}): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  const context = async (c: Context<AppEnv>, withRules: boolean): Promise<PlanningContext> => ({
    db: c.get('db'),
    scope: scopeOfSession(requireAccount(c)),
    rules: withRules ? await rules() : {},
    today: today?.(),
    knownInterests: (platform, ids) => knownInterestsOf(connectors, platform, ids, c.req.raw.signal),
  });

  /**
   * One path, two answers: the browser's page load (Accept: text/html) gets the app, a fetch asking for
   * JSON gets the plan. Caches must keep them apart (Vary).
   */
  routes.get('/planning/wizard/:id', async (c, next) => {
    c.header('Vary', 'Accept');
    if (!wantsJson(c.req.header('accept'))) return next();
    const ctx = await context(c, false);
    return c.json(await readPlan(ctx, c.req.param('id')));
  });

  /** The platforms' validate-only answers to the plan as it would launch now (the review's checks). */
  routes.get('/planning/wizard/:id/preflight', async (c) => {
    const ctx = await context(c, false);
    const plan = await readPlan(ctx, c.req.param('id'));
    const { campaign } = plan;
    return c.json(
      await preflightOf(ctx.db, connectors, { ...campaign, platforms: plan.platforms }, c.req.raw.signal),
    );
  });

  const step = <S extends v.GenericSchema>(
    schema: S,
    run: (ctx: PlanningContext, id: string, body: v.InferOutput<S>) => Promise<unknown>,
    withRules = true,
  ) =>
    async function handler(c: Context<AppEnv>) {
      requireAccount(c);
      const body = parseWith(schema, await readJsonObject(c), firstIssueMessage);
      const ctx = await context(c, withRules);
      return c.json(await run(ctx, c.req.param('id') ?? '', body));
    };

  routes.put('/planning/wizard/:id/overview', step(OverviewStepSchema, saveOverview));
  routes.put('/planning/wizard/:id/platforms', step(PlatformsStepSchema, savePlatforms));
  routes.put('/planning/wizard/:id/audience', step(AudienceStepSchema, saveAudience));
  routes.put('/planning/wizard/:id/schedule', step(ScheduleStepSchema, saveSchedule));
  routes.put('/planning/wizard/:id/creative', step(CreativeStepSchema, saveCreative));
  routes.put('/planning/wizard/:id/budget', step(BudgetChoiceSchema, saveBudget, false));

  routes.get('/api/budgets/:id/drawdown', async (c) => {
    const scope = scopeOfSession(requireAccount(c));
    return c.json(await drawdownOf(c.get('db'), scope, c.req.param('id')));
  });

  for (const name of ['overview', 'platforms', 'audience', 'schedule', 'creative', 'budget']) {
    routes.all(`/planning/wizard/:id/${name}`, (c, next) => {
      // POST .../overview of `new` and the launch (POST .../review) are the campaign routes'.
      if (c.req.method === 'POST' && c.req.param('id') === 'new') return next();
      throw unsupportedMethod(c, 'PUT');
    });
  }
  answerOtherMethods(routes, { '/api/budgets/:id/drawdown': 'GET' });
  return routes;
}

/** JSON when the caller asks for it and is not a page load (browsers send text/html first). */
export function wantsJson(accept: string | undefined): boolean {
  const value = (accept ?? '').toLowerCase();
  return value.includes('application/json') && !value.includes('text/html');
}
