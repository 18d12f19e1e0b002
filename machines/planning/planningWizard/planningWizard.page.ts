import type { EditableWizardStep, RulesByPlatform, WizardStep } from '@contract/planning';
import { type AnyEventObject, assign, emit, fromCallback } from 'xstate';
import type { StepInput } from '../stepProtocol';
import { openingStep, pathOf, stepAfter, stepBefore, stepInput } from './planningWizard.logic';
import { enqueueWizardActions, hasChild, outputOf } from './planningWizard.save';
import type { PlanningWizardContext, PlanningWizardEvent, WizardLoaded } from './planningWizard.types';

/**
 * The wizard's page: which step is on screen, its form, and the URL that follows it. The actions the
 * machine (planningWizard.machine.ts) names in its `setup`, written here to keep the chart readable.
 */

type Event = PlanningWizardEvent;

/** A step's chart, provided by src/ (the real ones) or by a test (a fake that sends `step.changed`). */
export const stepChart = (name: string) =>
  fromCallback<AnyEventObject, StepInput>(() => {
    throw new Error(`not provided: ${name}`);
  });

type Context = PlanningWizardContext;

/**
 * The URL follows the step the plan opened on (/planning/wizard/{id} → its first incomplete step; a new
 * plan only has its overview).
 */
export const settleUrl = enqueueWizardActions(({ context, enqueue }) => {
  if (context.requestedStep !== context.step)
    enqueue.emit({ type: 'navigate', to: pathOf(context, context.step), replace: true });
});

/** A step's form: its chart, invoked as `step` with what the wizard holds for that step. */
export const stepForm = <const Src extends string>(step: EditableWizardStep, src: Src, description: string) =>
  ({
    description,
    invoke: { id: 'step', src, input: ({ context }: { context: Context }) => stepInput(context, step) },
  }) as const;

export const showStepErrors = enqueueWizardActions(({ enqueue, self }) => {
  if (hasChild(self, 'step')) enqueue.sendTo('step', { type: 'step.showErrors' });
});

export const keepLoaded = assign<Context, Event, undefined, Event, never>(({ context, event }) => {
  const output = outputOf<WizardLoaded>(event);
  const rules: RulesByPlatform = Object.fromEntries(output.rules.map((r) => [r.key, r]));
  const loaded = { ...context, plan: output.plan, rules, error: null };
  const step = openingStep(loaded);
  return { plan: loaded.plan, rules, step, visited: [step], error: null };
});

export const goTo = assign<Context, Event, { to: 'next' | 'back' | 'event' | 'advance' }, Event, never>(
  ({ context, event }, params: { to: 'next' | 'back' | 'event' | 'advance' }) => {
    const to =
      params.to === 'next'
        ? stepAfter(context.step)
        : params.to === 'back'
          ? stepBefore(context.step)
          : params.to === 'advance'
            ? context.advanceTo
            : (event as { step?: WizardStep | null }).step;
    const step = to ?? context.step;
    return {
      step,
      visited: context.visited.includes(step) ? context.visited : [...context.visited, step],
      advanceTo: null,
    };
  },
);

export const announceStep = emit<
  Context,
  Event,
  undefined,
  Event,
  { type: 'navigate'; to: string; replace: boolean }
>(({ context }) => ({
  type: 'navigate' as const,
  to: pathOf(context, context.step),
  replace: false,
}));

/** The browser is on a step the wizard cannot show: put the URL back on the step shown. */
export const restoreUrl = emit<
  Context,
  Event,
  undefined,
  Event,
  { type: 'navigate'; to: string; replace: boolean }
>(({ context }) => ({
  type: 'navigate' as const,
  to: pathOf(context, context.step),
  replace: true,
}));
