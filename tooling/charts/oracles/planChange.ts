/** What each state of the billing pages promises: the current plan, the trial, the plan cards, the notice. */
import { connectPlanChange } from '@machines/planChange/planChange.connect';
import { planChangeMachine } from '@machines/planChange/planChange.machine';
import type { BillingSummary } from '@machines/planChange/planChange.types';
import { defineOracle, expectEqual, expectFields, expectThat, type OracleCheck } from '../oracle';
import { formMessage, sentBy } from './shared';

type Machine = typeof planChangeMachine;

/** The cards and summary for `billing`, with `pending` asking or switching. */
function expectedView(
  billing: BillingSummary,
  pending: { code: string | null; phase: 'confirming' | 'changing' | null },
) {
  const current = billing.plans.find((plan) => plan.code === billing.planCode)!;
  return {
    isLoading: false,
    loadError: null,
    currentPlan: {
      code: current.code,
      name: current.name,
      monthlyPriceMinor: current.monthlyPriceMinor,
      hasWhiteLabelFeature: current.hasWhiteLabelFeature,
    },
    // The trial's days are shown while on the trial only.
    trial:
      billing.planCode === 'trial' && billing.trial
        ? { ...billing.trial, isExpired: billing.trial.daysLeft <= 0 }
        : null,
    plans: billing.plans.map((plan) => ({
      code: plan.code,
      name: plan.name,
      monthlyPriceMinor: plan.monthlyPriceMinor,
      hasWhiteLabelFeature: plan.hasWhiteLabelFeature,
      isCurrent: plan.code === billing.planCode,
      // Any listed plan but the current one and the trial (it cannot be restarted).
      canChoose: plan.code !== billing.planCode && plan.code !== 'trial',
      isConfirming: pending.phase === 'confirming' && pending.code === plan.code,
      isChanging: pending.phase === 'changing' && pending.code === plan.code,
      losesWhiteLabel: current.hasWhiteLabelFeature && !plan.hasWhiteLabelFeature,
    })),
  };
}

const loaded =
  (
    phase: 'idle' | 'confirming' | 'changing' | 'checkingOut' | 'changed' | 'changeFailed',
    more: OracleCheck<Machine> = () => {},
  ): OracleCheck<Machine> =>
  (step) => {
    const { snapshot, context } = step;
    expectThat(context.billing !== null, 'loaded without a billing summary');
    const pendingPhase = phase === 'confirming' || phase === 'changing' ? phase : null;
    const view = connectPlanChange(snapshot, () => {});
    expectFields(view, {
      ...expectedView(context.billing!, { code: context.pendingPlanCode, phase: pendingPhase }),
      isBusy: pendingPhase !== null || phase === 'checkingOut',
      isCheckingOut: phase === 'checkingOut',
    });
    if (phase === 'idle' || phase === 'changed' || phase === 'changeFailed')
      expectEqual(context.pendingPlanCode, null, 'pending plan');
    more(step);
  };

const keepsBilling: OracleCheck<Machine> = ({ context, previous }) =>
  expectEqual(context.billing, previous?.context.billing, 'billing summary kept');

export const planChangeOracle = defineOracle(planChangeMachine, {
  events: {
    'xstate.done.actor.loadBilling': ({ context, event }) =>
      expectEqual(context.billing, event.output, 'summary'),
  },
  states: {
    loading: ({ snapshot }) => {
      expectFields(
        connectPlanChange(snapshot, () => {}),
        {
          isLoading: true,
          loadError: null,
          plans: [],
          isBusy: false,
        },
      );
    },
    loadFailed: ({ snapshot, event }) => {
      // “Try again” asks again.
      expectEqual(
        sentBy(
          (send) => connectPlanChange(snapshot, send),
          (shown) => shown.retry(),
        ),
        [{ type: 'retry' }],
        'Try again sends',
      );
      expectFields(
        connectPlanChange(snapshot, () => {}),
        {
          isLoading: false,
          loadError: formMessage(event.error),
          plans: [],
        },
      );
    },
    'loaded.idle': loaded('idle', ({ context }) => expectEqual(context.notice, null, 'notice')),
    'loaded.confirming': loaded('confirming', (step) => {
      keepsBilling(step);
      const { context, event } = step;
      expectEqual(context.pendingPlanCode, event.planCode, 'plan asked about');
      const card = connectPlanChange(step.snapshot, () => {}).plans.find(
        (plan) => plan.code === event.planCode,
      );
      expectThat(
        card?.losesWhiteLabel === true,
        `confirming ${String(event.planCode)}, which keeps white-labelling`,
      );
    }),
    'loaded.changing': loaded('changing', (step) => {
      keepsBilling(step);
      const { context, event, previous } = step;
      const code = event.type === 'plan.confirm' ? previous?.context.pendingPlanCode : event.planCode;
      expectEqual(context.pendingPlanCode, code, 'plan being switched to');
      expectEqual(context.notice, null, 'notice');
    }),
    'loaded.checkingOut': loaded('checkingOut', (step) => {
      keepsBilling(step);
      expectEqual(
        step.emitted,
        [{ type: 'checkout.open', url: (step.event.output as { checkoutUrl: string }).checkoutUrl }],
        'emitted',
      );
    }),
    'loaded.changed': loaded('changed', ({ context, event, emitted }) => {
      const billing = event.output as BillingSummary;
      expectEqual(context.billing, billing, 'new summary');
      const name = billing.plans.find((plan) => plan.code === billing.planCode)!.name;
      expectEqual(context.notice, { kind: 'success', message: `You are now on the ${name} plan.` }, 'notice');
      expectEqual(emitted, [{ type: 'plan.changed', planCode: billing.planCode }], 'emitted');
    }),
    'loaded.changeFailed': loaded('changeFailed', (step) => {
      keepsBilling(step);
      const { context, event } = step;
      if (event.type === 'xstate.error.actor.changePlan')
        expectEqual(context.notice, { kind: 'error', message: formMessage(event.error) }, 'notice');
      expectEqual(context.notice?.kind, 'error', 'notice');
    }),
  },
});
