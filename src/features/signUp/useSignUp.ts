import {
  connectSignUp,
  SIGN_UP_FIELDS,
  type SignUpField,
  type SignUpRequest,
  signUpMachine,
} from '@machines/signUp';
import { authApi } from '@src/api/auth';
import { safeReturnUrl } from '@src/lib/returnUrl';
import { useActorRef } from '@src/ui/actorRef';
import { useChartNavigation } from '@src/ui/useChartNavigation';
import { useSelector } from '@xstate/react';
import { useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { fromPromise } from 'xstate';

/** The sign-up chart with its one side effect: POST /api/auth/signup. */
const machine = signUpMachine.provide({
  actors: { signUp: fromPromise<unknown, SignUpRequest>(({ input }) => authApi.signup(input)) },
});

/**
 * Binds the sign-up chart to the API and the router. A new account belongs at /onboarding; until that
 * screen exists, the person goes on to `returnUrl` (same-origin paths only) or the home page.
 */
export function useSignUp() {
  const [searchParams] = useSearchParams();
  const returnUrl = safeReturnUrl(searchParams.get('returnUrl'));
  const actorRef = useActorRef(machine, { input: { returnUrl } });
  const view = useSelector(actorRef, (snapshot) => connectSignUp(snapshot, actorRef.send));
  const fieldRefs = useRef<Partial<Record<SignUpField, HTMLInputElement | null>>>({});

  useChartNavigation(actorRef, { replace: true });

  return {
    view,
    signInHref: returnUrl === '/' ? '/auth/login' : `/auth/login?returnUrl=${encodeURIComponent(returnUrl)}`,
    fieldRef: (field: SignUpField) => (element: HTMLInputElement | null) => {
      fieldRefs.current[field] = element;
    },
    changeField: view.changeField,
    submit: () => {
      view.submit();
      const errors = connectSignUp(actorRef.getSnapshot(), actorRef.send).fieldErrors;
      const first = SIGN_UP_FIELDS.find((field) => errors[field]);
      if (first) fieldRefs.current[first]?.focus();
    },
  };
}
