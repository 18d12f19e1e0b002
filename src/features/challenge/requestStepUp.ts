import type { ChallengeOptions } from '@contract/provider';
import { useSyncExternalStore } from 'react';
import type { StepUpOutcome } from './stepUp';
import type { StepUpRuntime } from './stepUpRuntime';

/**
 * The entry to the step-up for the rest of the app, kept small: the client library, the dialog and its
 * charts load on the first CHALLENGE_REQUIRED (spec: the challenge dialog loads lazily).
 */
let loading: Promise<StepUpRuntime> | null = null;
let runtime: StepUpRuntime | null = null;
const listeners = new Set<() => void>();

function loadStepUp(): Promise<StepUpRuntime> {
  loading ??= import('./stepUpRuntime')
    .then(({ createStepUpRuntime }) => createStepUpRuntime())
    .then((created) => {
      runtime = created;
      for (const listener of listeners) listener();
      return created;
    })
    .catch((error: unknown) => {
      // Offline or a failed deploy: the next attempt loads again.
      loading = null;
      throw error;
    });
  return loading;
}

/**
 * Forgets the loaded step-up, so the next challenge loads it again (its configuration, a new dialog actor).
 * For tests: each one loads the step-up over its own fake server and sees the first load fail or succeed.
 */
export function resetStepUp(): void {
  runtime?.stepUp.actor.stop();
  loading = null;
  runtime = null;
  for (const listener of listeners) listener();
}

/** Opens the challenge dialog for the server's challenge options; resolves how it ended. */
export async function requestStepUp(challenge: ChallengeOptions): Promise<StepUpOutcome> {
  return (await loadStepUp()).stepUp.request(challenge);
}

/** The loaded step-up (dialog actor, appearance), or null before the first challenge. */
export function useStepUpRuntime(): StepUpRuntime | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => runtime,
    () => null,
  );
}
