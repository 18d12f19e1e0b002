import type { PlanningOverviewMachine } from '@machines/planning/planningOverview';
import type { PlanningPlatformsMachine } from '@machines/planning/planningPlatforms';
import type { PlanningReviewMachine } from '@machines/planning/planningReview';
import type { PlanningWizardView } from '@machines/planning/planningWizard';
import { PageLoading } from '@src/ui/PageLoading';
import { Suspense } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { PlanningAudienceActor } from './audience/AudienceStep';
import type { PlanningCreativeActor } from './creative/CreativeStep';
import { lazyStep } from './lazyStep';
import { OverviewStep } from './OverviewStep';
import type { PlanningScheduleActor } from './schedule/ScheduleStep';
import type { WizardData } from './WizardView';

// The first step comes with the wizard; the others (the creative step with its asset library, the audience
// pickers, the schedule's flowchart, the review with its exports) are chunks of their own.
const PlatformsStep = lazyStep(() => import('./PlatformsStep').then((m) => m.PlatformsStep));
const AudienceStep = lazyStep(() => import('./audience/AudienceStep').then((m) => m.AudienceStep));
const ScheduleStep = lazyStep(() => import('./schedule/ScheduleStep').then((m) => m.ScheduleStep));
const CreativeStep = lazyStep(() => import('./creative/CreativeStep').then((m) => m.CreativeStep));
const ReviewStep = lazyStep(() => import('./ReviewStep').then((m) => m.ReviewStep));

/** Fetches every step's view ahead, once the wizard shows, so moving between steps does not wait. */
export function preloadWizardSteps() {
  for (const step of [PlatformsStep, AudienceStep, ScheduleStep, CreativeStep, ReviewStep])
    void step.preload().catch(() => undefined);
}

/** The current step's view, over the step chart the wizard runs for it. */
export function WizardStepBody({ view, data }: { view: PlanningWizardView; data: WizardData }) {
  return (
    <Suspense fallback={<PageLoading inline />}>
      <StepView view={view} data={data} />
    </Suspense>
  );
}

function StepView({ view, data }: { view: PlanningWizardView; data: WizardData }) {
  if (view.step === 'review') {
    if (!view.reviewActor) return <PageLoading inline />;
    return (
      <ReviewStep actor={view.reviewActor as ActorRefFrom<PlanningReviewMachine>} wizard={view} data={data} />
    );
  }
  if (!view.stepActor) return <PageLoading inline />;
  switch (view.step) {
    case 'overview':
      return <OverviewStep actor={view.stepActor as ActorRefFrom<PlanningOverviewMachine>} data={data} />;
    case 'platforms':
      return <PlatformsStep actor={view.stepActor as ActorRefFrom<PlanningPlatformsMachine>} />;
    case 'audience':
      return <AudienceStep actor={view.stepActor as PlanningAudienceActor} />;
    case 'schedule':
      return <ScheduleStep actor={view.stepActor as PlanningScheduleActor} />;
    case 'creative':
      return <CreativeStep actor={view.stepActor as PlanningCreativeActor} />;
  }
}
