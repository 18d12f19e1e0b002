import type { PaidPlanCode } from '@contract/plans';
import { type BillingSummary, connectPlanChange, planChangeMachine } from '@machines/planChange';
import { browser, useRefreshSession } from '@src/api/session';
import { settingsApi } from '@src/api/settings';
import { useActorRef } from '@src/ui/actorRef';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { fromPromise } from 'xstate';

const machine = planChangeMachine.provide({
  actors: {
    loadBilling: fromPromise<BillingSummary>(() => settingsApi.billing()),
    changePlan: fromPromise<BillingSummary, { planCode: string }>(({ input }) =>
      settingsApi.changePlan({ planCode: input.planCode as PaidPlanCode }),
    ),
  },
});

/**
 * Binds the `planChange` chart to the billing API. A changed plan refreshes the session (trial banner,
 * overlay and white-label follow); a provider that takes payment on its own page gets the browser.
 */
export function useBilling() {
  const actorRef = useActorRef(machine);
  const view = useSelector(actorRef, (snapshot) => connectPlanChange(snapshot, actorRef.send));
  const refreshSession = useRefreshSession();

  useEffect(() => {
    const changed = actorRef.on('plan.changed', () => refreshSession());
    const checkout = actorRef.on('checkout.open', (event) => browser.assign(event.url));
    return () => {
      changed.unsubscribe();
      checkout.unsubscribe();
    };
  }, [actorRef, refreshSession]);

  return {
    view,
    choose: view.choose,
    confirm: view.confirm,
    cancel: view.cancel,
    dismissNotice: view.dismissNotice,
    retry: view.retry,
  };
}
