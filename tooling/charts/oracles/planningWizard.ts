/**
 * What each state of the planning wizard promises (chart input: plan c1 opened at /overview, today
 * 2099-01-10; the samples: a plan with only its overview, and a complete one). The page and saving are
 * parallel regions: each combination's promise is the page's and the saving's together.
 */
import { connectPlanningWizard } from '../../../machines/planning/planningWizard/planningWizard.connect';
import { planningWizardMachine } from '../../../machines/planning/planningWizard/planningWizard.machine';
import { defineOracle, expectEqual, expectFields, expectThat, type OracleCheck } from '../oracle';
import { NETWORK_MESSAGE, sentBy } from './shared';

type Machine = typeof planningWizardMachine;
type Step = Parameters<OracleCheck<Machine>>[0];

const ID = '00000000-0000-4000-8000-0000000000c1';
const STEPS = ['overview', 'platforms', 'audience', 'schedule', 'creative', 'review'] as const;
const view = (step: Step) => connectPlanningWizard(step.snapshot, () => {});
const pathOf = (step: string) => `/planning/wizard/${ID}/${step}`;

/** Spec: the step on screen runs its own form (the review, its own chart). */
const pageCheck =
  (page: (typeof STEPS)[number]) =>
  (step: Step): void => {
    const v = view(step);
    expectFields(v, { phase: 'ready', step: page });
    expectEqual(
      v.steps.filter((s) => s.mark === 'current').map((s) => s.step),
      [page],
      'current step',
    );
    expectThat(
      page === 'review'
        ? step.snapshot.children.review !== undefined
        : step.snapshot.children.step !== undefined,
      `no form for ${page}`,
    );
    // Moving to a step puts it in the URL, a new entry in the history.
    const moved =
      step.previous?.context.step !== page &&
      ['step.next', 'step.back', 'step.goto'].includes(step.event.type);
    if (moved)
      expectThat(
        step.emitted.some((e) => 'to' in e && e.to === pathOf(page)),
        `URL not moved to ${page}`,
      );
    // Only reached steps open: the first is always reachable, the rest once those before are done or seen.
    expectThat(v.steps.find((s) => s.step === page)?.reachable === true, `${page} shown but not reachable`);
  };

const SAVE: Record<string, (step: Step) => void> = {
  idle: (step) => {
    expectFields(view(step), { saveLabel: 'Saved', conflictMessage: null });
    expectEqual(view(step).hasUnsavedChanges, Object.keys(step.context.drafts).length > 0, 'unsaved drafts');
  },
  incomplete: (step) => {
    // An edit that fails the checks is kept, not sent.
    expectFields(view(step), { saveLabel: 'Unsaved changes', hasUnsavedChanges: true });
    expectEqual(step.snapshot.children.saveStep, undefined, 'a save on its way');
  },
  pending: (step) => expectFields(view(step), { saveLabel: 'Saving…', hasUnsavedChanges: true }),
  saving: (step) => {
    expectFields(view(step), { saveLabel: 'Saving…', hasUnsavedChanges: true });
    const request = step.snapshot.children.saveStep as
      | { options?: { input?: { version?: number } } }
      | undefined;
    expectThat(request !== undefined, 'no save on its way');
    // Every save carries the version of the plan it was based on.
    expectEqual(request.options?.input?.version, step.context.plan?.campaign.version, 'version sent');
  },
  refused: (step) => expectFields(view(step), { saveLabel: 'Not saved', hasUnsavedChanges: true }),
  notSaved: (step) =>
    expectFields(view(step), { saveLabel: 'Not saved', hasUnsavedChanges: true, error: NETWORK_MESSAGE }),
  conflict: (step) =>
    expectFields(view(step), {
      saveLabel: 'Not saved',
      conflictMessage: 'This plan was changed elsewhere',
      hasUnsavedChanges: true,
    }),
  reloading: (step) => expectFields(view(step), { conflictMessage: 'This plan was changed elsewhere' }),
  refreshingVersion: (step) => expectFields(view(step), { saveLabel: 'Saving…', hasUnsavedChanges: true }),
};

const readyStates = Object.fromEntries(
  STEPS.flatMap((page) =>
    Object.entries(SAVE).map(([save, check]) => [
      `ready.page.${page} + save.${save}`,
      (step: Step) => {
        pageCheck(page)(step);
        check(step);
      },
    ]),
  ),
);

export const planningWizardOracle = defineOracle(planningWizardMachine, {
  // The view's commands, in every state: each button sends its one event.
  always: (step) =>
    expectEqual(
      sentBy(
        (send) => connectPlanningWizard(step.snapshot, send),
        (v) => {
          v.next();
          v.back();
          v.goTo('schedule');
          v.urlChanged('audience');
          v.retryLoad();
          v.retrySave();
          v.reloadPlan();
          v.keepMyChanges();
        },
      ),
      [
        { type: 'step.next' },
        { type: 'step.back' },
        { type: 'step.goto', step: 'schedule' },
        { type: 'url.changed', step: 'audience' },
        { type: 'load.retry' },
        { type: 'save.retry' },
        { type: 'conflict.reload' },
        { type: 'conflict.keepMine' },
      ],
      'commands',
    ),
  states: {
    loading: (step) => {
      expectFields(view(step), { phase: 'loading', hasUnsavedChanges: false });
      expectThat(step.snapshot.children.loadWizard !== undefined, 'not loading');
    },
    notFound: (step) => expectFields(view(step), { phase: 'notFound' }),
    loadFailed: (step) => expectFields(view(step), { phase: 'loadFailed', error: NETWORK_MESSAGE }),
    ...readyStates,
  },
  events: {
    // Next on a step whose edit fails the checks, or is saved as typed but unfinished, stays put.
    'step.next': (step) => {
      const before = step.previous!.context;
      if (before.unsaved?.step === before.step && !(before.unsaved.complete ?? before.unsaved.valid))
        expectEqual(step.context.step, before.step, 'left an invalid or unfinished step');
    },
    // Back keeps what was typed.
    'step.back': (step) =>
      expectEqual(step.context.drafts, step.previous!.context.drafts, 'drafts after Back'),
    // Reloading after a conflict drops the planner's drafts for the server's plan.
    'xstate.done.actor.loadPlan': (step) => {
      if (step.previous!.matches({ ready: { save: 'reloading' } }))
        expectEqual(step.context.drafts, {}, 'drafts after reloading');
    },
  },
  optionalStates: (label) => label.startsWith('ready.'),
});
