import {
  connectDuplicateCampaign,
  type DuplicateCampaignEmitted,
  type DuplicateCampaignInput,
  type DuplicateRequest,
  type DuplicateResult,
  type DuplicateSource,
  duplicateCampaignMachine,
} from '@machines/duplicateCampaign';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { fromPromise } from 'xstate';
import { useActorRef } from '../actorRef';
import { duplicateCampaign, loadDuplicateSource } from './duplicateApi';

const machine = duplicateCampaignMachine.provide({
  actors: {
    loadSource: fromPromise<DuplicateSource | null, DuplicateCampaignInput>(({ input }) =>
      loadDuplicateSource(input.id),
    ),
    duplicate: fromPromise<DuplicateResult, DuplicateRequest>(({ input }) => duplicateCampaign(input)),
  },
});

type Succeeded = Extract<DuplicateCampaignEmitted, { type: 'modal.succeeded' }>;

/** Binds one opening of the duplicate dialog's `duplicateCampaign` chart to the API and to the page. */
export function useDuplicateCampaign(
  input: DuplicateCampaignInput,
  handlers: { onSucceeded: (event: Succeeded) => void; onClose: () => void },
) {
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;
  const actorRef = useActorRef(machine, { input });
  const view = useSelector(actorRef, (snapshot) => connectDuplicateCampaign(snapshot, actorRef.send));

  useEffect(() => {
    const succeeded = actorRef.on('modal.succeeded', (event) => handlersRef.current.onSucceeded(event));
    const closed = actorRef.on('modal.close', () => handlersRef.current.onClose());
    return () => {
      succeeded.unsubscribe();
      closed.unsubscribe();
    };
  }, [actorRef]);

  return view;
}
