import { type Context, Hono } from 'hono';
import type * as v from 'valibot';
import {
  DeleteCampaignBodySchema,
  DeleteCustomerBodySchema,
  DuplicateCampaignBodySchema,
  LaunchCampaignBodySchema,
  PauseCampaignBodySchema,
  ResumeCampaignBodySchema,
} from '../../contract/campaigns';
import { NewOverviewStepSchema, type Plan } from '../../contract/planning';
import type { Campaign } from '../../contract/resources';
import { STEP_UP_ACTIONS } from '../../contract/stepUp';
import { requireAccount, stepUpFor } from '../auth/sessions';
import type { ScopeContext } from '../data/define';
import { scopeOfSession } from '../data/scope';
import { findScoped } from '../data/store';
import type { Database } from '../db/connect';
import type { AppEnv } from '../http/env';
import { firstIssueMessage, HttpError, parseWith, readJsonObject } from '../http/errors';
import { answerOtherMethods } from '../http/methodNotAllowed';
import type { CampaignJobSender } from './jobSender';
import {
  campaignNotFound,
  customerNotFound,
  deleteCustomer,
  detailOf,
  duplicate,
  type LaunchGate,
  platformStates,
  requestDelete,
  requestLaunch,
  requestToggle,
  summaryOf,
} from './store';

/**
 * Spec section 7's product calls, scoped to the session's current account: /data/campaigns/*,
 * /data/customers/*, POST /planning/wizard/*. Wire shapes: contract/campaigns.ts. A missing, malformed
 * or foreign id answers 404 with the modal's not-found message.
 */
/**
 * What the campaign routes take from planning, a layer above (server/app.ts wires server/planning/steps.ts's
 * `createPlan` and server/planning/launchGate.ts's gate over the platforms' current rules).
 */
export interface WizardSteps {
  /** The wizard's first save: a new draft with its overview, and its plan. */
  createPlan(
    ctx: { db: Database; scope: ScopeContext },
    body: v.InferOutput<typeof NewOverviewStepSchema>,
    raw: Record<string, unknown>,
  ): Promise<{ campaignId: string; plan: Plan }>;
  /** The launch gate over the platforms' rules, asked before the campaign is locked. */
  launchGate(): Promise<LaunchGate>;
}

export function createCampaignRoutes({
  jobs,
  wizard,
}: {
  jobs: CampaignJobSender;
  wizard: WizardSteps;
}): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/data/campaigns/get', async (c) => {
    const campaign = await scopedCampaign(c, queryId(c, 'campaignId'));
    return c.json(summaryOf(campaign));
  });

  routes.get('/data/campaigns/detail', async (c) => {
    const campaign = await scopedCampaign(c, queryId(c, 'campaignId'));
    return c.json(await detailOf(c.get('db'), campaign));
  });

  routes.get('/data/campaigns/:id/platforms', async (c) => {
    const campaign = await scopedCampaign(c, c.req.param('id'));
    return c.json(await platformStates(c.get('db'), campaign));
  });

  routes.post('/data/campaigns/delete', async (c) => {
    const scope = scopeOfSession(requireAccount(c));
    const body = parseWith(DeleteCampaignBodySchema, await readJsonObject(c), firstIssueMessage);
    await requestDelete(
      c.get('db'),
      jobs,
      scope,
      body.campaignId,
      stepUpFor(c, STEP_UP_ACTIONS.deleteCampaign),
    );
    return c.json({ success: true as const });
  });

  /** Pausing stops spend at once on every platform; it asks for no step-up (see contract/stepUp.ts). */
  routes.post('/data/campaigns/pause', async (c) => {
    const scope = scopeOfSession(requireAccount(c));
    const body = parseWith(PauseCampaignBodySchema, await readJsonObject(c), firstIssueMessage);
    const status = await requestToggle(c.get('db'), jobs, scope, body.campaignId, 'pause');
    return c.json({ success: true as const, status });
  });

  routes.post('/data/campaigns/resume', async (c) => {
    const scope = scopeOfSession(requireAccount(c));
    const body = parseWith(ResumeCampaignBodySchema, await readJsonObject(c), firstIssueMessage);
    const status = await requestToggle(
      c.get('db'),
      jobs,
      scope,
      body.campaignId,
      'resume',
      stepUpFor(c, STEP_UP_ACTIONS.resumeCampaign),
    );
    return c.json({ success: true as const, status });
  });

  routes.post('/data/campaigns/duplicate', async (c) => {
    const scope = scopeOfSession(requireAccount(c));
    const body = parseWith(DuplicateCampaignBodySchema, await readJsonObject(c), firstIssueMessage);
    const campaignId = await duplicate(c.get('db'), scope, body.campaignId, body.name);
    return c.json({ success: true as const, campaignId }, 201);
  });

  routes.get('/data/customers/get', async (c) => {
    const session = requireAccount(c);
    const customer = await findScoped(c.get('db'), session, 'customers', queryId(c, 'customerId'));
    if (!customer) throw customerNotFound();
    return c.json({ id: customer.id, name: customer.name });
  });

  routes.post('/data/customers/delete', async (c) => {
    const scope = scopeOfSession(requireAccount(c));
    const body = parseWith(DeleteCustomerBodySchema, await readJsonObject(c), firstIssueMessage);
    await deleteCustomer(c.get('db'), scope, body.customerId, stepUpFor(c, STEP_UP_ACTIONS.deleteCustomer));
    return c.json({ success: true as const });
  });

  /**
   * The wizard's first save: a new draft with its overview (name, objective, customer, currency), 201 with
   * the plan. Platforms, audience and schedule follow with PUT /planning/wizard/{id}/{step}.
   */
  routes.post('/planning/wizard/new/overview', async (c) => {
    const scope = scopeOfSession(requireAccount(c));
    const raw = await readJsonObject(c);
    const body = parseWith(NewOverviewStepSchema, raw, firstIssueMessage);
    return c.json(await wizard.createPlan({ db: c.get('db'), scope }, body, raw), 201);
  });

  /** The review step's Launch button. */
  routes.post('/planning/wizard/:id/review', async (c) => {
    const scope = scopeOfSession(requireAccount(c));
    const pathId = c.req.param('id');
    const body = parseWith(LaunchCampaignBodySchema, await readJsonObject(c), firstIssueMessage);
    if (body.campaignId !== undefined && body.campaignId.toLowerCase() !== pathId.toLowerCase()) {
      const message = 'campaignId must be the campaign in the path';
      throw new HttpError(400, message, { validationErrors: { campaignId: { message } } });
    }
    // The platforms' rules are asked before the campaign is locked: a slow connector holds no row.
    const gate = await wizard.launchGate();
    await requestLaunch(c.get('db'), jobs, scope, pathId, stepUpFor(c, STEP_UP_ACTIONS.launchCampaign), gate);
    return c.json({ success: true as const, status: 'launching' as const });
  });

  const allowed: Record<string, string> = {
    '/data/campaigns/get': 'GET',
    '/data/campaigns/detail': 'GET',
    '/data/campaigns/:id/platforms': 'GET',
    '/data/campaigns/delete': 'POST',
    '/data/campaigns/duplicate': 'POST',
    '/data/campaigns/pause': 'POST',
    '/data/campaigns/resume': 'POST',
    '/data/customers/get': 'GET',
    '/data/customers/delete': 'POST',
    '/planning/wizard/new/overview': 'POST',
    '/planning/wizard/:id/review': 'POST',
  };
  answerOtherMethods(routes, allowed);
  return routes;
}

/** Exactly one non-empty `name` query parameter, else 400. */
function queryId(c: Context<AppEnv>, name: string): string {
  const values = c.req.queries(name) ?? [];
  const message = name === 'customerId' ? 'Choose a customer' : 'Choose a campaign';
  if (values.length === 0 || !values[0]?.trim()) {
    throw new HttpError(400, `Add the ${name} query parameter`, {
      validationErrors: { [name]: { message } },
    });
  }
  if (values.length > 1) {
    throw new HttpError(400, `Send one ${name}`, {
      validationErrors: { [name]: { message: `Send one ${name}` } },
    });
  }
  return values[0].trim();
}

async function scopedCampaign(c: Context<AppEnv>, id: string): Promise<Campaign> {
  const session = requireAccount(c);
  const campaign = await findScoped(c.get('db'), session, 'campaigns', id);
  if (!campaign) throw campaignNotFound();
  return campaign;
}

/** 400 with `validationErrors` keyed by field; the message is the first problem, as a modal shows it. */
