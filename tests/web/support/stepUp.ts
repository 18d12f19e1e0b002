import { provideStepUp, type StepUpRequester } from '@src/api/stepUp';
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect } from 'vitest';
// The shell hands the app the challenge feature's step-up when its module is first evaluated: evaluate it
// before any test runs, so the requester a test provides is not replaced by a lazily loaded shell.
import '@src/app/AppShell';
import { requestStepUp, resetStepUp } from '@src/features/challenge/requestStepUp';

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

/** A step-up the page asked for, held until the test settles it. */
export interface HeldStepUp {
  challenge: unknown;
  resolve: (outcome: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Holds every step-up the page asks for until the test settles it (a path plays the outcomes its chart
 * names; the step-up's own types are the challenge feature's concern). `takeStepUp` waits for the next one.
 */
export function heldStepUps(): { takeStepUp: () => Promise<HeldStepUp> } {
  const held: HeldStepUp[] = [];
  answerStepUps(
    (challenge) =>
      new Promise((resolve, reject) =>
        held.push({ challenge, resolve: resolve as (outcome: unknown) => void, reject }),
      ),
  );
  afterEach(() => {
    held.splice(0, held.length);
  });
  return {
    takeStepUp: async () => {
      await waitFor(() => expect(held.length).toBeGreaterThan(0));
      return held.shift()!;
    },
  };
}
