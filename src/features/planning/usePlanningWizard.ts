import type {
  AudienceEstimateAnswer,
  BudgetChoiceBody,
  Interest,
  Plan,
  WizardStep,
} from '@contract/planning';
import {
  type AudienceEstimateInput,
  type InterestSearchInput,
  planningAudienceMachine,
} from '@machines/planning/planningAudience';
import { planningCreativeMachine } from '@machines/planning/planningCreative';
import { planningOverviewMachine } from '@machines/planning/planningOverview';
import { planningPlatformsMachine } from '@machines/planning/planningPlatforms';
import { type PlatformRefusal, planningReviewMachine } from '@machines/planning/planningReview';
import { planningScheduleMachine } from '@machines/planning/planningSchedule';
import {
  connectPlanningWizard,
  type PlanningWizardInput,
  planningWizardMachine,
  type SaveStepInput,
  type WizardLoaded,
} from '@machines/planning/planningWizard';
import { planSaveMachine } from '@machines/planning/planSave';
import { loadPlan, loadPlatformRefusals, loadWizard, saveBudget, saveStep } from '@src/api/planning';
import { estimateAudience, searchInterests } from '@src/api/planningReference';
import { useActorRef } from '@src/ui/actorRef';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { type AnyActorRef, fromPromise } from 'xstate';

/** The wizard chart with its side effects: the plan calls, and each step's own chart with its calls. */
const machine = planningWizardMachine.provide({
  actors: {
    loadWizard: fromPromise<WizardLoaded, { campaignId: string | null }>(({ input }) =>
      loadWizard(input.campaignId),
    ),
    planSave: planSaveMachine.provide({
      actors: {
        loadPlan: fromPromise<Plan, { campaignId: string }>(({ input }) => loadPlan(input.campaignId)),
        saveStep: fromPromise<{ campaignId: string; plan: Plan }, SaveStepInput>(({ input }) =>
          saveStep(input),
        ),
      },
    }),
    planningOverview: planningOverviewMachine,
    planningPlatforms: planningPlatformsMachine,
    planningAudience: planningAudienceMachine.provide({
      actors: {
        searchInterests: fromPromise<Interest[], InterestSearchInput>(({ input, signal }) =>
          searchInterests(input.platform, input.query, input.limit, signal),
        ),
        estimateAudience: fromPromise<AudienceEstimateAnswer[], AudienceEstimateInput>(({ input, signal }) =>
          estimateAudience(input, signal),
        ),
      },
    }),
    planningSchedule: planningScheduleMachine,
    planningCreative: planningCreativeMachine,
    planningReview: planningReviewMachine.provide({
      actors: {
        saveBudget: fromPromise<Plan, BudgetChoiceBody & { campaignId: string }>(({ input }) =>
          saveBudget(input),
        ),
        loadRefusals: fromPromise<PlatformRefusal[], { campaignId: string }>(({ input }) =>
          loadPlatformRefusals(input.campaignId),
        ),
      },
    }),
  } as never,
});

/**
 * Binds the `planningWizard` chart (and its saving, `planSave`) to the API and the router: the chart asks for URL changes (`navigate`,
 * pushed or replacing), and a URL changed by the browser (Back, Forward) is told to the chart.
 */
export function usePlanningWizard(input: PlanningWizardInput, urlStep: WizardStep | null) {
  const actorRef = useActorRef(machine, { input });
  const snapshot = useSelector(actorRef, (current) => current);
  // The save status is the saving's (the `planSave` child): its changes render too.
  const saveActor = snapshot.children.planSave as AnyActorRef | undefined;
  const saveSnapshot = useSelector(saveActor, (current) => current);
  // biome-ignore lint/correctness/useExhaustiveDependencies: connect reads the child's snapshot through `snapshot`.
  const view = useMemo(
    () => connectPlanningWizard(snapshot, actorRef.send),
    [snapshot, saveSnapshot, actorRef],
  );
  const navigate = useNavigate();

  useEffect(() => {
    const subscription = actorRef.on('navigate', (event) => navigate(event.to, { replace: event.replace }));
    return () => subscription.unsubscribe();
  }, [actorRef, navigate]);

  useEffect(() => {
    if (urlStep) actorRef.send({ type: 'url.changed', step: urlStep });
  }, [actorRef, urlStep]);

  return view;
}
