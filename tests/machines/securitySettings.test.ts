import type { ChallengeOptions, UserAuthenticator } from '@contract/provider';
import type { StepUpOutcome } from '@machines/challenge';
import { enrolAuthenticatorMachine } from '@machines/enrolAuthenticator';
import {
  authenticatorDetail,
  connectSecuritySettings,
  STEP_UP_EXPIRED_MESSAGE,
  securitySettingsMachine,
} from '@machines/securitySettings';
import { provideStepUpConfirmation } from '@machines/stepUpConfirmation';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';

const passkey: UserAuthenticator = {
  userAuthenticatorId: 'a1',
  verificationMethod: 'PASSKEY',
  label: 'Passkey',
  createdAt: '2026-11-20T10:00:00.000Z',
  lastVerifiedAt: '2026-11-21T09:30:00.000Z',
  isVerified: true,
  credentialId: 'cred-1',
  authenticatorAttachment: 'platform',
};
const phone: UserAuthenticator = {
  userAuthenticatorId: 'a2',
  verificationMethod: 'SMS',
  label: '+14155550123',
  createdAt: '2026-11-19T10:00:00.000Z',
  lastVerifiedAt: null,
  isVerified: true,
  phoneNumber: '+14155550123',
};

const ENROLMENT = { token: 'enrol-token', baseUrl: '/provider/v1', tenantId: 'flightplan-local' };
const CHALLENGE: ChallengeOptions = { token: 'challenge-token', user: { email: 'dana@example.com' } };
const challengeRequired = {
  status: 403,
  message: 'Confirm it’s you to continue.',
  errorCode: 'CHALLENGE_REQUIRED',
  challenge: CHALLENGE,
};

function start(options: {
  lists: UserAuthenticator[][];
  remove?: (id: string, stepUpToken: string | null) => Promise<void>;
  /** POST /api/security/enrollment-token; by default handed out at once. */
  enrol?: (stepUpToken: string | null) => Promise<unknown>;
  register?: () => Promise<void>;
  confirm?: (challenge: ChallengeOptions) => Promise<StepUpOutcome>;
}) {
  const lists = [...options.lists];
  const load = vi.fn(async () => {
    const next = lists.shift();
    if (!next) throw new TypeError('Failed to fetch');
    return next;
  });
  const remove = vi.fn(options.remove ?? (async () => {}));
  const enrol = vi.fn(options.enrol ?? (async () => ENROLMENT));
  const confirm = vi.fn(options.confirm ?? (async (): Promise<StepUpOutcome> => ({ status: 'cancelled' })));
  const machine = securitySettingsMachine.provide({
    actors: {
      loadAuthenticators: fromPromise(() => load()),
      // The step-up confirmation chart, with the test's DELETE and dialog.
      removeAuthenticator: provideStepUpConfirmation<{ id: string }>({
        send: ({ request, stepUpToken }) => remove(request.id, stepUpToken),
        confirmIdentity: (challenge) => confirm(challenge),
      }),
      authorizeAdding: provideStepUpConfirmation<null>({
        send: ({ stepUpToken }) => enrol(stepUpToken),
        confirmIdentity: (challenge) => confirm(challenge),
      }),
      enrolAuthenticator: enrolAuthenticatorMachine.provide({
        actors: { registerCredential: fromPromise(() => (options.register ?? (async () => {}))()) },
      }),
    },
  });
  const actor = createActor(machine, { input: { email: 'dana@example.com' } }).start();
  return {
    actor,
    load,
    remove,
    enrol,
    confirm,
    view: () => connectSecuritySettings(actor.getSnapshot(), actor.send, new Set(['cred-1'])),
  };
}

describe('securitySettings', () => {
  it('shows the empty state, then a method added in the dialog, with a notice', async () => {
    const page = start({ lists: [[], [passkey]] });
    expect(page.view().isLoading).toBe(true);
    await waitFor(page.actor, (s) => s.matches({ ready: 'idle' }));
    expect(page.view().isEmpty).toBe(true);
    expect(page.view().enrolment).toBeNull();

    page.actor.send({ type: 'add.start' });
    await waitFor(page.actor, (s) => s.matches({ ready: 'adding' }));
    const enrolment = page.view().enrolment;
    expect(enrolment).not.toBeNull();
    expect(enrolment?.getSnapshot().context.enrolment).toEqual(ENROLMENT);
    expect(page.view().canAdd).toBe(false);
    enrolment?.send({ type: 'method.select', method: 'PASSKEY' });
    await waitFor(page.actor, (s) => s.matches({ ready: 'idle' }));
    expect(page.load).toHaveBeenCalledTimes(2);
    expect(page.view().notice).toEqual({ tone: 'success', text: 'Passkey added.' });
    expect(page.view().items).toEqual([
      {
        id: 'a1',
        method: 'PASSKEY',
        methodName: 'Passkey',
        detail: 'Passkey on this device',
        addedAt: passkey.createdAt,
        lastUsedAt: passkey.lastVerifiedAt,
      },
    ]);
    page.actor.send({ type: 'notice.dismiss' });
    expect(page.view().notice).toBeNull();
  });

  it('closing the add dialog stops it without reloading', async () => {
    const page = start({ lists: [[passkey]] });
    await waitFor(page.actor, (s) => s.matches({ ready: 'idle' }));
    page.actor.send({ type: 'add.start' });
    await waitFor(page.actor, (s) => s.matches({ ready: 'adding' }));
    page.actor.send({ type: 'add.cancel' });
    expect(page.actor.getSnapshot().context.enrolment).toBeNull();
    expect(page.view().enrolment).toBeNull();
    expect(page.actor.getSnapshot().children.enrolAuthenticator).toBeUndefined();
    expect(page.load).toHaveBeenCalledTimes(1);
  });

  it('adding asks the person to confirm it’s them first; only then does the add dialog open', async () => {
    const outcomes: StepUpOutcome[] = [
      { status: 'cancelled' },
      { status: 'expired' },
      { status: 'succeeded', token: 'verified-for-adding' },
    ];
    const page = start({
      lists: [[passkey]],
      enrol: async (stepUpToken) => {
        if (stepUpToken !== 'verified-for-adding') throw challengeRequired;
        return ENROLMENT;
      },
      confirm: async () => outcomes.shift() ?? { status: 'cancelled' },
    });
    await waitFor(page.actor, (s) => s.matches({ ready: 'idle' }));

    // Closed step-up dialog: nothing opens, nothing is said.
    page.actor.send({ type: 'add.start' });
    expect(page.view().canAdd).toBe(false);
    expect(page.view().enrolment).toBeNull();
    await waitFor(page.actor, (s) => s.matches({ ready: 'idle' }));
    expect(page.view().enrolment).toBeNull();
    expect(page.view().notice).toBeNull();

    // Expired: said above the list.
    page.actor.send({ type: 'add.start' });
    await waitFor(page.actor, (s) => s.matches({ ready: 'idle' }) && s.context.notice !== null);
    expect(page.view().notice).toEqual({ tone: 'error', text: STEP_UP_EXPIRED_MESSAGE });

    // Confirmed: the request goes again with the verified token, and the dialog opens on the token.
    page.actor.send({ type: 'add.start' });
    await waitFor(page.actor, (s) => s.matches({ ready: 'adding' }));
    expect(page.confirm).toHaveBeenCalledWith(CHALLENGE);
    expect(page.enrol.mock.calls).toEqual([[null], [null], [null], ['verified-for-adding']]);
    expect(page.view().enrolment?.getSnapshot().context.enrolment).toEqual(ENROLMENT);
  });

  it('a refused enrolment token is said above the list, and no dialog opens', async () => {
    const page = start({
      lists: [[passkey]],
      enrol: async () => {
        throw { status: 429, message: 'Too many requests. Try again in a minute.' };
      },
    });
    await waitFor(page.actor, (s) => s.matches({ ready: 'idle' }));
    page.actor.send({ type: 'add.start' });
    await waitFor(page.actor, (s) => s.matches({ ready: 'idle' }) && s.context.notice !== null);
    expect(page.view().notice).toEqual({ tone: 'error', text: 'Too many requests. Try again in a minute.' });
    expect(page.view().enrolment).toBeNull();
  });

  it('removes a method after confirmation', async () => {
    const page = start({ lists: [[passkey, phone]] });
    await waitFor(page.actor, (s) => s.matches({ ready: 'idle' }));
    page.actor.send({ type: 'remove.request', id: 'a2' });
    expect(page.view().removal).toEqual({
      name: 'Text message (+14155550123)',
      isRemoving: false,
      error: null,
    });
    page.actor.send({ type: 'remove.cancel' });
    expect(page.view().removal).toBeNull();
    expect(page.remove).not.toHaveBeenCalled();

    page.actor.send({ type: 'remove.request', id: 'a2' });
    page.actor.send({ type: 'remove.confirm' });
    expect(page.view().removal?.isRemoving).toBe(true);
    await waitFor(page.actor, (s) => s.matches({ ready: 'idle' }));
    expect(page.remove).toHaveBeenCalledWith('a2', null);
    expect(page.view().items.map((i) => i.id)).toEqual(['a1']);
    expect(page.view().notice).toEqual({
      tone: 'success',
      text: 'Text message (+14155550123) was removed.',
    });
  });

  it('asks for a step-up when the server wants one, then removes with the verified token once', async () => {
    const challenge: ChallengeOptions = { token: 'challenge-token', user: { email: 'dana@example.com' } };
    const page = start({
      lists: [[passkey, phone]],
      remove: async (_id, stepUpToken) => {
        if (stepUpToken !== 'verified-token')
          throw {
            status: 403,
            message: 'Confirm it’s you to continue.',
            errorCode: 'CHALLENGE_REQUIRED',
            challenge,
          };
      },
      confirm: async () => ({ status: 'succeeded', token: 'verified-token' }),
    });
    await waitFor(page.actor, (s) => s.matches({ ready: 'idle' }));
    page.actor.send({ type: 'remove.request', id: 'a1' });
    page.actor.send({ type: 'remove.confirm' });
    await waitFor(page.actor, (s) => s.matches({ ready: 'idle' }));
    expect(page.confirm).toHaveBeenCalledWith(challenge);
    expect(page.remove.mock.calls).toEqual([
      ['a1', null],
      ['a1', 'verified-token'],
    ]);
    expect(page.view().items.map((i) => i.id)).toEqual(['a2']);
    // The verified token lived in the step-up confirmation, which ended with the removal.
    expect(page.actor.getSnapshot().children.removeAuthenticator).toBeUndefined();
  });

  it('a cancelled step-up leaves the confirmation as it was; an expired one says so', async () => {
    const challenge: ChallengeOptions = { token: 'challenge-token', user: { email: 'dana@example.com' } };
    const outcomes: StepUpOutcome[] = [{ status: 'cancelled' }, { status: 'expired' }];
    const page = start({
      lists: [[passkey]],
      remove: async () => {
        throw {
          status: 403,
          message: 'Confirm it’s you to continue.',
          errorCode: 'CHALLENGE_REQUIRED',
          challenge,
        };
      },
      confirm: async () => outcomes.shift() ?? { status: 'cancelled' },
    });
    await waitFor(page.actor, (s) => s.matches({ ready: 'idle' }));
    page.actor.send({ type: 'remove.request', id: 'a1' });
    page.actor.send({ type: 'remove.confirm' });
    await waitFor(page.actor, (s) => s.matches({ ready: 'confirmingRemoval' }));
    expect(page.view().removal).toEqual({ name: 'Passkey', isRemoving: false, error: null });
    page.actor.send({ type: 'remove.confirm' });
    await waitFor(
      page.actor,
      (s) => s.matches({ ready: 'confirmingRemoval' }) && s.context.removeError !== null,
    );
    expect(page.view().removal?.error).toBe(STEP_UP_EXPIRED_MESSAGE);
    expect(page.view().items).toHaveLength(1);
  });

  it('keeps another refusal in the confirmation; a method already gone leaves the list', async () => {
    const page = start({
      lists: [[passkey, phone]],
      remove: async (id) => {
        throw id === 'a1'
          ? { status: 409, message: 'Something changed; reload the page.' }
          : { status: 404, message: 'Authenticator not found' };
      },
    });
    await waitFor(page.actor, (s) => s.matches({ ready: 'idle' }));
    page.actor.send({ type: 'remove.request', id: 'a1' });
    page.actor.send({ type: 'remove.confirm' });
    await waitFor(page.actor, (s) => s.matches({ ready: 'confirmingRemoval' }));
    expect(page.view().removal).toEqual({
      name: 'Passkey',
      isRemoving: false,
      error: 'Something changed; reload the page.',
    });
    expect(page.view().items).toHaveLength(2);
    page.actor.send({ type: 'remove.cancel' });

    page.actor.send({ type: 'remove.request', id: 'a2' });
    page.actor.send({ type: 'remove.confirm' });
    await waitFor(page.actor, (s) => s.matches({ ready: 'idle' }));
    expect(page.view().items.map((i) => i.id)).toEqual(['a1']);
  });

  it('ignores a removal request for an id that is not listed', async () => {
    const page = start({ lists: [[passkey]] });
    await waitFor(page.actor, (s) => s.matches({ ready: 'idle' }));
    page.actor.send({ type: 'remove.request', id: 'someone-elses' });
    expect(page.view().removal).toBeNull();
  });

  it('shows a load failure with “Try again”', async () => {
    const page = start({ lists: [] });
    await waitFor(page.actor, (s) => s.matches('loadFailed'));
    expect(page.view().loadError).toBe('Could not reach the server. Check your connection and try again.');
  });
});

describe('authenticatorDetail', () => {
  it('says where a passkey lives and shows the address or number of the others', () => {
    expect(authenticatorDetail(passkey, new Set(['cred-1']))).toBe('Passkey on this device');
    expect(authenticatorDetail(passkey, new Set())).toBe('Passkey on another device');
    expect(authenticatorDetail(phone, new Set())).toBe('+14155550123');
    expect(
      authenticatorDetail({ ...passkey, verificationMethod: 'SECURITY_KEY', credentialId: 'x' }, new Set()),
    ).toBe('Hardware security key');
  });
});
