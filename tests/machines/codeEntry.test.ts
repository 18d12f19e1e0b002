import {
  CODE_REQUIRED_MESSAGE,
  type CodeEntryInput,
  codeEntryMachine,
  connectCodeEntry,
  type SendCodeOutput,
  sanitizeCode,
  type VerifyCodeOutput,
} from '@machines/codeEntry';
import { ERROR_RESET_MS, RESEND_COOLDOWN_MS } from '@machines/delays';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function start(
  input: CodeEntryInput,
  answers: {
    verify?: (code: string) => Promise<VerifyCodeOutput>;
    send?: () => Promise<SendCodeOutput>;
  } = {},
) {
  const clock = new SimulatedClock();
  const sendCode = vi.fn(answers.send ?? (async () => ({ sent: input.method !== 'AUTHENTICATOR_APP' })));
  const verifyCode = vi.fn(answers.verify ?? (async () => ({ token: 'verified-token' })));
  const machine = codeEntryMachine.provide({
    actors: {
      sendCode: fromPromise(sendCode),
      verifyCode: fromPromise<VerifyCodeOutput, { method: CodeEntryInput['method']; code: string }>(
        ({ input }) => verifyCode(input.code),
      ),
    },
  });
  const actor = createActor(machine, { input, clock });
  const emitted: string[] = [];
  actor.on('*', (event) => emitted.push(event.type));
  actor.start();
  return {
    actor,
    clock,
    sendCode,
    verifyCode,
    emitted,
    view: () => connectCodeEntry(actor.getSnapshot(), actor.send),
  };
}

describe('code entry', () => {
  it('keeps digits only, at most six', () => {
    expect(sanitizeCode(' 12a3-45 678')).toBe('123456');
  });

  it('submits by itself at the sixth digit and ends with the token', async () => {
    const { actor, verifyCode, view } = start({ method: 'AUTHENTICATOR_APP' });
    actor.send({ type: 'code.change', value: '12345' });
    expect(view().phase).toBe('idle');
    actor.send({ type: 'code.change', value: '123456' });
    expect(view()).toMatchObject({ phase: 'loading', isReadOnly: true });
    await flush();
    expect(verifyCode).toHaveBeenCalledWith('123456');
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ token: 'verified-token' });
  });

  it('an empty submit says “Enter a code” and shakes, then resets', () => {
    const { actor, clock, verifyCode, view } = start({ method: 'AUTHENTICATOR_APP' });
    actor.send({ type: 'code.submit' });
    expect(view()).toMatchObject({ phase: 'error', isInvalid: true, fieldError: CODE_REQUIRED_MESSAGE });
    clock.increment(ERROR_RESET_MS);
    expect(view().phase).toBe('idle');
    expect(verifyCode).not.toHaveBeenCalled();
  });

  it('a wrong code shakes, clears after 500 ms and refocuses the field', async () => {
    const { actor, clock, emitted, view } = start(
      { method: 'AUTHENTICATOR_APP' },
      { verify: async () => ({ attemptsRemaining: 3 }) },
    );
    actor.send({ type: 'code.change', value: '000000' });
    await flush();
    expect(view()).toMatchObject({
      phase: 'error',
      code: '000000',
      fieldError: 'That code is incorrect. 3 attempts left.',
    });
    clock.increment(ERROR_RESET_MS - 1);
    expect(view().phase).toBe('error');
    clock.increment(1);
    expect(view()).toMatchObject({ phase: 'idle', code: '' });
    expect(emitted).toContain('code.focus');
    actor.send({ type: 'code.change', value: '1' });
    expect(view().fieldError).toBeNull();
  });

  it('an answer with an error is ignored without leaving the field stuck in loading', async () => {
    const { actor, view } = start(
      { method: 'AUTHENTICATOR_APP' },
      { verify: async () => ({ error: 'locked' }) },
    );
    actor.send({ type: 'code.change', value: '123456' });
    await flush();
    expect(view()).toMatchObject({ phase: 'idle', fieldError: null, code: '123456' });
  });

  it('no answer at all leaves the field usable', async () => {
    const { actor, view } = start(
      { method: 'AUTHENTICATOR_APP' },
      { verify: () => Promise.reject(new TypeError('Failed to fetch')) },
    );
    actor.send({ type: 'code.change', value: '123456' });
    await flush();
    expect(view().phase).toBe('idle');
  });

  it('e-mail: sends the code once on opening, offers a new one after the cooldown', async () => {
    const { actor, clock, sendCode, view } = start({ method: 'EMAIL_OTP' });
    await flush();
    expect(sendCode).toHaveBeenCalledTimes(1);
    expect(view()).toMatchObject({ delivery: 'coolingDown', showsResend: true, canResend: false });
    actor.send({ type: 'code.resend' });
    expect(sendCode).toHaveBeenCalledTimes(1);
    clock.increment(RESEND_COOLDOWN_MS);
    expect(view().canResend).toBe(true);
    actor.send({ type: 'code.resend' });
    await flush();
    expect(sendCode).toHaveBeenCalledTimes(2);
  });

  it('a failed send shows why and can be retried', async () => {
    const { view } = start(
      { method: 'SMS' },
      {
        send: () =>
          Promise.reject({ status: 429, message: 'Too many codes were sent. Try again in 10 minutes.' }),
      },
    );
    await flush();
    expect(view()).toMatchObject({
      delivery: 'failed',
      canResend: true,
      deliveryError: 'Too many codes were sent. Try again in 10 minutes.',
    });
  });

  it('the authenticator app has nothing to send', async () => {
    const { view } = start({ method: 'AUTHENTICATOR_APP' });
    await flush();
    expect(view()).toMatchObject({ delivery: 'none', showsResend: false });
  });
});
