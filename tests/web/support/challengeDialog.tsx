import type { ChallengeOptions } from '@machines/challenge';
import ChallengeDialog from '@src/features/challenge/ChallengeDialog';
import type { ChallengeServices } from '@src/features/challenge/services';
import { createStepUp, type StepUp, type StepUpOutcome } from '@src/features/challenge/stepUp';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { watchedActorOptions } from '../../paths/viewActors';

/**
 * The step-up dialog under test: `ChallengeDialog` rendering a StepUp made by the app's own `createStepUp`,
 * over fake `ChallengeServices` — the dialog's network boundary (the provider calls, what the browser can
 * do). Every service call waits until the test settles it, so a path step's `xstate.done.actor.*` /
 * `xstate.error.actor.*` decides when and how a provider call ends:
 *
 *   const view = renderChallengeDialog();
 *   view.stepUp.request({ token: 'challenge-token', user, verificationMethods: ['EMAIL_OTP'] });
 *   await view.services.settle('sendCode', { output: { sent: true } });
 */
export type ServiceName = Exclude<keyof ChallengeServices, 'setToken'>;

export interface HeldCall {
  name: ServiceName;
  args: unknown[];
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export function heldChallengeServices() {
  const held: HeldCall[] = [];
  const calls: { name: ServiceName; args: unknown[] }[] = [];
  const tokens: string[] = [];
  const hold =
    (name: ServiceName) =>
    (...args: unknown[]) =>
      new Promise<never>((resolve, reject) => {
        calls.push({ name, args });
        held.push({ name, args, resolve: resolve as (value: unknown) => void, reject });
      });
  const services = {
    setToken: (token: string) => {
      tokens.push(token);
    },
    sendCode: hold('sendCode'),
    verifyCode: hold('verifyCode'),
    checkWebAuthnSupport: hold('checkWebAuthnSupport'),
    authenticate: hold('authenticate'),
    sendMagicLink: hold('sendMagicLink'),
    checkMagicLink: hold('checkMagicLink'),
    verifyRecoveryCode: hold('verifyRecoveryCode'),
  } as ChallengeServices;

  /**
   * Waits until a call of `name` waits for its answer, and takes the latest such call out of the queue
   * (a method view opened again calls again; the call of the view it replaced is never answered).
   */
  async function take(name: ServiceName): Promise<HeldCall> {
    let found: HeldCall | undefined;
    await waitFor(
      () => {
        found = held.findLast((entry) => entry.name === name);
        if (!found) throw new Error(`No ${name} call is waiting for an answer`);
      },
      { interval: 5 },
    );
    held.splice(held.indexOf(found!), 1);
    return found!;
  }

  return {
    services,
    held,
    calls,
    tokens,
    take,
    /** Ends the next waiting call of `name` with the path step's `output` (resolves) or `error` (rejects). */
    async settle(name: ServiceName, outcome: { output: unknown } | { error: unknown }): Promise<HeldCall> {
      const call = await take(name);
      if ('output' in outcome) call.resolve(outcome.output);
      else call.reject(outcome.error);
      return call;
    },
  };
}

export type HeldChallengeServices = ReturnType<typeof heldChallengeServices>;

export interface ChallengeDialogView {
  stepUp: StepUp;
  services: HeldChallengeServices;
  user: ReturnType<typeof userEvent.setup>;
  /** How each `stepUp.request` ended (the app's confirmIdentity outcome), in order. */
  outcomes: StepUpOutcome[];
  /** Opens the dialog the way the app does for a CHALLENGE_REQUIRED answer (`requestStepUp`). */
  open(options: ChallengeOptions): void;
}

/**
 * Renders the dialog (closed) over fresh held services; its actor (and its method views) watched by the
 * running view path test (`watchedActorOptions`). jsdom has no matchMedia: the desktop dialog renders.
 */
export function renderChallengeDialog(): ChallengeDialogView {
  const services = heldChallengeServices();
  const stepUp = createStepUp(services.services, watchedActorOptions());
  const outcomes: StepUpOutcome[] = [];
  render(<ChallengeDialog stepUp={stepUp} />);
  return {
    stepUp,
    services,
    user: userEvent.setup({ delay: null }),
    outcomes,
    open: (options) => {
      void stepUp.request(options).then((outcome) => outcomes.push(outcome));
    },
  };
}

export const TITLE = "Confirm it's you";
/** The open dialog (fails when it is closed). */
export const challengeDialog = () => screen.getByRole('dialog', { name: TITLE });
export const findChallengeDialog = () => screen.findByRole('dialog', { name: TITLE });
export const inDialog = () => within(challengeDialog());
/** Waits until the dialog is gone. */
export const dialogClosed = () =>
  waitFor(() => expect(screen.queryByRole('dialog', { name: TITLE })).not.toBeInTheDocument());
/** The six slots of the code field (Ark PinInput), in order. */
export const pinSlots = () =>
  Array.from({ length: 6 }, (_, index) =>
    inDialog().getByRole('textbox', { name: `Digit ${index + 1} of 6` }),
  ) as HTMLInputElement[];
