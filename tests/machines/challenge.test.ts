import {
  type ChallengeOptions,
  challengeMachine,
  connectChallenge,
  type VerificationMethod,
} from '@machines/challenge';
import { codeEntryMachine, type VerifyCodeOutput } from '@machines/codeEntry';
import { ERROR_RESET_MS, MAGIC_LINK_POLL_MS, TOKEN_LIFETIME_MS } from '@machines/delays';
import { type LinkStatus, magicLinkMachine } from '@machines/magicLink';
import {
  type CeremonyOutput,
  type WebAuthnCeremonyInput,
  type WebAuthnSupport,
  webauthnCeremonyMachine,
} from '@machines/webauthnCeremony';
import { describe, expect, it, vi } from 'vitest';
import { type AnyActorRef, createActor, fromPromise, SimulatedClock } from 'xstate';

const user = { email: 'dana@example.com', phoneNumber: '+15555550123' };
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function open(
  options: Partial<ChallengeOptions> = {},
  actors: {
    verifyCode?: () => Promise<VerifyCodeOutput>;
    checkStatus?: () => Promise<LinkStatus>;
  } = {},
) {
  const clock = new SimulatedClock();
  const sendCode = vi.fn(async () => ({ sent: true }));
  const checkStatus = vi.fn(actors.checkStatus ?? (async () => ({ isVerified: false })));
  const machine = challengeMachine.provide({
    actors: {
      codeEntry: codeEntryMachine.provide({
        actors: {
          sendCode: fromPromise(sendCode),
          verifyCode: fromPromise(actors.verifyCode ?? (async () => ({ token: 'verified-token' }))),
        },
      }),
      magicLink: magicLinkMachine.provide({
        actors: {
          sendLink: fromPromise<unknown>(async () => undefined),
          checkStatus: fromPromise(checkStatus),
        },
      }),
      webauthnCeremony: webauthnCeremonyMachine.provide({
        actors: {
          checkSupport: fromPromise<WebAuthnSupport, WebAuthnCeremonyInput>(async () => ({
            supported: true,
            needsClick: false,
          })),
          authenticate: fromPromise<CeremonyOutput, WebAuthnCeremonyInput>(async () => ({
            token: 'passkey-token',
          })),
        },
      }),
    },
  });
  const actor = createActor(machine, { clock }).start();
  const emitted: { type: string; token?: string }[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.send({ type: 'challenge.open', options: { token: 'challenge-token', user, ...options } });
  const child = () => actor.getSnapshot().children.methodView as AnyActorRef | undefined;
  return {
    actor,
    clock,
    emitted,
    sendCode,
    checkStatus,
    child,
    view: () => connectChallenge(actor.getSnapshot(), actor.send),
  };
}

describe('challenge dialog', () => {
  it('opens the chooser with every method when no list is given', () => {
    const { view } = open();
    expect(view()).toMatchObject({ isOpen: true, view: 'chooser', switchLink: null });
    expect(view().choices.map((choice) => choice.label)).toEqual([
      'Passkey',
      'Security key',
      'Authenticator app',
      'Email OTP',
      'Email magic link',
      'Text message',
      // Issue 11: the last resort comes last.
      'Recovery code',
    ]);
  });

  it('lists only the allowed methods and opens the default one first', () => {
    const { view } = open({
      verificationMethods: ['SMS', 'EMAIL_OTP', 'AUTHENTICATOR_APP'],
      defaultVerificationMethod: 'SMS',
    });
    expect(view().view).toBe('SMS');
    expect(view().prompt).toBe('Enter the code sent to +15555550123 to proceed.');
    expect(view().choices.map((choice) => choice.method)).toEqual(['AUTHENTICATOR_APP', 'EMAIL_OTP', 'SMS']);
  });

  it('ignores a default method that is not allowed, and a method that is not in the list', () => {
    const { actor, view } = open({
      verificationMethods: ['EMAIL_OTP', 'SMS'],
      defaultVerificationMethod: 'PASSKEY',
    });
    expect(view().view).toBe('chooser');
    actor.send({ type: 'method.select', method: 'PASSKEY' });
    expect(view().view).toBe('chooser');
  });

  it.each<[string, VerificationMethod[] | undefined, string | null]>([
    ['no list', undefined, 'Use another authentication method'],
    ['three methods', ['AUTHENTICATOR_APP', 'EMAIL_OTP', 'SMS'], 'Use another authentication method'],
    ['two methods', ['AUTHENTICATOR_APP', 'EMAIL_OTP'], 'Use Email OTP instead'],
    ['one method', ['AUTHENTICATOR_APP'], null],
  ])('switching link with %s', (_, verificationMethods, label) => {
    const { actor, view } = open({ verificationMethods, defaultVerificationMethod: 'AUTHENTICATOR_APP' });
    expect(view().view).toBe('AUTHENTICATOR_APP');
    expect(view().switchLink?.label ?? null).toBe(label);
    const link = view().switchLink;
    if (link) {
      actor.send(link.event);
      expect(view().view).toBe(link.event.type === 'method.choose' ? 'chooser' : 'EMAIL_OTP');
    } else {
      actor.send({ type: 'method.choose' });
      expect(view().view).toBe('AUTHENTICATOR_APP');
    }
  });

  it('does not open without a token', () => {
    const { actor } = open({ token: '' });
    expect(actor.getSnapshot().matches('closed')).toBe(true);
  });

  it('closes with success and hands over the token from the method view', async () => {
    const { actor, emitted } = open({ verificationMethods: ['AUTHENTICATOR_APP'] });
    actor.getSnapshot().children.methodView?.send({ type: 'code.change', value: '123456' });
    await flush();
    expect(actor.getSnapshot().matches('closed')).toBe(true);
    expect(emitted).toEqual([{ type: 'challenge.succeeded', token: 'verified-token' }]);
  });

  it('sends the e-mail code once when the view opens', async () => {
    const { sendCode, view } = open({ verificationMethods: ['EMAIL_OTP'] });
    await flush();
    expect(view().prompt).toBe('Enter the code sent to dana@example.com to proceed.');
    expect(sendCode).toHaveBeenCalledTimes(1);
  });

  it('closing by the person cancels and stops the magic-link polling', async () => {
    const { actor, clock, checkStatus, emitted } = open({ defaultVerificationMethod: 'EMAIL_MAGIC_LINK' });
    await flush();
    clock.increment(MAGIC_LINK_POLL_MS);
    await flush();
    clock.increment(MAGIC_LINK_POLL_MS);
    await flush();
    expect(checkStatus).toHaveBeenCalledTimes(2);
    actor.send({ type: 'dialog.close' });
    clock.increment(MAGIC_LINK_POLL_MS * 5);
    await flush();
    expect(checkStatus).toHaveBeenCalledTimes(2);
    expect(emitted).toEqual([{ type: 'challenge.cancelled' }]);
  });

  it('switching to another view stops the polling', async () => {
    const { actor, clock, checkStatus } = open({ defaultVerificationMethod: 'EMAIL_MAGIC_LINK' });
    await flush();
    actor.send({ type: 'method.choose' });
    clock.increment(MAGIC_LINK_POLL_MS * 3);
    await flush();
    expect(checkStatus).not.toHaveBeenCalled();
  });

  it('closes as expired when the token runs out, and on the provider’s expired_token', () => {
    const first = open({}, {});
    first.clock.increment(TOKEN_LIFETIME_MS - 1);
    expect(first.view().isOpen).toBe(true);
    first.clock.increment(1);
    expect(first.view().isOpen).toBe(false);
    expect(first.emitted).toEqual([{ type: 'challenge.expired' }]);

    const second = open();
    second.actor.send({ type: 'token.expire' });
    expect(second.emitted).toEqual([{ type: 'challenge.expired' }]);
  });

  it('a wrong code inside the dialog resets after 500 ms without closing it', async () => {
    const { child, clock, view } = open(
      { verificationMethods: ['AUTHENTICATOR_APP'] },
      { verifyCode: async () => ({ attemptsRemaining: 2 }) },
    );
    child()?.send({ type: 'code.change', value: '111111' });
    await flush();
    expect(
      child()
        ?.getSnapshot()
        .matches({ active: { code: 'error' } }),
    ).toBe(true);
    clock.increment(ERROR_RESET_MS);
    expect(child()?.getSnapshot().context.code).toBe('');
    expect(view().isOpen).toBe(true);
  });
});
