import type { ActorRefFrom } from 'xstate';
import type { PlanningOverviewMachine } from '../../../machines/planningOverview';
import type { PlanningPlatformsMachine } from '../../../machines/planningPlatforms';
import type { PlanningReviewMachine } from '../../../machines/planningReview';
import type { PlanningWizardView } from '../../../machines/planningWizard';
import { PageLoading } from '../../ui/PageLoading';
import { AudienceStep, type PlanningAudienceActor } from './audience/AudienceStep';
import { CreativeStep, type PlanningCreativeActor } from './creative/CreativeStep';
import { OverviewStep } from './OverviewStep';
import { PlatformsStep } from './PlatformsStep';
import { ReviewStep } from './ReviewStep';
import { type PlanningScheduleActor, ScheduleStep } from './schedule/ScheduleStep';
import type { WizardData } from './WizardView';

/** The current step's view, over the step chart the wizard runs for it. */
export function WizardStepBody({ view, data }: { view: PlanningWizardView; data: WizardData }) {
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
