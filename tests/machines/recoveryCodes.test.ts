import type { UserAuthenticator } from '@contract/provider';
import { connectRecoveryCodes, recoveryCodesMachine, recoveryCodesText } from '@machines/recoveryCodes';
import { connectSecuritySettings, securitySettingsMachine } from '@machines/securitySettings';
import { provideStepUpConfirmation } from '@machines/stepUpConfirmation';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';

const ENROLMENT = { token: 'enrol-token', baseUrl: '/provider/v1', tenantId: 'flightplan-local' };
const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);
const codesSet: UserAuthenticator = {
  userAuthenticatorId: 'rc1',
  verificationMethod: 'RECOVERY_CODE',
  label: 'Recovery codes',
  createdAt: '2026-11-20T10:00:00.000Z',
  isVerified: true,
  recoveryCodesLeft: 7,
};
const passkey: UserAuthenticator = {
  userAuthenticatorId: 'a1',
  verificationMethod: 'PASSKEY',
  label: 'Passkey',
  createdAt: '2026-11-20T10:00:00.000Z',
  isVerified: true,
};

describe('recovery codes on the security page', () => {
  it('are not a row of the list but their own section: “N of 10 left”, Regenerate', async () => {
    const actor = createActor(
      securitySettingsMachine.provide({
        actors: { loadAuthenticators: fromPromise(async () => [passkey, codesSet]) },
      }),
      { input: { email: 'dana@example.com' } },
    ).start();
    await waitFor(actor, (s) => s.matches('ready'));
    const view = connectSecuritySettings(actor.getSnapshot(), actor.send);
    expect(view.items.map((item) => item.method)).toEqual(['PASSKEY']);
    expect(view.recoveryCodes).toEqual({
      id: 'rc1',
      left: 7,
      total: 10,
      summary: 'Recovery codes: 7 of 10 left',
    });
    expect(view.codesText).toBe('Recovery codes: 7 of 10 left');
    expect(view.codesActionLabel).toBe('Regenerate');
    expect(view.canManageCodes).toBe(true);
  });

  it('removing them names them so, and says they were removed', async () => {
    const actor = createActor(
      securitySettingsMachine.provide({
        actors: {
          loadAuthenticators: fromPromise(async () => [codesSet]),
          removeAuthenticator: provideStepUpConfirmation<{ id: string }>({
            send: async () => undefined,
            confirmIdentity: async () => ({ status: 'cancelled' }),
          }),
        },
      }),
      { input: { email: 'dana@example.com' } },
    ).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'remove.request', id: 'rc1' });
    expect(connectSecuritySettings(actor.getSnapshot(), actor.send).removal?.name).toBe(
      'your recovery codes',
    );
    actor.send({ type: 'remove.confirm' });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(actor.getSnapshot().context.notice).toEqual({
      tone: 'success',
      text: 'Your recovery codes were removed.',
    });
  });

  it('the flow: step-up, generate, shown once with copy and .txt, forgotten once saved', async () => {
    let calledWith: unknown = null;
    const actor = createActor(
      recoveryCodesMachine.provide({
        actors: {
          authorize: provideStepUpConfirmation<null>({
            send: async () => ENROLMENT,
            confirmIdentity: async () => ({ status: 'cancelled' }),
          }),
          generateCodes: fromPromise(async ({ input }) => {
            calledWith = input;
            return CODES;
          }),
        },
      }),
      { input: { hasCodes: false } },
    ).start();
    await waitFor(actor, (s) => s.matches('showing'));
    expect(calledWith).toEqual({ enrolment: ENROLMENT });
    const view = connectRecoveryCodes(
      actor.getSnapshot(),
      actor.send,
      () => new Date('2026-11-24T09:00:00Z'),
    );
    expect(view.title).toBe('Save your recovery codes');
    expect(view.clipboardText).toBe(CODES.join('\n'));
    expect(view.download?.text).toBe(recoveryCodesText(CODES, new Date('2026-11-24T09:00:00Z')));
    expect(view.download?.text).toContain('Generated 2026-11-24.');
    expect(view.canClose).toBe(false);
    view.copied();
    expect(connectRecoveryCodes(actor.getSnapshot(), actor.send).isCopied).toBe(true);
    view.acknowledge();
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ status: 'saved' });
    expect(actor.getSnapshot().context.codes).toEqual([]);
  });
});
