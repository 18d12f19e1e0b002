import {
  type AppSecret,
  type CeremonyMethod,
  type ContactMethod,
  connectEnrolAuthenticator,
  type EnrolAuthenticatorMachine,
  type Enrolment,
  enrolAuthenticatorMachine,
  provideConfirmCode,
  type SentTo,
} from '@machines/enrolAuthenticator';
import {
  connectRecoveryCodes,
  type RecoveryCodesMachine,
  recoveryCodesMachine,
} from '@machines/recoveryCodes';
import { connectSecuritySettings, securitySettingsMachine } from '@machines/securitySettings';
import { provideStepUpConfirmation } from '@machines/stepUpConfirmation';
import { requestStepUp } from '@src/api/stepUp';
import { readPasskeyMap } from '@src/auth-client';
import { useActorRef } from '@src/ui/actorRef';
import { useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { type ActorRefFrom, fromPromise } from 'xstate';
import { createEnrolmentServices, type EnrolmentServices } from './enrolment';
import { securityApi } from './securityApi';

/** The page's chart with its actors: the /api/security calls and the add dialog over the client library. */
export function provideSecuritySettings(services: EnrolmentServices) {
  return securitySettingsMachine.provide({
    actors: {
      loadAuthenticators: fromPromise(() => securityApi.listAuthenticators()),
      removeAuthenticator: provideStepUpConfirmation<{ id: string }>({
        send: ({ request, stepUpToken }) => securityApi.removeAuthenticator(request.id, stepUpToken),
        confirmIdentity: requestStepUp,
      }),
      // Adding a method is a risky action: the enrolment token comes after the step-up.
      authorizeAdding: provideStepUpConfirmation<null>({
        send: ({ stepUpToken }) => securityApi.enrollmentToken(stepUpToken),
        confirmIdentity: requestStepUp,
      }),
      recoveryCodes: recoveryCodesMachine.provide({
        actors: {
          // Making codes is adding a sign-in method: the same enrolment token, after the same step-up.
          authorize: provideStepUpConfirmation<null>({
            send: ({ stepUpToken }) => securityApi.enrollmentToken(stepUpToken),
            confirmIdentity: requestStepUp,
          }),
          generateCodes: fromPromise<string[], { enrolment: Enrolment }>(({ input }) =>
            services.generateRecoveryCodes(input.enrolment),
          ),
        },
      }),
      enrolAuthenticator: enrolAuthenticatorMachine.provide({
        actors: {
          registerCredential: fromPromise<void, { method: CeremonyMethod; enrolment: Enrolment }>(
            ({ input }) => services.registerCredential(input.method, input.enrolment),
          ),
          startApp: fromPromise<AppSecret, { enrolment: Enrolment }>(({ input }) =>
            services.startApp(input.enrolment),
          ),
          sendCode: fromPromise<SentTo, { method: ContactMethod; address: string; enrolment: Enrolment }>(
            ({ input }) => services.sendCode(input.method, input.address, input.enrolment),
          ),
          // The first code: a resend is the address step's send again; the check is the provider's.
          codeEntry: provideConfirmCode({
            sendCode: (request) => services.sendCode(request.method, request.address, request.enrolment),
            verifyCode: (input) => services.verifyCode(input.method, input.code),
          }),
          waitForLink: fromPromise<void>(({ signal }) => services.waitForLink(signal)),
        },
      }),
    },
  });
}

/** Binds /settings/security to its chart for the signed-in user. */
export function useSecuritySettings(user: { id: string; email: string }) {
  const [machine] = useState(() =>
    provideSecuritySettings(createEnrolmentServices({ username: () => user.email })),
  );
  const actorRef = useActorRef(machine, { input: { email: user.email } });
  const snapshot = useSelector(actorRef, (s) => s);
  // Passkeys made on this browser are listed under the user's id in `as_user_passkey_map`.
  const onThisDevice = new Set(readPasskeyMap()[user.id] ?? []);
  const view = connectSecuritySettings(snapshot, actorRef.send, onThisDevice);
  return {
    view,
    retry: view.retry,
    startAdding: view.startAdding,
    cancelAdding: view.cancelAdding,
    requestRemoval: view.requestRemoval,
    confirmRemoval: view.confirmRemoval,
    cancelRemoval: view.cancelRemoval,
    dismissNotice: view.dismissNotice,
    startCodes: view.startCodes,
  };
}

/** The recovery-codes dialog's view model (commands included). */
export function useRecoveryCodes(actorRef: ActorRefFrom<RecoveryCodesMachine>) {
  return useSelector(actorRef, (snapshot) => connectRecoveryCodes(snapshot, actorRef.send));
}

export type EnrolmentRef = ActorRefFrom<EnrolAuthenticatorMachine>;

/** The code view's chart the add dialog runs while confirming the first code (`codeEntry`), if any. */
export function useConfirmCodeRef(actorRef: EnrolmentRef) {
  return useSelector(actorRef, (snapshot) => snapshot.children.codeEntry);
}

/** The add dialog's view model; it follows the code view's chart too while the first code is confirmed. */
export function useEnrolment(actorRef: EnrolmentRef) {
  const codeRef = useConfirmCodeRef(actorRef);
  const codeSnapshot = useSelector(codeRef, (snapshot) => snapshot);
  const snapshot = useSelector(actorRef, (current) => current);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the code view's snapshot is read through `snapshot`'s child.
  return useMemo(
    () => connectEnrolAuthenticator(snapshot, actorRef.send),
    [snapshot, codeSnapshot, actorRef],
  );
}
