import {
  connectInvitationAcceptance,
  type InvitationAcceptanceView,
  invitationAcceptanceMachine,
} from '@machines/invitationAcceptance';
import { authApi } from '@src/api/auth';
import { browser, useRefreshSession } from '@src/api/session';
import { acceptInvitation, loadInvitationPreview } from '@src/api/team';
import { useActorRef } from '@src/ui/actorRef';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { fromPromise } from 'xstate';

const machine = invitationAcceptanceMachine.provide({
  actors: {
    loadPreview: fromPromise(({ input }) => loadInvitationPreview(input.token)),
    signUp: fromPromise(({ input }) => authApi.signup(input)),
    signIn: fromPromise(({ input }) => authApi.login(input)),
    accept: fromPromise(({ input }) => acceptInvitation(input.token)),
    signOut: fromPromise<unknown>(() => authApi.logout()),
  },
});

/**
 * The invitation page's chart bound to the API: wiring only. Joined, the app opens afresh at `/` (a full
 * page load, so the session starts in the new organization); signed out here, the session is told.
 */
export function useInvitation(token: string, signedInEmail: string | null): InvitationAcceptanceView {
  const refreshSession = useRefreshSession();
  const actorRef = useActorRef(machine, { input: { token, signedInEmail } });
  useEffect(() => {
    const navigate = actorRef.on('navigate', (event) => browser.assign(event.to));
    const changed = actorRef.on('session.changed', () => refreshSession());
    return () => {
      navigate.unsubscribe();
      changed.unsubscribe();
    };
  }, [actorRef, refreshSession]);
  const snapshot = useSelector(actorRef, (current) => current);
  return useMemo(
    () => connectInvitationAcceptance(snapshot, (event) => actorRef.send(event)),
    [snapshot, actorRef],
  );
}
