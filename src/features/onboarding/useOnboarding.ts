import {
  connectOnboarding,
  type OnboardingField,
  type OnboardingRequest,
  onboardingMachine,
} from '@machines/onboarding';
import { browser, type SignedInUser } from '@src/api/session';
import { settingsApi } from '@src/api/settings';
import { useActorRef } from '@src/ui/actorRef';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { fromPromise } from 'xstate';

/** The onboarding chart with its one side effect: POST /api/onboarding. */
const machine = onboardingMachine.provide({
  actors: {
    completeOnboarding: fromPromise<unknown, OnboardingRequest>(({ input }) =>
      settingsApi.completeOnboarding(input),
    ),
  },
});

/** Binds the onboarding chart to the API. Done, the app is loaded afresh at / (the session changed). */
export function useOnboarding(user: SignedInUser) {
  const actorRef = useActorRef(machine, { input: { firstName: user.firstName, lastName: user.lastName } });
  const view = useSelector(actorRef, (snapshot) => connectOnboarding(snapshot, actorRef.send));
  const fieldRefs = useRef<Partial<Record<OnboardingField, HTMLInputElement | null>>>({});

  useEffect(() => {
    const subscription = actorRef.on('workspace.ready', (event) => browser.assign(event.to));
    return () => subscription.unsubscribe();
  }, [actorRef]);

  return {
    view,
    fieldRef: (field: OnboardingField) => (element: HTMLInputElement | null) => {
      fieldRefs.current[field] = element;
    },
    changeField: view.changeField,
    submit: () => {
      view.submit();
      const first = connectOnboarding(actorRef.getSnapshot(), actorRef.send).firstInvalidField;
      if (first) fieldRefs.current[first]?.focus();
    },
  };
}
