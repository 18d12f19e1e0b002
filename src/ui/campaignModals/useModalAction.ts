import {
  connectModalAction,
  type DoneFlag,
  type ModalActionInput,
  type ModalActionRequest,
  type ModalRecord,
  modalActionMachine,
} from '@machines/modalAction';
import { provideStepUpConfirmation } from '@machines/stepUpConfirmation';
import { requestStepUp } from '@src/api/stepUp';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { fromPromise } from 'xstate';
import { useActorRef } from '../actorRef';
import { loadModalRecord, submitModalAction } from './modalActionApi';

const machine = modalActionMachine.provide({
  actors: {
    loadRecord: fromPromise<ModalRecord | null, ModalActionInput>(({ input }) => loadModalRecord(input)),
    submitAction: provideStepUpConfirmation<ModalActionRequest>({
      send: ({ request, stepUpToken }) => submitModalAction({ ...request, stepUpToken }),
      confirmIdentity: requestStepUp,
    }),
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
  const view = useSelector(actorRef, (snapshot) => connectModalAction(snapshot, actorRef.send));

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
    submit: view.submit,
    cancel: view.cancel,
    retry: view.retry,
  };
}
