import {
  type ChallengeMachine,
  type CodeMethod,
  challengeMachine,
  type WebAuthnMethod,
} from '@machines/challenge';
import {
  type CodeEntryInput,
  codeEntryMachine,
  type SendCodeOutput,
  type VerifyCodeOutput,
} from '@machines/codeEntry';
import { type LinkStatus, magicLinkMachine } from '@machines/magicLink';
import { type RecoveryCodeCheck, recoveryCodeEntryMachine } from '@machines/recoveryCodeEntry';
import {
  type CeremonyOutput,
  type WebAuthnCeremonyInput,
  type WebAuthnSupport,
  webauthnCeremonyMachine,
} from '@machines/webauthnCeremony';
import { fromPromise } from 'xstate';

/**
 * What the challenge dialog's charts need from the outside world: the provider calls, and what the browser
 * can do. `authClientServices.ts` implements it over the step-up client library; tests implement it over
 * the real provider or fakes.
 */
export interface ChallengeServices {
  /** Hands the challenge token to the provider client before any call. */
  setToken(token: string): void;
  /** Sends the e-mail or text-message code; resolves `{ sent: false }` for the authenticator app. Rejects with why. */
  sendCode(method: CodeMethod): Promise<SendCodeOutput>;
  verifyCode(method: CodeMethod, code: string): Promise<VerifyCodeOutput>;
  checkWebAuthnSupport(method: WebAuthnMethod): Promise<WebAuthnSupport>;
  /** Runs the ceremony. Must call `navigator.credentials` synchronously (user activation). */
  authenticate(method: WebAuthnMethod): Promise<CeremonyOutput>;
  sendMagicLink(): Promise<unknown>;
  /** One status check of the magic link. */
  checkMagicLink(): Promise<LinkStatus>;
  /** Checks one recovery code; resolves a token, a refusal to show, or nothing (a wrong code). */
  verifyRecoveryCode(code: string): Promise<RecoveryCodeCheck>;
}

/** The challenge chart with its method views bound to `services`. */
export function provideChallenge(services: ChallengeServices): ChallengeMachine {
  return challengeMachine.provide({
    actors: {
      codeEntry: codeEntryMachine.provide({
        actors: {
          sendCode: fromPromise<SendCodeOutput, CodeEntryInput>(({ input }) =>
            services.sendCode(input.method),
          ),
          verifyCode: fromPromise<VerifyCodeOutput, { method: CodeMethod; code: string }>(({ input }) =>
            services.verifyCode(input.method, input.code),
          ),
        },
      }),
      webauthnCeremony: webauthnCeremonyMachine.provide({
        actors: {
          checkSupport: fromPromise<WebAuthnSupport, WebAuthnCeremonyInput>(({ input }) =>
            services.checkWebAuthnSupport(input.method),
          ),
          authenticate: fromPromise<CeremonyOutput, WebAuthnCeremonyInput>(({ input }) =>
            services.authenticate(input.method),
          ),
        },
      }),
      magicLink: magicLinkMachine.provide({
        actors: {
          sendLink: fromPromise(() => services.sendMagicLink()),
          checkStatus: fromPromise<LinkStatus>(() => services.checkMagicLink()),
        },
      }),
      recoveryCodeEntry: recoveryCodeEntryMachine.provide({
        actors: {
          verifyRecoveryCode: fromPromise<RecoveryCodeCheck, { code: string }>(({ input }) =>
            services.verifyRecoveryCode(input.code),
          ),
        },
      }),
    },
  });
}
