import { lazy, Suspense } from 'react';
import { useStepUpRuntime } from './requestStepUp';

const ChallengeDialog = lazy(() => import('./ChallengeDialog'));

/** Renders the step-up dialog once a challenge has loaded it (nothing before: it costs no bytes up front). */
export function StepUpHost() {
  const runtime = useStepUpRuntime();
  if (!runtime) return null;
  return (
    <Suspense fallback={null}>
      <ChallengeDialog stepUp={runtime.stepUp} appearance={runtime.appearance} />
    </Suspense>
  );
}
