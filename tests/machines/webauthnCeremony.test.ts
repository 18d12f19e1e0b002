import { type LinkStatus, magicLinkMachine } from '@machines/magicLink';
import {
  type CeremonyOutput,
  connectWebAuthnCeremony,
  type WebAuthnSupport,
  webauthnCeremonyMachine,
} from '@machines/webauthnCeremony';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function start(support: WebAuthnSupport, answers: Array<() => Promise<CeremonyOutput>>) {
  const authenticate = vi.fn(() => (answers.shift() ?? (async () => ({ token: 't' })))());
  const machine = webauthnCeremonyMachine.provide({
    actors: { checkSupport: fromPromise(async () => support), authenticate: fromPromise(authenticate) },
  });
  const actor = createActor(machine, { input: { method: 'SECURITY_KEY' } }).start();
  return { actor, authenticate, view: () => connectWebAuthnCeremony(actor.getSnapshot(), actor.send) };
}

describe('passkey and security-key views', () => {
  it('says the browser is not supported', async () => {
    const { view, authenticate } = start({ supported: false, needsClick: false }, []);
    await flush();
    expect(view()).toMatchObject({
      phase: 'notSupported',
      texts: { notSupportedTitle: 'Security keys not supported' },
    });
    expect(authenticate).not.toHaveBeenCalled();
  });

  it('waits for the click, then starts the ceremony within that same call', async () => {
    const { actor, authenticate, view } = start({ supported: true, needsClick: true }, []);
    await flush();
    expect(view().phase).toBe('awaitingClick');
    expect(authenticate).not.toHaveBeenCalled();
    actor.send({ type: 'ceremony.start' });
    // Synchronously: the browser's user activation must still be there.
    expect(authenticate).toHaveBeenCalledTimes(1);
  });

  it('a failed ceremony offers Try again, which runs it again', async () => {
    const { actor, authenticate, view } = start({ supported: true, needsClick: false }, [
      async () => ({ error: 'Authentication was not completed' }),
      async () => ({ token: 'key-token' }),
    ]);
    await flush();
    expect(view()).toMatchObject({
      phase: 'error',
      reason: 'Authentication was not completed',
      texts: { error: 'There was a problem authenticating with your security key.' },
    });
    actor.send({ type: 'ceremony.retry' });
    await flush();
    expect(authenticate).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().output).toEqual({ token: 'key-token' });
  });
});

describe('magic link', () => {
  it('polls until verified, then stops; an error answer stops the polling too', async () => {
    vi.useFakeTimers();
    try {
      const answers = [
        { isVerified: false },
        { isVerified: false },
        { isVerified: true, token: 'link-token' },
      ];
      const checkStatus = vi.fn(async (): Promise<LinkStatus> => answers.shift() ?? { isVerified: false });
      const actor = createActor(
        magicLinkMachine.provide({
          actors: {
            sendLink: fromPromise<unknown>(async () => undefined),
            checkStatus: fromPromise(checkStatus),
          },
        }),
      ).start();
      await vi.advanceTimersByTimeAsync(999);
      expect(checkStatus).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(checkStatus).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(5000);
      expect(checkStatus).toHaveBeenCalledTimes(3);
      expect(actor.getSnapshot().output).toEqual({ token: 'link-token' });

      const failing = vi.fn(async (): Promise<LinkStatus> => ({ isVerified: false, error: 'invalid_token' }));
      const stopped = createActor(
        magicLinkMachine.provide({
          actors: {
            sendLink: fromPromise<unknown>(async () => undefined),
            checkStatus: fromPromise(failing),
          },
        }),
      ).start();
      await vi.advanceTimersByTimeAsync(5000);
      expect(failing).toHaveBeenCalledTimes(1);
      expect(stopped.getSnapshot().value).toBe('failed');
    } finally {
      vi.useRealTimers();
    }
  });
});
