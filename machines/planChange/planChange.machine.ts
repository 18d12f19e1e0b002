import { TRIAL_PLAN_CODE } from '@contract/plans';
import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import { isServerFailure, NETWORK_ERROR_MESSAGE } from '../shared/errors';
import { errorParams, type LoadDone, loadStates } from '../shared/loadStates';
import type {
  BillingSummary,
  PlanChangeContext,
  PlanChangeEmitted,
  PlanChangeEvent,
} from './planChange.types';

/** The trial is the starting plan: it cannot be chosen again once left (its code is contract/plans.ts's). */
export { TRIAL_PLAN_CODE };

const messageOf = (error: unknown, fallback = NETWORK_ERROR_MESSAGE) =>
  isServerFailure(error) ? error.message : fallback;

const planNamed = (billing: BillingSummary | null, code: string | null) =>
  billing?.plans.find((plan) => plan.code === code);

/** Whether `planCode` can be chosen: a listed plan other than the current one and the trial. */
export function canChoosePlan(billing: BillingSummary | null, planCode: string): boolean {
  const plan = planNamed(billing, planCode);
  return Boolean(plan) && planCode !== billing?.planCode && planCode !== TRIAL_PLAN_CODE;
}

/** Moving from a plan with white-labelling to one without: the brand disappears, so the person confirms. */
export function losesWhiteLabel(billing: BillingSummary | null, planCode: string): boolean {
  const current = planNamed(billing, billing?.planCode ?? null);
  const next = planNamed(billing, planCode);
  return Boolean(current?.hasWhiteLabelFeature && next && !next.hasWhiteLabelFeature);
}

const setupPlanChange = setup({
  types: {
    context: {} as PlanChangeContext,
    events: {} as PlanChangeEvent,
    emitted: {} as PlanChangeEmitted,
  },
  actors: {
    /** GET /api/billing; `src/` provides it. */
    loadBilling: fromPromise<BillingSummary>(async () => {
      throw new Error('not provided: loadBilling');
    }),
    /** POST /api/billing/plan, resolving with the new summary; `src/` provides it. */
    changePlan: fromPromise<BillingSummary, { planCode: string }>(async () => {
      throw new Error('not provided: changePlan');
    }),
  },
  guards: {
    canChoose: ({ context, event }) => {
      assertEvent(event, 'plan.choose');
      return canChoosePlan(context.billing, event.planCode);
    },
    /** The billing provider wants the person at its hosted checkout before the plan changes. */
    needsCheckout: (_, params: { billing: BillingSummary }) => Boolean(params.billing.checkoutUrl),
    isLosingWhiteLabel: ({ context, event }) => {
      assertEvent(event, 'plan.choose');
      return (
        canChoosePlan(context.billing, event.planCode) && losesWhiteLabel(context.billing, event.planCode)
      );
    },
  },
  actions: {
    showBilling: assign((_, params: { billing: BillingSummary }) => ({
      billing: params.billing,
      loadError: null,
    })),
    showLoadError: assign((_, params: { error: unknown }) => ({ loadError: messageOf(params.error) })),
    rememberPlan: assign(({ event }) => {
      assertEvent(event, 'plan.choose');
      return { pendingPlanCode: event.planCode, notice: null };
    }),
    forgetPlan: assign({ pendingPlanCode: null }),
    showChanged: assign(({ context }, params: { billing: BillingSummary }) => ({
      billing: params.billing,
      pendingPlanCode: null,
      notice: {
        kind: 'success' as const,
        message: `You are now on the ${planNamed(params.billing, params.billing.planCode)?.name ?? planNamed(context.billing, context.pendingPlanCode)?.name ?? 'new'} plan.`,
      },
    })),
    showChangeError: assign((_, params: { error: unknown }) => ({
      pendingPlanCode: null,
      notice: { kind: 'error' as const, message: messageOf(params.error) },
    })),
    dismissNotice: assign({ notice: null }),
    openCheckout: emit((_, params: { billing: BillingSummary }) => ({
      type: 'checkout.open' as const,
      url: params.billing.checkoutUrl ?? '',
    })),
    announceChange: emit(({ context }) => ({
      type: 'plan.changed' as const,
      planCode: context.billing?.planCode ?? '',
    })),
  },
});

/**
 * “Choose <plan>”: plans without white-labelling ask for a confirmation when the current plan has it;
 * the current plan, the trial and unknown codes are ignored.
 */
const choosePlan = [
  { guard: 'isLosingWhiteLabel', target: 'confirming', actions: 'rememberPlan' },
  { guard: 'canChoose', target: 'changing', actions: 'rememberPlan' },
] as const;

export const planChangeMachine = setupPlanChange.createMachine({
  id: 'planChange',
  description:
    'The billing pages: the organization’s plan and trial, and the plan cards (Trial, Starter, Agency). ' +
    'Choosing a plan changes it at once — after a confirmation when it would switch white-labelling off — ' +
    'and the app refreshes the session so the trial banner and overlay follow.',
  context: { billing: null, loadError: null, pendingPlanCode: null, notice: null },
  initial: 'loading',
  states: {
    ...loadStates({
      actor: 'loadBilling',
      names: { failed: 'loadFailed' },
      descriptions: {
        loading: 'Asking the server for the current plan, the trial’s days left and the plans on offer.',
        failed: 'The billing summary could not be loaded; the message is shown with “Try again”.',
      },
      onDone: {
        target: 'loaded',
        actions: {
          type: 'showBilling',
          params: ({ event }: LoadDone<BillingSummary>) => ({ billing: event.output }),
        },
      },
      failAction: { type: 'showLoadError', params: errorParams },
      retry: { event: 'retry' },
    }),
    loaded: {
      description: 'The plan, the trial state and the plan cards are shown; the current plan is marked.',
      initial: 'idle',
      states: {
        idle: {
          description:
            'Each plan other than the current one (and the trial, which cannot be restarted) has a ' +
            '“Choose <plan>” button.',
          on: { 'plan.choose': choosePlan },
        },
        confirming: {
          description:
            'Switching to a plan without white-labelling: the card asks “Switch to <plan>?” and says the ' +
            'brand name, colours and icon stay saved but are no longer shown. Confirm or cancel.',
          on: {
            'plan.confirm': { target: 'changing' },
            'plan.cancel': { target: 'idle', actions: 'forgetPlan' },
          },
        },
        changing: {
          description: 'The plan change is on its way; the chosen card’s button reads “Switching…”.',
          invoke: {
            id: 'changePlan',
            src: 'changePlan',
            input: ({ context }) => ({ planCode: context.pendingPlanCode ?? '' }),
            onDone: [
              {
                guard: { type: 'needsCheckout', params: ({ event }) => ({ billing: event.output }) },
                target: 'checkingOut',
                actions: { type: 'openCheckout', params: ({ event }) => ({ billing: event.output }) },
              },
              {
                target: 'changed',
                actions: [
                  { type: 'showChanged', params: ({ event }) => ({ billing: event.output }) },
                  'announceChange',
                ],
              },
            ],
            onError: {
              target: 'changeFailed',
              actions: { type: 'showChangeError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        checkingOut: {
          description:
            'The billing provider takes payment on its own page: the browser goes there (“Taking you to ' +
            'checkout…”). The plan changes when the provider confirms the payment.',
        },
        changed: {
          description:
            'The plan changed: “You are now on the <plan> plan.” is shown and the session refreshes, so ' +
            'the trial banner and the expired-trial overlay disappear. Another plan can be chosen.',
          on: { 'plan.choose': choosePlan, 'notice.dismiss': { target: 'idle', actions: 'dismissNotice' } },
        },
        changeFailed: {
          description:
            'The server refused the change or could not be reached; its message is shown above the plans. ' +
            'Choosing a plan again retries.',
          on: { 'plan.choose': choosePlan, 'notice.dismiss': { target: 'idle', actions: 'dismissNotice' } },
        },
      },
    },
  },
});

export type PlanChangeMachine = typeof planChangeMachine;
