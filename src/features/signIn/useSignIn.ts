import { ssoErrorMessage } from '@contract/sso';
import { connectSignIn, type SignInCredentials, type SignInField, signInMachine } from '@machines/signIn';
import { authApi } from '@src/api/auth';
import { browser } from '@src/lib/browser';
import { safeReturnUrl } from '@src/lib/returnUrl';
import { useActorRef } from '@src/ui/actorRef';
import { useChartNavigation } from '@src/ui/useChartNavigation';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { fromPromise } from 'xstate';

/** The sign-in chart with its one side effect: POST /api/auth/login. */
const machine = signInMachine.provide({
  actors: { signIn: fromPromise<unknown, SignInCredentials>(({ input }) => authApi.login(input)) },
});

/**
 * Binds the sign-in chart to the API and the router. `returnUrl` (same-origin paths only) is where a
 * successful sign-in leads; `ssoError` (a refused single sign-on, contract/sso.ts) is shown above the form;
 * `domain` and `deviceId` are accepted in the URL and not used yet.
 */
export function useSignIn() {
  const [searchParams] = useSearchParams();
  const returnUrl = safeReturnUrl(searchParams.get('returnUrl'));
  // Back from a refused single sign-on (`/auth/login?ssoError=<code>`): why, above the form.
  const ssoError = ssoErrorMessage(searchParams.get('ssoError'));
  const actorRef = useActorRef(machine, { input: { returnUrl, ssoError } });
  const view = useSelector(actorRef, (snapshot) => connectSignIn(snapshot, actorRef.send));
  const fieldRefs = useRef<Partial<Record<SignInField, HTMLInputElement | null>>>({});

  useChartNavigation(actorRef, { replace: true });
  // Single sign-on is the server's page (/auth/federate), not one of the app's: a full page load.
  useEffect(() => {
    const subscription = actorRef.on('federate', (event) => browser.assign(event.to));
    return () => subscription.unsubscribe();
  }, [actorRef]);

  return {
    view,
    /** Link to sign-up that keeps where the person was going. */
    signUpHref:
      returnUrl === '/' ? '/auth/signup' : `/auth/signup?returnUrl=${encodeURIComponent(returnUrl)}`,
    fieldRef: (field: SignInField) => (element: HTMLInputElement | null) => {
      fieldRefs.current[field] = element;
    },
    changeField: view.changeField,
    startSingleSignOn: () => {
      view.startSingleSignOn();
      // Without an address to find the organization by, the field says so and takes the focus.
      if (connectSignIn(actorRef.getSnapshot(), actorRef.send).fieldErrors.email)
        fieldRefs.current.email?.focus();
    },
    submit: () => {
      view.submit();
      // Move the keyboard to the first field the form complains about.
      const errors = connectSignIn(actorRef.getSnapshot(), actorRef.send).fieldErrors;
      const first = (['email', 'password'] as const).find((field) => errors[field]);
      if (first) fieldRefs.current[first]?.focus();
    },
  };
}
