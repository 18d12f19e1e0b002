import type { ChallengeOptions } from '@contract/provider';
import {
  connectModalAction,
  type ModalActionInput,
  type ModalActionRequest,
  type ModalRecord,
  modalActionMachine,
  STEP_UP_EXPIRED_MESSAGE,
  type StepUpOutcome,
  type SubmitActionInput,
} from '@machines/modalAction';
import { NETWORK_ERROR_MESSAGE } from '@machines/shared/errors';
import { provideStepUpConfirmation } from '@machines/stepUpConfirmation';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';

const record: ModalRecord = { name: 'Spring Launch', platformNames: ['Meta', 'Google Ads'] };

function start(
  input: ModalActionInput,
  options: {
    load?: () => Promise<ModalRecord | null>;
    submit?: (input: SubmitActionInput) => Promise<unknown>;
    confirm?: (challenge: ChallengeOptions) => Promise<StepUpOutcome>;
  } = {},
) {
  const submitAction = vi.fn(options.submit ?? (() => Promise.resolve({ success: true })));
  const machine = modalActionMachine.provide({
    actors: {
      loadRecord: fromPromise(() => (options.load ?? (() => Promise.resolve(record)))()),
      // The step-up confirmation chart, with the test's sender and dialog.
      submitAction: provideStepUpConfirmation<ModalActionRequest>({
        send: ({ request, stepUpToken }) => submitAction({ ...request, stepUpToken }),
        confirmIdentity: (challenge) =>
          (options.confirm ?? (() => Promise.resolve({ status: 'cancelled' as const })))(challenge),
      }),
    },
  });
  const actor = createActor(machine, { input });
  const emitted: unknown[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, submitAction, emitted, view: () => connectModalAction(actor.getSnapshot(), actor.send) };
}

const ready = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (s) => !s.matches('loading'));

describe('modal actions', () => {
  it('loads the campaign, then deletes it and announces campaignDeleted', async () => {
    const { actor, submitAction, emitted, view } = start({ kind: 'deleteCampaign', id: 'c1' });
    expect(view().phase).toBe('loading');
    await ready(actor);
    expect(view()).toMatchObject({
      phase: 'idle',
      name: 'Spring Launch',
      platformNames: ['Meta', 'Google Ads'],
    });
    actor.send({ type: 'modal.submit' });
    expect(view().isSubmitting).toBe(true);
    await waitFor(actor, (s) => s.status === 'done');
    expect(submitAction).toHaveBeenCalledWith({ kind: 'deleteCampaign', id: 'c1', stepUpToken: null });
    expect(emitted).toEqual([{ type: 'modal.succeeded', flag: 'campaignDeleted' }]);
  });

  it('shows not found when the lookup returns nothing or 404', async () => {
    const first = start({ kind: 'deleteCustomer', id: 'x' }, { load: () => Promise.resolve(null) });
    await ready(first.actor);
    expect(first.view().phase).toBe('notFound');
    const second = start(
      { kind: 'launchCampaign', id: 'x' },
      { load: () => Promise.reject({ status: 404, message: "Sorry, we couldn't find that campaign." }) },
    );
    await ready(second.actor);
    expect(second.view().phase).toBe('notFound');
  });

  it('offers a retry when the lookup gets no answer', async () => {
    let calls = 0;
    const { actor, view } = start(
      { kind: 'launchCampaign', id: 'c1' },
      {
        load: () =>
          ++calls === 1 ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve(record),
      },
    );
    await ready(actor);
    expect(view()).toMatchObject({ phase: 'loadFailed', businessError: NETWORK_ERROR_MESSAGE });
    actor.send({ type: 'modal.retry' });
    await ready(actor);
    expect(view()).toMatchObject({ phase: 'idle', businessError: null });
  });

  it('shows the server’s businessError, and Launching... while sending', async () => {
    const { actor, view } = start(
      { kind: 'launchCampaign', id: 'c1' },
      {
        submit: () =>
          Promise.reject({ status: 422, message: 'Incomplete', businessError: { message: 'Add a budget.' } }),
      },
    );
    await ready(actor);
    expect(view().submitLabel).toBe('Launch');
    actor.send({ type: 'modal.submit' });
    expect(view().submitLabel).toBe('Launching...');
    await waitFor(actor, (s) => s.matches('idle'));
    expect(view()).toMatchObject({ businessError: 'Add a budget.' });
  });

  it('asks to close on cancel', async () => {
    const { actor, emitted } = start({ kind: 'deleteCustomer', id: 'u1' });
    actor.send({ type: 'modal.cancel' });
    expect(emitted).toEqual([{ type: 'modal.close' }]);
  });
});

describe('step-up before a risky action', () => {
  const challenge: ChallengeOptions = {
    token: 'challenge-token',
    user: { email: 'demo@flightplan.test' },
    verificationMethods: ['EMAIL_OTP'],
  };
  const challengeRequired = {
    status: 403,
    message: 'Confirm it’s you to continue.',
    errorCode: 'CHALLENGE_REQUIRED',
    challenge,
  };

  it('opens the step-up with the server’s challenge, then sends the action again with the verified token', async () => {
    const submits: SubmitActionInput[] = [];
    const confirm = vi.fn(async () => ({ status: 'succeeded' as const, token: 'verified-token' }));
    const { actor, emitted } = start(
      { kind: 'launchCampaign', id: 'c1' },
      {
        submit: async (input) => {
          submits.push(input);
          if (!input.stepUpToken) throw challengeRequired;
          return { success: true };
        },
        confirm,
      },
    );
    await ready(actor);
    actor.send({ type: 'modal.submit' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(confirm).toHaveBeenCalledWith(challenge);
    expect(submits.map((input) => input.stepUpToken)).toEqual([null, 'verified-token']);
    expect(emitted).toContainEqual({ type: 'modal.succeeded', flag: 'campaignLaunched' });
  });

  it('a cancelled step-up leaves the modal as it was, with nothing said', async () => {
    const { actor, submitAction, view } = start(
      { kind: 'deleteCampaign', id: 'c1' },
      { submit: () => Promise.reject(challengeRequired), confirm: async () => ({ status: 'cancelled' }) },
    );
    await ready(actor);
    actor.send({ type: 'modal.submit' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(view()).toMatchObject({ phase: 'idle', businessError: null, isSubmitting: false });
    expect(submitAction).toHaveBeenCalledTimes(1);
  });

  it('an expired step-up says so; trying again asks again', async () => {
    const confirm = vi.fn(async (): Promise<StepUpOutcome> => ({ status: 'expired' }));
    const { actor, view } = start(
      { kind: 'deleteCustomer', id: 'k1' },
      { submit: () => Promise.reject(challengeRequired), confirm },
    );
    await ready(actor);
    actor.send({ type: 'modal.submit' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(view().businessError).toBe(STEP_UP_EXPIRED_MESSAGE);
    actor.send({ type: 'modal.submit' });
    await waitFor(actor, () => confirm.mock.calls.length === 2);
  });
});
