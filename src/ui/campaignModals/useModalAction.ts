import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { fromPromise } from 'xstate';
import type { ChallengeOptions } from '../../../contract/provider';
import {
  connectModalAction,
  type DoneFlag,
  type ModalActionInput,
  type ModalRecord,
  modalActionMachine,
  type StepUpOutcome,
  type SubmitActionInput,
} from '../../../machines/modalAction';
import { requestStepUp } from '../../api/stepUp';
import { useActorRef } from '../actorRef';
import { loadModalRecord, submitModalAction } from './modalActionApi';

const machine = modalActionMachine.provide({
  actors: {
    loadRecord: fromPromise<ModalRecord | null, ModalActionInput>(({ input }) => loadModalRecord(input)),
    submitAction: fromPromise<unknown, SubmitActionInput>(({ input }) => submitModalAction(input)),
    confirmIdentity: fromPromise<StepUpOutcome, ChallengeOptions>(({ input }) => requestStepUp(input)),
  },
});

/** Binds one opening of a modal's `modalAction` chart to the API and to the page (close, done flag). */
export function useModalAction(
  input: ModalActionInput,
  handlers: { onSucceeded: (flag: DoneFlag) => void; onClose: () => void },
) {
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;
  const actorRef = useActorRef(machine, { input });
  const view = useSelector(actorRef, connectModalAction);

  useEffect(() => {
    const succeeded = actorRef.on('modal.succeeded', ({ flag }) => handlersRef.current.onSucceeded(flag));
    const closed = actorRef.on('modal.close', () => handlersRef.current.onClose());
    return () => {
      succeeded.unsubscribe();
      closed.unsubscribe();
    };
  }, [actorRef]);

  return {
    view,
    changeValue: (value: string) => actorRef.send({ type: 'field.change', value }),
    submit: () => actorRef.send({ type: 'modal.submit' }),
    cancel: () => actorRef.send({ type: 'modal.cancel' }),
    retry: () => actorRef.send({ type: 'modal.retry' }),
  };
}
