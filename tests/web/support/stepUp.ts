import { afterEach, beforeEach } from 'vitest';
import { provideStepUp, type StepUpRequester } from '../../../src/api/stepUp';
// The shell hands the app the challenge feature's step-up when its module is first evaluated: evaluate it
// before any test runs, so the requester a test provides is not replaced by a lazily loaded shell.
import '../../../src/app/AppShell';
import { requestStepUp, resetStepUp } from '../../../src/features/challenge/requestStepUp';

/**
 * Every step-up the app asks for while a test of the calling file runs is answered by `requester` (the step-up
 * dialog is the challenge feature's, with tests of its own), through the seam the shell itself uses
 * (`provideStepUp`). Not `vi.mock` of the challenge feature: the web files share their modules (no module
 * isolation, vitest.config.ts), so the shell would keep whichever step-up the first file in the worker gave
 * it. After each test the app gets its own step-up back, and no dialog of an earlier file stays loaded.
 */
export function answerStepUps(requester: StepUpRequester): void {
  beforeEach(() => {
    resetStepUp();
    provideStepUp(requester);
  });
  afterEach(() => {
    provideStepUp(requestStepUp);
  });
}
