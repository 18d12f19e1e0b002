import {
  type CustomerFormFlag,
  type CustomerFormRecord,
  connectCustomerForm,
  customerFormMachine,
  type SaveCustomerInput,
} from '@machines/customerForm';
import { useActorRef } from '@src/ui/actorRef';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { loadCustomerForRename, saveCustomer } from './customerFormApi';

/** `?modal=create-customer` opens the create dialog. */
export const CREATE_CUSTOMER_MODAL = 'create-customer';
/** `?renameCustomer=true&customerId=…` opens the rename dialog. */
export const RENAME_CUSTOMER_PARAM = 'renameCustomer';

/** The search that opens the rename dialog for `customerId`, on top of `search` (row buttons). */
export function searchOpeningRename(search: URLSearchParams, customerId: string): string {
  const next = new URLSearchParams(search);
  next.set(RENAME_CUSTOMER_PARAM, 'true');
  next.set('customerId', customerId);
  return `?${next.toString()}`;
}

/** The search that opens the create dialog, keeping the table's page, sort and search. */
export function searchOpeningCreate(search: URLSearchParams): string {
  const next = new URLSearchParams(search);
  next.set('modal', CREATE_CUSTOMER_MODAL);
  return `?${next.toString()}`;
}

/** What the URL asks for: '' (nothing), 'create', or the id of the customer to rename. */
function dialogTarget(search: URLSearchParams): { key: string; customerId: string | null } | null {
  if (search.get('modal') === CREATE_CUSTOMER_MODAL) return { key: 'create', customerId: null };
  const customerId = search.get('customerId');
  if (search.has(RENAME_CUSTOMER_PARAM) && customerId) return { key: `rename:${customerId}`, customerId };
  return null;
}

const machine = customerFormMachine.provide({
  actors: {
    loadCustomer: fromPromise<CustomerFormRecord | null, { customerId: string }>(({ input }) =>
      loadCustomerForRename(input.customerId),
    ),
    saveCustomer: fromPromise<unknown, SaveCustomerInput>(({ input }) => saveCustomer(input)),
  },
});

/**
 * Binds the `customerForm` chart to the URL: the query parameters say which dialog is open (the router
 * decides *which*), the chart decides its phase. Closing removes the parameters (history replace); success
 * also sets `customerCreated=true` / `customerRenamed=true`, which the page turns into a refresh and a toast.
 */
export function useCustomerForm() {
  const [searchParams, setSearchParams] = useSearchParams();
  const actorRef = useActorRef(machine);
  const view = useSelector(actorRef, (snapshot) => connectCustomerForm(snapshot, actorRef.send));
  const target = dialogTarget(searchParams);
  const targetKey = target?.key ?? '';
  const customerId = target?.customerId ?? null;

  // The URL changed (a button, Back, a shared link): open or close. A reaction to navigation, so an effect.
  useEffect(() => {
    if (targetKey === '') actorRef.send({ type: 'route.leave' });
    else actorRef.send({ type: 'route.enter', customerId });
  }, [actorRef, targetKey, customerId]);

  const setSearchRef = useRef(setSearchParams);
  setSearchRef.current = setSearchParams;
  useEffect(() => {
    const close = (flag?: CustomerFormFlag) =>
      setSearchRef.current(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (next.get('modal') === CREATE_CUSTOMER_MODAL) next.delete('modal');
          if (next.has(RENAME_CUSTOMER_PARAM)) {
            next.delete(RENAME_CUSTOMER_PARAM);
            next.delete('customerId');
          }
          if (flag) next.set(flag, 'true');
          return next;
        },
        { replace: true },
      );
    const succeeded = actorRef.on('modal.succeeded', ({ flag }) => close(flag));
    const closed = actorRef.on('modal.close', () => close());
    return () => {
      succeeded.unsubscribe();
      closed.unsubscribe();
    };
  }, [actorRef]);

  return {
    view,
    changeName: view.changeName,
    submit: view.submit,
    cancel: view.cancel,
    retry: view.retry,
  };
}
