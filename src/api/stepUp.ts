import type { ChallengeOptions } from '@contract/provider';
import type { StepUpOutcome } from '@machines/challenge';

/**
 * The step-up for every feature that does a risky action (CHALLENGE_REQUIRED → "Confirm it's you"). The
 * challenge dialog is a feature of its own (`src/features/challenge/`, loaded lazily on the first challenge);
 * other features cannot import it, so the app shell provides it here (`provideStepUp`, src/app/AppShell.tsx)
 * and features ask through `requestStepUp`.
 */
export type StepUpRequester = (challenge: ChallengeOptions) => Promise<StepUpOutcome>;

let requester: StepUpRequester | null = null;

/** Called once by the app shell with the challenge feature's requester. */
export function provideStepUp(next: StepUpRequester): void {
  requester = next;
}

/** Opens the challenge dialog for the server's challenge options; resolves how it ended. */
export function requestStepUp(challenge: ChallengeOptions): Promise<StepUpOutcome> {
  if (!requester) return Promise.reject(new Error('No step-up is provided (the app shell provides it).'));
  return requester(challenge);
}
