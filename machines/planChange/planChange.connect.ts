import type { SnapshotFrom } from 'xstate';
import {
  canChoosePlan,
  losesWhiteLabel,
  type PlanChangeMachine,
  TRIAL_PLAN_CODE,
} from './planChange.machine';
import type { BillingNotice, PlanChangeEvent } from './planChange.types';

export type PlanChangeSnapshot = SnapshotFrom<PlanChangeMachine>;

export interface PlanCardView {
  code: string;
  name: string;
  monthlyPriceMinor: number;
  hasWhiteLabelFeature: boolean;
  isCurrent: boolean;
  /** Shows a “Choose <plan>” button (enabled unless another change is under way). */
  canChoose: boolean;
  /** This card asks “Switch to <plan>?”. */
  isConfirming: boolean;
  /** This card's change is on its way. */
  isChanging: boolean;
  /** Choosing it would switch white-labelling off. */
  losesWhiteLabel: boolean;
}

export interface TrialView {
  days: number;
  daysLeft: number;
  endsAt: string;
  isExpired: boolean;
}

/** Everything the billing pages show, derived from the machine's snapshot. */
export interface PlanChangeView {
  isLoading: boolean;
  loadError: string | null;
  /** The current plan's name and code, once loaded. */
  currentPlan: {
    code: string;
    name: string;
    monthlyPriceMinor: number;
    hasWhiteLabelFeature: boolean;
  } | null;
  /** The trial, while the organization is on it. */
  trial: TrialView | null;
  plans: PlanCardView[];
  /** A change (or its confirmation) is under way: the other buttons wait. */
  isBusy: boolean;
  /** On the way to the billing provider's checkout page. */
  isCheckingOut: boolean;
  notice: BillingNotice | null;
  /** A plan card's “Choose <plan>”. */
  choose: (planCode: string) => void;
  confirm: () => void;
  cancel: () => void;
  dismissNotice: () => void;
  /** “Try again” after a failed load. */
  retry: () => void;
}

export function connectPlanChange(
  snapshot: PlanChangeSnapshot,
  send: (event: PlanChangeEvent) => void,
): PlanChangeView {
  const { billing, loadError, pendingPlanCode, notice } = snapshot.context;
  const isConfirming = snapshot.matches({ loaded: 'confirming' });
  const isChanging = snapshot.matches({ loaded: 'changing' });
  const current = billing?.plans.find((plan) => plan.code === billing.planCode) ?? null;
  const onTrial = billing !== null && billing.planCode === TRIAL_PLAN_CODE && billing.trial !== null;
  return {
    choose: (planCode) => send({ type: 'plan.choose', planCode }),
    confirm: () => send({ type: 'plan.confirm' }),
    cancel: () => send({ type: 'plan.cancel' }),
    dismissNotice: () => send({ type: 'notice.dismiss' }),
    retry: () => send({ type: 'retry' }),
    isLoading: snapshot.matches('loading'),
    loadError: snapshot.matches('loadFailed') ? loadError : null,
    currentPlan: current
      ? {
          code: current.code,
          name: current.name,
          monthlyPriceMinor: current.monthlyPriceMinor,
          hasWhiteLabelFeature: current.hasWhiteLabelFeature,
        }
      : billing
        ? {
            code: billing.planCode,
            name: billing.planCode,
            monthlyPriceMinor: 0,
            hasWhiteLabelFeature: false,
          }
        : null,
    trial: onTrial && billing.trial ? { ...billing.trial, isExpired: billing.trial.daysLeft <= 0 } : null,
    plans: (billing?.plans ?? []).map((plan) => ({
      code: plan.code,
      name: plan.name,
      monthlyPriceMinor: plan.monthlyPriceMinor,
      hasWhiteLabelFeature: plan.hasWhiteLabelFeature,
      isCurrent: plan.code === billing?.planCode,
      canChoose: canChoosePlan(billing, plan.code),
      isConfirming: isConfirming && pendingPlanCode === plan.code,
      isChanging: isChanging && pendingPlanCode === plan.code,
      losesWhiteLabel: losesWhiteLabel(billing, plan.code),
    })),
    isBusy: isConfirming || isChanging || snapshot.matches({ loaded: 'checkingOut' }),
    isCheckingOut: snapshot.matches({ loaded: 'checkingOut' }),
    notice,
  };
}
