import { type Plan, WIZARD_STEP_LABELS, WIZARD_STEPS, type WizardStep } from '@contract/planning';
import type { AnyActorRef, SnapshotFrom } from 'xstate';
import { connectPlanSave, type SaveStatus } from '../planSave/planSave.connect';
import {
  isReachable,
  isReadOnly,
  pathOf,
  type StepMark,
  stepAfter,
  stepBefore,
  stepMark,
} from './planningWizard.logic';
import type { PlanningWizardMachine } from './planningWizard.machine';
import type { PlanningWizardEvent } from './planningWizard.types';

export type PlanningWizardSnapshot = SnapshotFrom<PlanningWizardMachine>;
export type { SaveStatus };

export interface WizardStepItem {
  step: WizardStep;
  label: string;
  /** 1-based, for "Step 2 of 5". */
  number: number;
  mark: StepMark;
  /** A button to it (it is reached); otherwise plain text. */
  reachable: boolean;
  href: string;
}

export interface PlanningWizardView {
  phase: 'loading' | 'notFound' | 'loadFailed' | 'ready';
  plan: Plan | null;
  /** The plan's name, or "New campaign" before it has one. */
  title: string;
  step: WizardStep;
  stepLabel: string;
  stepNumber: number;
  stepCount: number;
  steps: WizardStepItem[];
  saveStatus: SaveStatus;
  saveLabel: string | null;
  /** "Try again" next to "Not saved" (the server could not be reached). */
  canRetrySave: boolean;
  /** The view's leave guard asks "Leave without saving?" while this holds. */
  hasUnsavedChanges: boolean;
  /** "This plan was changed elsewhere", with reload / keep mine. */
  conflictMessage: string | null;
  isResolvingConflict: boolean;
  readOnly: boolean;
  lockReason: string | null;
  /** Why loading, saving or reloading failed. */
  error: string | null;
  canGoBack: boolean;
  /** "Next: Audience"; null on the review. */
  nextLabel: string | null;
  /** The step's chart (its view renders from it); undefined while loading or on the review. */
  stepActor: AnyActorRef | undefined;
  reviewActor: AnyActorRef | undefined;
  next(): void;
  back(): void;
  goTo(step: WizardStep): void;
  urlChanged(step: WizardStep | null): void;
  retryLoad(): void;
  retrySave(): void;
  reloadPlan(): void;
  keepMyChanges(): void;
}

export function connectPlanningWizard(
  snapshot: PlanningWizardSnapshot,
  send: (event: PlanningWizardEvent) => void,
): PlanningWizardView {
  const { context } = snapshot;
  const phase = snapshot.matches('ready')
    ? 'ready'
    : snapshot.matches('notFound')
      ? 'notFound'
      : snapshot.matches('loadFailed')
        ? 'loadFailed'
        : 'loading';
  const ready = phase === 'ready';
  // The saving is the child chart `planSave`: its snapshot says what the save status shows.
  const save = connectPlanSave(
    (snapshot.children.planSave as AnyActorRef | undefined)?.getSnapshot(),
    context.plan !== null,
  );
  const { saveStatus } = save;
  const next = stepAfter(context.step);
  return {
    phase,
    plan: context.plan,
    title: context.plan?.campaign.name || 'New campaign',
    step: context.step,
    stepLabel: WIZARD_STEP_LABELS[context.step],
    stepNumber: WIZARD_STEPS.indexOf(context.step) + 1,
    stepCount: WIZARD_STEPS.length,
    steps: WIZARD_STEPS.map((step, index) => ({
      step,
      label: WIZARD_STEP_LABELS[step],
      number: index + 1,
      mark: ready ? stepMark(context, step) : 'todo',
      reachable: ready && isReachable(context, step),
      href: pathOf(context, step),
    })),
    saveStatus,
    saveLabel: save.saveLabel,
    canRetrySave: save.canRetrySave,
    hasUnsavedChanges: ready && (save.hasUnsavedChanges || Object.keys(context.drafts).length > 0),
    conflictMessage: save.conflictMessage,
    isResolvingConflict: save.isResolvingConflict,
    readOnly: ready && isReadOnly(context, context.step),
    lockReason: ready && isReadOnly(context, context.step) ? (context.plan?.lockReason ?? null) : null,
    error: context.error ?? save.error,
    canGoBack: ready && stepBefore(context.step) !== null,
    nextLabel: next ? `Next: ${WIZARD_STEP_LABELS[next]}` : null,
    stepActor: snapshot.children.step as AnyActorRef | undefined,
    reviewActor: snapshot.children.review as AnyActorRef | undefined,
    next: () => send({ type: 'step.next' }),
    back: () => send({ type: 'step.back' }),
    goTo: (step) => send({ type: 'step.goto', step }),
    urlChanged: (step) => send({ type: 'url.changed', step }),
    retryLoad: () => send({ type: 'load.retry' }),
    retrySave: () => send({ type: 'save.retry' }),
    reloadPlan: () => send({ type: 'conflict.reload' }),
    keepMyChanges: () => send({ type: 'conflict.keepMine' }),
  };
}
