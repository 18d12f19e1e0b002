import type { CodeEntryMachine } from '@machines/codeEntry';
import {
  type AppSecret,
  addressError,
  type CeremonyMethod,
  type CodeCheck,
  type ConfirmCodeMethod,
  type ContactMethod,
  connectEnrolAuthenticator,
  type Enrolment,
  enrolAuthenticatorMachine,
  PHONE_MESSAGE,
  provideConfirmCode,
  type SentTo,
} from '@machines/enrolAuthenticator';
import { describe, expect, it, vi } from 'vitest';
import { type ActorRefFrom, createActor, fromPromise, toPromise, waitFor } from 'xstate';

const ENROLMENT: Enrolment = { token: 'enrol-1', baseUrl: '/provider/v1', tenantId: 'flightplan-local' };

const APP: AppSecret = {
  uri: 'otpauth://totp/Flightplan:dana?secret=JBSWY3DPEHPK3PXP',
  secret: 'JBSWY3DPEHPK3PXP',
};

function start(
  overrides: {
    register?: (method: CeremonyMethod) => Promise<void>;
    startApp?: () => Promise<AppSecret>;
    send?: (method: ContactMethod, address: string) => Promise<SentTo>;
    verify?: (method: ConfirmCodeMethod, code: string) => Promise<CodeCheck>;
    waitForLink?: (signal: AbortSignal) => Promise<void>;
  } = {},
) {
  const register = vi.fn(overrides.register ?? (async () => {}));
  const startApp = vi.fn(overrides.startApp ?? (async () => APP));
  const send = vi.fn(overrides.send ?? (async (_m: ContactMethod, address: string) => ({ address })));
  const verify = vi.fn(overrides.verify ?? (async () => ({ verified: true })));
  const waitForLink = vi.fn(overrides.waitForLink ?? (async () => {}));
  const machine = enrolAuthenticatorMachine.provide({
    actors: {
      registerCredential: fromPromise(
        ({ input }: { input: { method: CeremonyMethod; enrolment: Enrolment } }) => {
          expect(input.enrolment).toEqual(ENROLMENT);
          return register(input.method);
        },
      ),
      startApp: fromPromise(({ input }: { input: { enrolment: Enrolment } }) => {
        expect(input.enrolment).toEqual(ENROLMENT);
        return startApp();
      }),
      sendCode: fromPromise(
        ({ input }: { input: { method: ContactMethod; address: string; enrolment: Enrolment } }) => {
          expect(input.enrolment).toEqual(ENROLMENT);
          return send(input.method, input.address);
        },
      ),
      // The first code is confirmed in the code view's chart, over the same provider calls.
      codeEntry: provideConfirmCode({
        sendCode: (request) => {
          expect(request.enrolment).toEqual(ENROLMENT);
          return send(request.method, request.address);
        },
        verifyCode: (input) => verify(input.method, input.code),
      }),
      waitForLink: fromPromise(({ signal }) => waitForLink(signal)),
    },
  });
  const actor = createActor(machine, { input: { email: 'dana@example.com', enrolment: ENROLMENT } });
  const focused: string[] = [];
  actor.on('address.focus', () => focused.push('address'));
  // The code field's focus is asked for by the code view's chart, started on entering `confirming`.
  let watched: unknown;
  actor.subscribe((snapshot) => {
    const child = snapshot.children.codeEntry as ActorRefFrom<CodeEntryMachine> | undefined;
    if (child && child !== watched) {
      watched = child;
      child.on('code.focus', () => focused.push('code'));
    }
  });
  actor.start();
  /** The code view's chart while confirming. */
  const code = () => actor.getSnapshot().children.codeEntry as ActorRefFrom<CodeEntryMachine>;
  return {
    actor,
    register,
    startApp,
    send,
    verify,
    waitForLink,
    focused,
    code,
    /** Waits for the first code's field phase (`idle`, `error` — the slots shake) or delivery phase. */
    codeIn: (
      state: { code?: 'idle' | 'loading' | 'error'; delivery?: 'sending' | 'ready' },
      timeout = 5_000,
    ) => waitFor(code(), (snapshot) => snapshot.matches({ active: state }), { timeout }),
    view: () => connectEnrolAuthenticator(actor.getSnapshot(), actor.send),
  };
}

describe('enrolAuthenticator', () => {
  it('opens on the chooser with the five methods', () => {
    const { view } = start();
    expect(view().step).toBe('choosing');
    expect(view().title).toBe('Add a sign-in method');
    expect(view().choices.map((c) => c.label)).toEqual([
      'Passkey',
      'Security key',
      'Authenticator app',
      'E-mail address',
      'Phone number',
    ]);
  });

  it('adds a passkey after a cancelled ceremony and “Try again”', async () => {
    let attempt = 0;
    const flow = start({
      register: async () => {
        attempt++;
        if (attempt === 1)
          throw { status: 400, message: 'The passkey was not added.', errorCode: 'CEREMONY_ABORTED' };
      },
    });
    flow.actor.send({ type: 'method.select', method: 'PASSKEY' });
    expect(flow.view().title).toBe('Add a passkey');
    await waitFor(flow.actor, (s) => s.matches('registerFailed'));
    expect(flow.view().error).toBe('The passkey was not added.');
    flow.actor.send({ type: 'retry' });
    expect(flow.view().error).toBeNull();
    await expect(toPromise(flow.actor)).resolves.toEqual({ method: 'PASSKEY' });
    expect(flow.register).toHaveBeenCalledTimes(2);
    expect(flow.register).toHaveBeenLastCalledWith('PASSKEY');
  });

  it('sets up an authenticator app: secret, “Enter a code”, a wrong code cleared after 500 ms, the right one', async () => {
    const flow = start({
      verify: async (_method, code) =>
        code === '123456' ? { verified: true } : { verified: false, attemptsRemaining: 4 },
    });
    flow.actor.send({ type: 'method.select', method: 'AUTHENTICATOR_APP' });
    await waitFor(flow.actor, (s) => s.matches('confirming'));
    expect(flow.view().app).toEqual(APP);
    expect(flow.view().prompt).toBe('Enter the six-digit code the app shows to finish.');
    expect(flow.view().canResend).toBe(false);

    flow.actor.send({ type: 'code.change', value: '12' });
    flow.actor.send({ type: 'code.submit' });
    expect(flow.view().codeError).toBe('Enter a code');
    expect(flow.verify).not.toHaveBeenCalled();
    await flow.codeIn({ code: 'idle' }, 15_000);

    flow.actor.send({ type: 'code.change', value: '65-43-21' });
    await flow.codeIn({ code: 'error' });
    expect(flow.verify).toHaveBeenLastCalledWith('AUTHENTICATOR_APP', '654321');
    expect(flow.view().isCodeInvalid).toBe(true);
    expect(flow.view().codeError).toBe('That code is incorrect. 4 attempts left.');
    await flow.codeIn({ code: 'idle' }, 15_000);
    expect(flow.view().code).toBe('');
    expect(flow.view().codeError).toBe('That code is incorrect. 4 attempts left.');
    expect(flow.focused).toContain('code');

    flow.actor.send({ type: 'code.change', value: '123456' });
    await expect(toPromise(flow.actor)).resolves.toEqual({ method: 'AUTHENTICATOR_APP' });
  });

  it('names a bad address under the field and sends nothing; a refusal of the provider shows there too', async () => {
    const flow = start({
      send: async () => {
        throw { status: 429, message: 'Wait 30 seconds before asking for another code.' };
      },
    });
    flow.actor.send({ type: 'method.select', method: 'SMS' });
    expect(flow.view().address).toBe('');
    flow.actor.send({ type: 'address.submit' });
    expect(flow.view().addressError).toBe('Enter a phone number');
    flow.actor.send({ type: 'address.change', value: '0412 345 678' });
    expect(flow.view().addressError).toBeNull();
    flow.actor.send({ type: 'address.submit' });
    expect(flow.view().addressError).toBe(PHONE_MESSAGE);
    expect(flow.send).not.toHaveBeenCalled();
    expect(flow.focused).toEqual(['address', 'address']);

    flow.actor.send({ type: 'address.change', value: '+1 (415) 555-0123' });
    flow.actor.send({ type: 'address.submit' });
    expect(flow.view().isSending).toBe(true);
    await waitFor(flow.actor, (s) => s.matches({ address: 'editing' }));
    expect(flow.send).toHaveBeenCalledWith('SMS', '+1 (415) 555-0123');
    expect(flow.view().addressError).toBe('Wait 30 seconds before asking for another code.');
  });

  it('adds an e-mail address by code, with a resend and a refusal that says why', async () => {
    let verifies = 0;
    const flow = start({
      verify: async () => {
        verifies++;
        return verifies === 1
          ? { verified: false, message: 'Too many wrong codes: this code is locked. Request a new one.' }
          : { verified: true };
      },
    });
    flow.actor.send({ type: 'method.select', method: 'EMAIL_OTP' });
    expect(flow.view().address).toBe('dana@example.com');
    expect(flow.view().delivery).toBe('code');
    flow.actor.send({ type: 'address.change', value: 'Dana.Work@Example.com' });
    flow.actor.send({ type: 'address.submit' });
    await waitFor(flow.actor, (s) => s.matches('confirming'));
    expect(flow.view().prompt).toBe('Enter the code sent to Dana.Work@Example.com.');

    // The address step sent the first code: opening the code field sends none.
    expect(flow.send).toHaveBeenCalledTimes(1);
    flow.actor.send({ type: 'code.change', value: '111111' });
    await flow.codeIn({ code: 'error' });
    expect(flow.view().codeError).toBe('Too many wrong codes: this code is locked. Request a new one.');
    await flow.codeIn({ code: 'idle' }, 15_000);

    flow.actor.send({ type: 'code.resend' });
    expect(flow.view().isResending).toBe(true);
    await flow.codeIn({ delivery: 'ready' });
    expect(flow.send).toHaveBeenCalledTimes(2);
    expect(flow.view().notice).toBe('A new code was sent to Dana.Work@Example.com.');

    flow.actor.send({ type: 'code.change', value: '222222' });
    await expect(toPromise(flow.actor)).resolves.toEqual({ method: 'EMAIL_OTP' });
    expect(flow.verify).toHaveBeenLastCalledWith('EMAIL_OTP', '222222');
  });

  it('confirms a phone number: no answer and a refused resend are said, a new code may be asked at once', async () => {
    let sends = 0;
    let verifies = 0;
    const flow = start({
      send: async (_method, address) => {
        sends++;
        if (sends === 2) throw { status: 429, message: 'Wait 12 seconds before asking for another code.' };
        return { address };
      },
      verify: async () => {
        verifies++;
        if (verifies === 1) throw new TypeError('Failed to fetch');
        return { verified: true };
      },
    });
    flow.actor.send({ type: 'method.select', method: 'SMS' });
    flow.actor.send({ type: 'address.change', value: '+14155550123' });
    flow.actor.send({ type: 'address.submit' });
    await waitFor(flow.actor, (s) => s.matches('confirming'));
    expect(flow.view()).toMatchObject({ canResend: true, isResending: false, notice: null, error: null });

    // No answer: the code stays, the reason under it.
    flow.actor.send({ type: 'code.change', value: '135790' });
    await flow.codeIn({ code: 'idle' });
    expect(flow.view()).toMatchObject({
      code: '135790',
      codeError: 'Could not reach the server. Check your connection and try again.',
      isCodeInvalid: false,
    });

    // “Send a new code” at once: refused (said above the actions), then sent (said where).
    flow.actor.send({ type: 'code.resend' });
    await waitFor(flow.code(), (snapshot) => snapshot.matches({ active: { delivery: 'failed' } }));
    expect(flow.view().error).toBe('Wait 12 seconds before asking for another code.');
    flow.actor.send({ type: 'code.resend' });
    await flow.codeIn({ delivery: 'ready' });
    expect(flow.view()).toMatchObject({ error: null, notice: 'A new code was sent to +14155550123.' });
    expect(flow.send).toHaveBeenCalledTimes(3);

    flow.actor.send({ type: 'code.submit' });
    await expect(toPromise(flow.actor)).resolves.toEqual({ method: 'SMS' });
    expect(flow.verify).toHaveBeenLastCalledWith('SMS', '135790');
  });

  it('adds an e-mail address by magic link; going back stops waiting for the link', async () => {
    const signals: AbortSignal[] = [];
    let resolveLink = () => {};
    const flow = start({
      waitForLink: (signal) =>
        new Promise<void>((resolve) => {
          signals.push(signal);
          resolveLink = resolve;
        }),
    });
    flow.actor.send({ type: 'method.select', method: 'EMAIL_OTP' });
    flow.actor.send({ type: 'delivery.select', method: 'EMAIL_MAGIC_LINK' });
    expect(flow.view().delivery).toBe('link');
    flow.actor.send({ type: 'address.submit' });
    await waitFor(flow.actor, (s) => s.matches('waitingForLink'));
    expect(flow.send).toHaveBeenCalledWith('EMAIL_MAGIC_LINK', 'dana@example.com');
    expect(flow.view().prompt).toBe(
      'A verification link was sent to dana@example.com. Click the link to proceed.',
    );
    expect(flow.view().resendLabel).toBe('Send a new link');

    flow.actor.send({ type: 'address.edit' });
    expect(flow.actor.getSnapshot().matches({ address: 'editing' })).toBe(true);
    expect(signals[0]?.aborted).toBe(true);

    flow.actor.send({ type: 'address.submit' });
    await waitFor(flow.actor, (s) => s.matches('waitingForLink'));
    resolveLink();
    await expect(toPromise(flow.actor)).resolves.toEqual({ method: 'EMAIL_MAGIC_LINK' });
  });

  it('shows a link that expired with “Send a new link”', async () => {
    const flow = start({
      waitForLink: async () => {
        throw { status: 400, message: 'The verification link was not used in time' };
      },
    });
    flow.actor.send({ type: 'method.select', method: 'EMAIL_OTP' });
    flow.actor.send({ type: 'delivery.select', method: 'EMAIL_MAGIC_LINK' });
    flow.actor.send({ type: 'address.submit' });
    await waitFor(flow.actor, (s) => s.matches('linkFailed'));
    expect(flow.view().error).toBe('The verification link was not used in time');
    expect(flow.view().canResend).toBe(true);
  });

  it('“Choose another method” goes back to the chooser and forgets the method', async () => {
    const flow = start({
      startApp: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    flow.actor.send({ type: 'method.select', method: 'AUTHENTICATOR_APP' });
    await waitFor(flow.actor, (s) => s.matches('prepareFailed'));
    expect(flow.view().error).toBe('Could not reach the server. Check your connection and try again.');
    flow.actor.send({ type: 'method.choose' });
    expect(flow.view().step).toBe('choosing');
    expect(flow.view().method).toBeNull();
    expect(flow.view().error).toBeNull();
  });
});

describe('addressError', () => {
  it('checks e-mail addresses and international phone numbers like the provider', () => {
    expect(addressError('EMAIL_OTP', '')).toBe('Enter your e-mail address');
    expect(addressError('EMAIL_MAGIC_LINK', 'dana@')).toBe('Enter a valid e-mail address');
    expect(addressError('EMAIL_OTP', ' dana@example.com ')).toBeNull();
    expect(addressError('SMS', '+44 20 7946 0958')).toBeNull();
    expect(addressError('SMS', '+0123456789')).toBe(PHONE_MESSAGE);
    expect(addressError('SMS', '+1234567')).toBe(PHONE_MESSAGE);
  });
});
