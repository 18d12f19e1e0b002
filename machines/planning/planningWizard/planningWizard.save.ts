import type { EditableWizardStep } from '@contract/planning';
import { assertEvent, enqueueActions } from 'xstate';
import type { UnsavedChange } from '../planSave/planSave.types';
import { pathOf } from './planningWizard.logic';
import type {
  PlanningWizardContext,
  PlanningWizardEmitted,
  PlanningWizardEvent,
} from './planningWizard.types';

/**
 * The wizard's side of its saving. The saving itself is the child chart `planSave`
 * (machines/planning/planSave), invoked as `planSave` while the wizard is `ready`: the wizard tells it each
 * edit of the step on screen, Next when the change must be saved first, Back, a step of the list and the
 * review's new version; it reports back (`save.saved`, `save.refused`, `save.failed`, `save.reloaded`,
 * `save.rebased`), and these actions take the reports into what the wizard holds: the plan, the drafts,
 * the change not saved yet, where Next goes.
 */

type Context = PlanningWizardContext;
type Event = PlanningWizardEvent;

/** `enqueueActions` typed for the wizard, for actions written outside its `setup` (the machine's and these). */
export const enqueueWizardActions = enqueueActions<
  Context,
  Event,
  undefined,
  Event,
  never,
  never,
  never,
  never,
  PlanningWizardEmitted
>;

/** An invoked actor's answer (`xstate.done.actor.*` events are not in the machine's own event union). */
export const outputOf = <T>(event: unknown) => (event as { output: T }).output;

/**
 * Whether a child is running to be told something (the review has no step chart; a pure transition, as
 * the path generator computes them, has no live snapshot).
 */
export const hasChild = (self: { getSnapshot(): unknown }, id: 'step' | 'review' | 'planSave') =>
  Boolean((self.getSnapshot() as { children?: Record<string, unknown> } | undefined)?.children?.[id]);

/** Next on a valid step whose change is still to be saved: save first, then go. */
export const mustSaveBeforeNext = (context: Context) =>
  context.unsaved !== null && context.unsaved.step === context.step && context.unsaved.valid;

const withoutDraft = (drafts: Context['drafts'], step: EditableWizardStep, body: unknown) => {
  if (drafts[step] !== body) return drafts;
  const { [step]: _, ...rest } = drafts;
  return rest;
};

/** Tells the saving (`planSave`) what the planner did: an edit, a move, the review's new version. */
export const forwardToSave = enqueueWizardActions(({ event, enqueue, self }) => {
  if (hasChild(self, 'planSave')) enqueue.sendTo('planSave', event as never);
});

/** Next on a valid step whose change is still to be saved: the saving saves it at once. */
export const saveBeforeNext = enqueueWizardActions(({ context, enqueue, self }) => {
  if (mustSaveBeforeNext(context) && hasChild(self, 'planSave'))
    enqueue.sendTo('planSave', { type: 'step.next' } as never);
});

/**
 * The saving is reloading the server's plan after a conflict: an edit meanwhile is not kept (the server's
 * plan replaces it). Only a live child can be reloading; a pure transition (the path generator's) has none.
 */
const isReloading = (self: { getSnapshot(): unknown }) => {
  const children = (self.getSnapshot() as { children?: Record<string, { getSnapshot?(): unknown }> })
    .children;
  const saving = children?.planSave?.getSnapshot?.() as { value?: unknown } | undefined;
  return saving?.value === 'reloading';
};

/** What the step on screen reported: kept as its draft (Back keeps it) and as the change not saved yet. */
export const keepChange = enqueueWizardActions(({ context, event, enqueue, self }) => {
  assertEvent(event, 'step.changed');
  if (isReloading(self)) return;
  const unsaved: UnsavedChange = {
    step: event.step,
    body: event.body,
    valid: event.valid,
    ...(event.complete === undefined ? {} : { complete: event.complete }),
  };
  enqueue.assign({ unsaved, drafts: { ...context.drafts, [event.step]: event.body } });
});

/** A save answered: the plan as saved (a new plan's id), its draft dropped, and Next goes on if it waited. */
export const keepSaved = enqueueWizardActions(({ context, event, enqueue, self }) => {
  assertEvent(event, 'save.saved');
  const { plan, campaignId } = event;
  enqueue.assign({
    plan,
    campaignId,
    unsaved: event.settled ? null : context.unsaved,
    drafts: withoutDraft(context.drafts, event.step, event.body),
  });
  if (hasChild(self, 'step')) enqueue.sendTo('step', { type: 'step.saved', plan });
  // A save that answers after the planner moved on to the review: the review takes the new version.
  if (hasChild(self, 'review')) enqueue.sendTo('review', { type: 'step.saved', plan });
  if (event.created)
    enqueue.emit({ type: 'navigate', to: pathOf({ campaignId }, 'overview'), replace: true });
  if (context.advanceTo) enqueue.raise({ type: 'wizard.advance' });
});

/** The server refused the change: Next shows the errors instead of sending it again; the step shows its messages. */
export const keepRefusal = enqueueWizardActions(({ enqueue, event, self }) => {
  assertEvent(event, 'save.refused');
  enqueue.assign({ unsaved: event.change });
  if (hasChild(self, 'step') && Object.keys(event.errors).length > 0)
    enqueue.sendTo('step', { type: 'step.serverErrors', errors: event.errors });
});

/** After a conflict the planner reloaded: the server's plan replaces what was typed. */
export const takeServerPlan = enqueueWizardActions(({ event, enqueue, self }) => {
  assertEvent(event, 'save.reloaded');
  const { plan } = event;
  enqueue.assign({ plan, drafts: {}, unsaved: null });
  if (hasChild(self, 'step')) enqueue.sendTo('step', { type: 'step.reset', plan });
  if (hasChild(self, 'review')) enqueue.sendTo('review', { type: 'step.reset', plan });
});
