import {
  DeleteCampaignBodySchema,
  DeleteCustomerBodySchema,
  DuplicateCampaignBodySchema,
  PauseCampaignBodySchema,
  ResumeCampaignBodySchema,
} from '@contract/campaigns';
import type { Campaign } from '@contract/resources';
import { STEP_UP_ACTIONS } from '@contract/stepUp';
import { type Context, Hono } from 'hono';
import { requireAccount, stepUpFor } from '../auth/sessions';
import { scopeOfSession } from '../data/scope';
import { findScoped } from '../data/store';
import type { AppEnv } from '../http/env';
import { firstIssueMessage, HttpError, parseWith, readJsonObject } from '../http/errors';
import { answerOtherMethods } from '../http/methodNotAllowed';
import { allow } from '../http/policy';
import type { CampaignJobSender } from './jobSender';
import {
  campaignNotFound,
  customerNotFound,
  deleteCustomer,
  detailOf,
  duplicate,
  platformStates,
  requestDelete,
  requestPlacementToggle,
  requestToggle,
  summaryOf,
} from './store';

/**
 * Spec section 7's product calls, scoped to the session's current account: /data/campaigns/* and
 * /data/customers/* (the wizard's first save and its launch, POST /planning/wizard/*, are
 * server/planning/routes.ts's). Wire shapes: contract/campaigns.ts. A missing, malformed or foreign id
 * answers 404 with the modal's not-found message.
 */
export function createCampaignRoutes({ jobs }: { jobs: CampaignJobSender }): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/data/campaigns/get', allow('campaigns.read'), async (c) => {
    const campaign = await scopedCampaign(c, queryId(c, 'campaignId'));
    return c.json(summaryOf(campaign));
  });

  routes.get('/data/campaigns/detail', allow('campaigns.read'), async (c) => {
    const campaign = await scopedCampaign(c, queryId(c, 'campaignId'));
    return c.json(await detailOf(c.get('db'), campaign));
  });

  routes.get('/data/campaigns/:id/platforms', allow('campaigns.read'), async (c) => {
    const campaign = await scopedCampaign(c, c.req.param('id'));
    return c.json(await platformStates(c.get('db'), campaign));
  });

  routes.post('/data/campaigns/delete', allow('campaigns.delete'), async (c) => {
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
  routes.post('/data/campaigns/pause', allow('campaigns.pause'), async (c) => {
    const scope = scopeOfSession(requireAccount(c));
    const body = parseWith(PauseCampaignBodySchema, await readJsonObject(c), firstIssueMessage);
    const status = await requestToggle(c.get('db'), jobs, scope, body.campaignId, 'pause');
    return c.json({ success: true as const, status });
  });

  routes.post('/data/campaigns/resume', allow('campaigns.pause'), async (c) => {
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

  /**
   * One platform at a time (the campaign page's rows): 202 while the job pauses or resumes that placement;
   * the campaign's status then follows its placements. Pausing asks for no step-up, resuming does (bound
   * to the campaign and the platform). No body.
   */
  for (const action of ['pause', 'resume'] as const) {
    routes.post(
      `/api/campaigns/:id/platforms/:platformKey/${action}`,
      allow('campaigns.pause'),
      async (c) => {
        const scope = scopeOfSession(requireAccount(c));
        const status = await requestPlacementToggle(
          c.get('db'),
          jobs,
          scope,
          c.req.param('id'),
          c.req.param('platformKey'),
          action,
          action === 'resume' ? stepUpFor(c, STEP_UP_ACTIONS.resumeCampaign) : undefined,
        );
        return c.json({ success: true as const, status }, 202);
      },
    );
  }

  routes.post('/data/campaigns/duplicate', allow('campaigns.plan'), async (c) => {
    const scope = scopeOfSession(requireAccount(c));
    const body = parseWith(DuplicateCampaignBodySchema, await readJsonObject(c), firstIssueMessage);
    const { campaignId, budget } = await duplicate(
      c.get('db'),
      scope,
      body.campaignId,
      body.name,
      body.shiftDays ?? 0,
    );
    return c.json({ success: true as const, campaignId, budget }, 201);
  });

  routes.get('/data/customers/get', allow('customers.read'), async (c) => {
    const session = requireAccount(c);
    const customer = await findScoped(c.get('db'), session, 'customers', queryId(c, 'customerId'));
    if (!customer) throw customerNotFound();
    return c.json({ id: customer.id, name: customer.name });
  });

  routes.post('/data/customers/delete', allow('customers.edit'), async (c) => {
    const scope = scopeOfSession(requireAccount(c));
    const body = parseWith(DeleteCustomerBodySchema, await readJsonObject(c), firstIssueMessage);
    await deleteCustomer(c.get('db'), scope, body.customerId, stepUpFor(c, STEP_UP_ACTIONS.deleteCustomer));
    return c.json({ success: true as const });
  });

  const allowed: Record<string, string> = {
    '/data/campaigns/get': 'GET',
    '/data/campaigns/detail': 'GET',
    '/data/campaigns/:id/platforms': 'GET',
    '/data/campaigns/delete': 'POST',
    '/data/campaigns/duplicate': 'POST',
    '/data/campaigns/pause': 'POST',
    '/data/campaigns/resume': 'POST',
    '/api/campaigns/:id/platforms/:platformKey/pause': 'POST',
    '/api/campaigns/:id/platforms/:platformKey/resume': 'POST',
    '/data/customers/get': 'GET',
    '/data/customers/delete': 'POST',
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
