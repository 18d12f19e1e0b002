import {
  type BudgetFit,
  type BudgetOption,
  EDITABLE_WIZARD_STEPS,
  type EditableWizardStep,
  namedInterestsOf,
  type Plan,
  planIssues,
  WIZARD_STEP_LABELS,
} from '@contract/planning';
import type { SnapshotFrom } from 'xstate';
import { allowedCampaignActions, LIVE_STATUSES, refusalOf } from '../../campaignLifecycle';
import type { PlanningReviewMachine } from './planningReview.machine';
import type { PlanningReviewEvent } from './planningReview.types';

export type PlanningReviewSnapshot = SnapshotFrom<PlanningReviewMachine>;

export interface ReviewStepSummary {
  step: EditableWizardStep;
  label: string;
  /** The step's first problem, null when complete. */
  problem: string | null;
}

export interface PlanningReviewView {
  plan: Plan | null;
  /** Platform key → its display name (the rules'). */
  platformNames: Record<string, string>;
  /** The audience's interests by name, one line per platform that has some ("Meta: Travel, Hiking"). */
  interests: { platform: string; label: string; names: string }[];
  /** Each platform's refusal of the last launch, by key. */
  refusals: Record<string, string>;
  steps: ReviewStepSummary[];
  budgetOptions: BudgetOption[];
  selectedBudgetId: string | null;
  fit: BudgetFit | null;
  /** Over the budget and not confirmed yet (as saved): Launch waits for the "Plan over budget" confirmation. */
  needsOverBudgetConfirmation: boolean;
  /**
   * The "Plan over budget" confirmation as the planner sees it: the choice being saved while it is saved,
   * the saved one otherwise (a failed save shows the saved one again, with the error).
   */
  overBudgetConfirmed: boolean;
  /**
   * The campaign runs on its platforms (issue 28): the review shows the change against what runs and Apply
   * changes instead of Launch.
   */
  isLive: boolean;
  /** Why Launch is not offered; empty = it is. */
  launchBlockers: string[];
  canLaunch: boolean;
  isSaving: boolean;
  readOnly: boolean;
  error: string | null;
  selectBudget(budgetId: string | null): void;
  confirmOverBudget(confirmed: boolean): void;
}

export function connectPlanningReview(
  snapshot: PlanningReviewSnapshot,
  send: (event: PlanningReviewEvent) => void,
): PlanningReviewView {
  const { plan, rules, today, choice } = snapshot.context;
  const issues = plan ? planIssues(plan, rules, today) : null;
  const steps = EDITABLE_WIZARD_STEPS.map((step) => ({
    step,
    label: WIZARD_STEP_LABELS[step],
    problem: issues ? (Object.values(issues[step])[0] ?? null) : null,
  }));
  const fit = plan?.budgetFit ?? null;
  const saving = snapshot.matches('saving');
  const savedConfirmation = Boolean(fit?.overBudgetConfirmedAt);
  const needsOverBudgetConfirmation = Boolean(fit?.over) && !savedConfirmation;
  const blockers = steps.filter((s) => s.problem).map((s) => `${s.label}: ${s.problem}`);
  if (needsOverBudgetConfirmation) blockers.push('The plan is over its budget: confirm planning over budget');
  if (plan && !allowedCampaignActions(plan.campaign.status).launch)
    blockers.push(
      refusalOf(plan.campaign.status, 'launch')?.message ?? 'This campaign cannot be launched now',
    );
  const platformNames = Object.fromEntries(Object.values(rules).map((rule) => [rule.key, rule.displayName]));
  return {
    plan,
    isLive: plan !== null && LIVE_STATUSES.includes(plan.campaign.status),
    interests: plan
      ? namedInterestsOf(plan).map(({ platform, interests }) => ({
          platform,
          label: `Interests on ${platformNames[platform] ?? platform}`,
          names: interests.map((i) => i.name).join(', '),
        }))
      : [],
    refusals: snapshot.context.refusals,
    platformNames,
    steps,
    budgetOptions: plan?.budgetOptions ?? [],
    selectedBudgetId: saving ? (choice?.budgetId ?? null) : (fit?.budget.id ?? null),
    fit,
    needsOverBudgetConfirmation,
    overBudgetConfirmed: saving ? Boolean(choice?.overBudgetConfirmed) : savedConfirmation,
    launchBlockers: blockers,
    canLaunch: plan !== null && blockers.length === 0,
    isSaving: saving,
    readOnly: snapshot.matches('readOnly'),
    error: snapshot.context.error,
    selectBudget: (budgetId) => send({ type: 'budget.select', budgetId }),
    confirmOverBudget: (confirmed) => send({ type: 'overBudget.confirm', confirmed }),
  };
}
