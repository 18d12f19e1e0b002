import { type CreatedRecord, connectCreateRecord, createRecordMachine } from '@machines/createRecord';
import { dataProvider } from '@src/api/dataProvider';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import { useActorRef } from '../actorRef';

export type CreatableResource = 'organizations' | 'accounts';

/** POST /api/<resource> { name } through the data provider; resolves with the new record's id and name. */
async function createNamed(resource: CreatableResource, name: string): Promise<CreatedRecord> {
  const { data } = await dataProvider.create({ resource, variables: { name } });
  return { id: data.id, name: data.name };
}

/** Binds one create dialog's `createRecord` chart to the data provider. A fresh chart per dialog opening. */
export function useCreateRecord(options: {
  resource: CreatableResource;
  requiredMessage: string;
  onCreated: (record: CreatedRecord) => void;
}) {
  const { resource, requiredMessage } = options;
  const onCreated = useRef(options.onCreated);
  onCreated.current = options.onCreated;
  const machine = useMemo(
    () =>
      createRecordMachine.provide({
        actors: {
          createRecord: fromPromise<CreatedRecord, { name: string }>(({ input }) =>
            createNamed(resource, input.name),
          ),
        },
      }),
    [resource],
  );
  const actorRef = useActorRef(machine, { input: { requiredMessage } });
  const view = useSelector(actorRef, (snapshot) => connectCreateRecord(snapshot, actorRef.send));
  const inputRef = useRef<HTMLInputElement | null>(null);

  useEffect(() => {
    const subscription = actorRef.on('record.created', ({ record }) => onCreated.current(record));
    return () => subscription.unsubscribe();
  }, [actorRef]);

  return {
    view,
    inputRef,
    changeName: view.changeName,
    submit: () => {
      view.submit();
      if (connectCreateRecord(actorRef.getSnapshot(), actorRef.send).fieldError) inputRef.current?.focus();
    },
  };
}
