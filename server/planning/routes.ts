import { LaunchCampaignBodySchema } from '@contract/campaigns';
import { CreativeStepSchema } from '@contract/creative';
import {
  ApplyChangeBodySchema,
  AudienceStepSchema,
  BudgetChoiceSchema,
  NewOverviewStepSchema,
  OverviewStepSchema,
  PlatformsStepSchema,
  ScheduleStepSchema,
  unknownFieldsOf,
} from '@contract/planning';
import { STEP_UP_ACTIONS } from '@contract/stepUp';
import { type Context, Hono } from 'hono';
import type * as v from 'valibot';
import { requireAccount, stepUpFor } from '../auth/sessions';
import type { CampaignJobSender } from '../campaigns/jobSender';
import { loadPlatformRows } from '../campaigns/platformRows';
import { type LaunchGate, requestLaunch } from '../campaigns/store';
import type { ConnectionAccess } from '../connections/access';
import { scopeOfSession } from '../data/scope';
import type { AppEnv } from '../http/env';
import { firstIssueMessage, HttpError, parseWith, readJsonObject } from '../http/errors';
import { answerOtherMethods, unsupportedMethod } from '../http/methodNotAllowed';
import { allow } from '../http/policy';
import type { ConnectorRegistry } from '../platforms/connector';
import { planChangeOf, requestApply } from './apply';
import { knownInterestsOf } from './connectorRoutes';
import { saveCreative } from './creative';
import { drawdownOf } from './drawdown';
import { launchGate, launchReadiness } from './launchGate';
import { isLive, RUNNING_PLACEMENTS, recordLaunchedPlan } from './live';
import { preflightOf } from './preflight';
import type { RulesSource } from './rules';
import { type PlanningContext, readPlan } from './save';
import { createPlan, saveAudience, saveBudget, saveOverview, savePlatforms, saveSchedule } from './steps';

/**
 * The media plan's calls (docs/planning.md): the wizard's whole URL space (its first save, the plan of a
 * campaign, the step saves, the review's checks and its launch) and a budget's drawdown. Scoped to the
 * session's current account; a missing, malformed or foreign id answers 404 like the campaign routes.
 * `jobs`: where the launch goes. `signOff`: the organization's sign-off rule on a launch (server/revisions,
 * above this layer), run after the plan's own gate.
 */
/** The most campaigns one readiness call asks about (a list page's). */
const MAX_READINESS_IDS = 100;

export function createPlanningRoutes({
  rules,
  connectors,
  jobs,
  today,
  signOff,
  connections,
}: {
  signOff?: LaunchGate;
  /** The account's access to a platform, for the pre-flight's validate-only calls (`connectionAccess`). */
  connections?: ConnectionAccess;
  rules: RulesSource;
  connectors: ConnectorRegistry;
  jobs: CampaignJobSender;
  today?: () => string;
}): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  /**
   * The wizard's first save: a new draft with its overview (name, objective, customer, currency), 201 with
   * the plan. Platforms, audience and schedule follow with PUT /planning/wizard/{id}/{step}.
   */
  routes.post('/planning/wizard/new/overview', allow('campaigns.plan'), async (c) => {
    const scope = scopeOfSession(requireAccount(c));
    const raw = await readJsonObject(c);
    // The first save is the overview only: platforms, dates or a budget sent with it would be lost silently.
    const unknown = unknownFieldsOf(raw, NewOverviewStepSchema.entries);
    if (unknown.length > 0) {
      const message = `The first save takes the overview only (name, objectiveId, customerId, currency): save ${unknown.join(', ')} with their steps`;
      throw new HttpError(400, message, {
        validationErrors: Object.fromEntries(unknown.map((key) => [key, { message }])),
      });
    }
    const body = parseWith(NewOverviewStepSchema, raw, firstIssueMessage);
    return c.json(await createPlan({ db: c.get('db'), scope, rules: {} }, body, raw), 201);
  });

  /**
   * Why the asked campaigns cannot launch now (the campaigns list's rows, the launch modal): the launch
   * gate's answer before anyone confirms, with the wizard step that fixes it.
   */
  routes.get('/data/campaigns/launch-readiness', allow('campaigns.read'), async (c) => {
    const scope = scopeOfSession(requireAccount(c));
    const ids = c.req.queries('campaignId') ?? [];
    if (ids.length === 0 || ids.length > MAX_READINESS_IDS) {
      const message = `Ask for 1 to ${MAX_READINESS_IDS} campaigns (campaignId=…&campaignId=…)`;
      throw new HttpError(400, message, { validationErrors: { campaignId: { message } } });
    }
    return c.json(await launchReadiness(c.get('db'), scope, ids, await rules(), today?.()));
  });

  /** The review step's Launch button. */
  routes.post('/planning/wizard/:id/review', allow('campaigns.launch'), async (c) => {
    const scope = scopeOfSession(requireAccount(c));
    const pathId = c.req.param('id');
    const body = parseWith(LaunchCampaignBodySchema, await readJsonObject(c), firstIssueMessage);
    if (body.campaignId !== undefined && body.campaignId.toLowerCase() !== pathId.toLowerCase()) {
      const message = 'campaignId must be the campaign in the path';
      throw new HttpError(400, message, { validationErrors: { campaignId: { message } } });
    }
    // The platforms' rules are asked before the campaign is locked: a slow connector holds no row.
    const planGate = launchGate(await rules());
    const gate: LaunchGate = async (tx, campaign) => {
      await planGate(tx, campaign);
      await signOff?.(tx, campaign);
      await recordLaunchedPlan(tx, campaign, scope.userId);
    };
    await requestLaunch(c.get('db'), jobs, scope, pathId, stepUpFor(c, STEP_UP_ACTIONS.launchCampaign), gate);
    return c.json({ success: true as const, status: 'launching' as const });
  });

  // Before the step saves: any other method on these two is a 405 naming POST (PUT .../new/overview too).
  answerOtherMethods(routes, {
    '/planning/wizard/new/overview': 'POST',
    '/planning/wizard/:id/review': 'POST',
    '/data/campaigns/launch-readiness': 'GET',
  });

  const context = async (c: Context<AppEnv>, withRules: boolean): Promise<PlanningContext> => {
    const scope = scopeOfSession(requireAccount(c));
    return {
      db: c.get('db'),
      scope,
      rules: withRules ? await rules() : {},
      today: today?.(),
      // With the account's connection: a real platform (Google's segments) answers for a connected ad account.
      knownInterests: (platform, ids) =>
        knownInterestsOf(connectors, platform, ids, c.req.raw.signal, {
          connections,
          accountId: scope.accountId,
        }),
    };
  };

  /**
   * One path, two answers: the browser's page load (Accept: text/html) gets the app, a fetch asking for
   * JSON gets the plan. Caches must keep them apart (Vary).
   */
  routes.get('/planning/wizard/:id', allow('campaigns.read'), async (c, next) => {
    c.header('Vary', 'Accept');
    if (!wantsJson(c.req.header('accept'))) return next();
    const ctx = await context(c, false);
    return c.json(await readPlan(ctx, c.req.param('id')));
  });

  /** The platforms' validate-only answers to the plan as it would launch now (the review's checks). */
  routes.get('/planning/wizard/:id/preflight', allow('campaigns.read'), async (c) => {
    const ctx = await context(c, false);
    const plan = await readPlan(ctx, c.req.param('id'));
    const { campaign } = plan;
    // A live campaign's review checks the change as an update of what each platform runs.
    const running = isLive(campaign.status)
      ? new Map(
          (await loadPlatformRows(ctx.db, campaign.id))
            .filter((row) => row.externalId && (RUNNING_PLACEMENTS as readonly string[]).includes(row.status))
            .map((row) => [row.platformKey, row.externalId!]),
        )
      : undefined;
    return c.json(
      await preflightOf(
        ctx.db,
        connectors,
        { ...campaign, platforms: plan.platforms },
        c.req.raw.signal,
        running,
        connections,
      ),
    );
  });

  /** A live campaign's change: what runs, the draft against it, and each platform's side (issue 28). */
  routes.get('/planning/wizard/:id/change', allow('campaigns.read'), async (c) => {
    const scope = scopeOfSession(requireAccount(c));
    return c.json(await planChangeOf(c.get('db'), scope, c.req.param('id')));
  });

  /**
   * Apply changes (issue 28): 403 CHALLENGE_REQUIRED without a verified token bound to the change's hash;
   * 202 when the update job is queued. The plan's own gate and the sign-off gate apply, as to a launch.
   */
  routes.post('/planning/wizard/:id/apply', allow('campaigns.launch'), async (c) => {
    const scope = scopeOfSession(requireAccount(c));
    const raw = await readJsonObject(c);
    const unknown = unknownFieldsOf(raw, ApplyChangeBodySchema.entries);
    if (unknown.length > 0) {
      const message = `Apply takes the reviewed change's hash only: remove ${unknown.join(', ')}`;
      throw new HttpError(400, message, {
        validationErrors: Object.fromEntries(unknown.map((key) => [key, { message }])),
      });
    }
    const body = parseWith(ApplyChangeBodySchema, raw, firstIssueMessage);
    const planGate = launchGate(await rules(), today?.());
    const gate: LaunchGate = async (tx, campaign) => {
      await planGate(tx, campaign);
      await signOff?.(tx, campaign);
    };
    const { hash } = await requestApply(
      c.get('db'),
      jobs,
      scope,
      c.req.param('id'),
      body.hash,
      stepUpFor(c, STEP_UP_ACTIONS.applyChange),
      gate,
    );
    return c.json({ status: 'applying' as const, hash }, 202);
  });
  answerOtherMethods(routes, {
    '/planning/wizard/:id/apply': 'POST',
    '/planning/wizard/:id/change': 'GET',
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

  routes.put(
    '/planning/wizard/:id/overview',
    allow('campaigns.plan'),
    step(OverviewStepSchema, saveOverview),
  );
  routes.put(
    '/planning/wizard/:id/platforms',
    allow('campaigns.plan'),
    step(PlatformsStepSchema, savePlatforms),
  );
  routes.put(
    '/planning/wizard/:id/audience',
    allow('campaigns.plan'),
    step(AudienceStepSchema, saveAudience),
  );
  routes.put(
    '/planning/wizard/:id/schedule',
    allow('campaigns.plan'),
    step(ScheduleStepSchema, saveSchedule),
  );
  routes.put(
    '/planning/wizard/:id/creative',
    allow('campaigns.plan'),
    step(CreativeStepSchema, saveCreative),
  );
  routes.put(
    '/planning/wizard/:id/budget',
    allow('campaigns.plan'),
    step(BudgetChoiceSchema, saveBudget, false),
  );

  routes.get('/api/budgets/:id/drawdown', allow('budgets.read'), async (c) => {
    const scope = scopeOfSession(requireAccount(c));
    return c.json(await drawdownOf(c.get('db'), scope, c.req.param('id')));
  });

  for (const name of ['overview', 'platforms', 'audience', 'schedule', 'creative', 'budget']) {
    routes.all(`/planning/wizard/:id/${name}`, (c, next) => {
      // POST .../overview of `new` is answered above.
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
