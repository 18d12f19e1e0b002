import { CampaignPlatformStatesSchema } from '@contract/campaigns';
import {
  type BudgetChoiceBody,
  NewPlanResultSchema,
  type Plan,
  PlanSchema,
  type PreflightCheck,
  PreflightSchema,
} from '@contract/planning';
import type { PlatformRefusal } from '@machines/planning/planningReview';
import type { SaveStepInput, WizardLoaded } from '@machines/planning/planningWizard';
import { requestJson } from './http';
import { loadPlatformRules } from './planningReference';

/**
 * The planning wizard's plan calls (docs/planning.md): load a plan, save a step, choose its budget. Every
 * answer is the whole plan as saved, checked against the contract's schema.
 */

/** GET /planning/wizard/{id} as JSON (a page load of the same URL gets the app). */
export function loadPlan(campaignId: string): Promise<Plan> {
  return requestJson('GET', `planning/wizard/${encodeURIComponent(campaignId)}`, PlanSchema, {
    headers: { accept: 'application/json' },
  });
}

/** The platforms' rules, and the plan unless it is new. */
export async function loadWizard(campaignId: string | null): Promise<WizardLoaded> {
  const [rules, plan] = await Promise.all([loadPlatformRules(), campaignId ? loadPlan(campaignId) : null]);
  return { rules, plan };
}

/** PUT /planning/wizard/{id}/{step} with the version; a new plan's first save is POST …/new/overview (201). */
export async function saveStep(input: SaveStepInput): Promise<{ campaignId: string; plan: Plan }> {
  if (input.campaignId === null)
    return requestJson('POST', 'planning/wizard/new/overview', NewPlanResultSchema, { json: input.body });
  const plan = await requestJson(
    'PUT',
    `planning/wizard/${encodeURIComponent(input.campaignId)}/${input.step}`,
    PlanSchema,
    { json: { ...input.body, version: input.version } },
  );
  return { campaignId: input.campaignId, plan };
}

/** PUT /planning/wizard/{id}/budget: the budget the plan draws on, and "plan over budget". */
export function saveBudget(input: BudgetChoiceBody & { campaignId: string }): Promise<Plan> {
  const { campaignId, ...body } = input;
  return requestJson('PUT', `planning/wizard/${encodeURIComponent(campaignId)}/budget`, PlanSchema, {
    json: body,
  });
}

/** GET /data/campaigns/{id}/platforms: each platform's state, with its refusal of the last launch. */
export async function loadPlatformRefusals(campaignId: string): Promise<PlatformRefusal[]> {
  const states = await requestJson(
    'GET',
    `data/campaigns/${encodeURIComponent(campaignId)}/platforms`,
    CampaignPlatformStatesSchema,
  );
  return states.map(({ key, lastError }) => ({ key, lastError }));
}

/** GET /planning/wizard/{id}/preflight: each platform's validate-only verdict on the plan as it would launch. */
export function loadPreflight(campaignId: string): Promise<PreflightCheck[]> {
  return requestJson('GET', `planning/wizard/${encodeURIComponent(campaignId)}/preflight`, PreflightSchema, {
    headers: { accept: 'application/json' },
  });
}
