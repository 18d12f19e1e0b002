import type { ChallengeMachine, ChallengeOptions, StepUpOutcome } from '@machines/challenge';
import { TOKEN_LIFETIME_MS } from '@machines/delays';
import { withInspection } from '@src/lib/inspect';
import { type ActorOptions, type ActorRefFrom, createActor } from 'xstate';
import { type ChallengeServices, provideChallenge } from './services';

export type { StepUpOutcome };

export interface StepUp {
  /** The dialog's chart; the dialog view renders it. */
  actor: ActorRefFrom<ChallengeMachine>;
  /** Opens the dialog for a CHALLENGE_REQUIRED answer; resolves when it closes. */
  request(challenge: ChallengeOptions): Promise<StepUpOutcome>;
}

/**
 * How long a fresh JWT lives: `exp - iat` by the issuer's own clock, so a device clock that runs ahead or
 * behind does not shorten the dialog (one 10 minutes fast would expire every challenge at once); without
 * `iat`, the time until `exp` by this device's clock; the provider's default lifetime when the token says
 * nothing.
 */
export function tokenLifetimeMs(token: string, now = Date.now()): number {
  try {
    const payload = token.split('.')[1];
    if (!payload) return TOKEN_LIFETIME_MS;
    const { exp, iat } = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as {
      exp?: unknown;
      iat?: unknown;
    };
    if (typeof exp !== 'number') return TOKEN_LIFETIME_MS;
    if (typeof iat === 'number') return Math.max(0, (exp - iat) * 1000);
    return Math.max(0, exp * 1000 - now);
  } catch {
    return TOKEN_LIFETIME_MS;
  }
}

/**
 * One challenge dialog for the whole app. Its actor lives outside React, so the codes it sends when a view
 * opens are sent once, also under StrictMode's double mounting. `actorOptions` (an inspection, a clock)
 * go to its `createActor`; the app passes none, the view path tests watch the dialog with them. The e2e run's
 * recording (`withInspection`, src/lib/inspect.ts) is added when the page asks for it.
 */
export function createStepUp(
  services: ChallengeServices,
  actorOptions?: Pick<ActorOptions<ChallengeMachine>, 'inspect' | 'clock'>,
): StepUp {
  const actor = createActor(provideChallenge(services), withInspection(actorOptions)).start();
  let settle: ((outcome: StepUpOutcome) => void) | null = null;
  const finish = (outcome: StepUpOutcome) => {
    const resolve = settle;
    settle = null;
    resolve?.(outcome);
  };
  actor.on('challenge.succeeded', ({ token }) => finish({ status: 'succeeded', token }));
  actor.on('challenge.cancelled', () => finish({ status: 'cancelled' }));
  actor.on('challenge.expired', () => finish({ status: 'expired' }));

  return {
    actor,
    request(challenge) {
      // One dialog at a time: a new challenge replaces one still open, which counts as cancelled.
      if (actor.getSnapshot().matches('open')) actor.send({ type: 'dialog.close' });
      services.setToken(challenge.token);
      const outcome = new Promise<StepUpOutcome>((resolve) => {
        settle = resolve;
      });
      actor.send({
        type: 'challenge.open',
        options: challenge,
        lifetimeMs: tokenLifetimeMs(challenge.token),
      });
      if (!actor.getSnapshot().matches('open')) finish({ status: 'cancelled' });
      return outcome;
    },
  };
}
