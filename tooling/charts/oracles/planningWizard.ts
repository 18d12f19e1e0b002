/**
 * What each state of the planning wizard promises (chart input: plan c1 opened at /overview, today
 * 2099-01-10; the samples: a plan with only its overview, and a complete one). Saving is the child chart
 * `planSave` (its oracle: tooling/charts/oracles/planSave.ts); here, what the wizard does with its reports.
 */
import { connectPlanningWizard } from '@machines/planning/planningWizard/planningWizard.connect';
import { planningWizardMachine } from '@machines/planning/planningWizard/planningWizard.machine';
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

/**
 * Spec: while the wizard is open its saving runs beside the page (the child chart `planSave`, whose own
 * oracle checks the save status), started with the plan's id and version; the page's leave guard asks
 * while a step keeps a draft.
 */
const savingCheck = (step: Step): void => {
  const saving = step.snapshot.children.planSave as
    | { options?: { input?: { campaignId?: string | null; version?: number } } }
    | undefined;
  expectThat(saving !== undefined, 'no saving running');
  expectEqual(saving.options?.input?.campaignId, ID, 'saving started for');
  expectEqual(view(step).hasUnsavedChanges, Object.keys(step.context.drafts).length > 0, 'unsaved drafts');
};

const readyStates = Object.fromEntries(
  STEPS.map((page) => [
    `ready.${page}`,
    (step: Step) => {
      pageCheck(page)(step);
      savingCheck(step);
    },
  ]),
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
    'save.reloaded': (step) => {
      expectEqual(step.context.drafts, {}, 'drafts after reloading');
      expectEqual(step.context.unsaved, null, 'change after reloading');
      expectEqual(step.context.plan, step.event.plan, 'plan after reloading');
    },
    // A save answered: the plan as saved, the saved body's draft dropped, nothing waiting if none is newer.
    'save.saved': (step) => {
      const before = step.previous!.context;
      expectEqual(step.context.plan, step.event.plan, 'plan after the save');
      const saved = step.event.step as keyof typeof before.drafts;
      if (before.drafts[saved] === step.event.body)
        expectEqual(saved in step.context.drafts, false, 'draft of the saved change');
      if (step.event.settled) expectEqual(step.context.unsaved, null, 'change after the save');
    },
    // A refusal: Next shows the errors instead of sending the same body again, and does not go on.
    'save.refused': (step) => {
      expectEqual(step.context.unsaved?.valid, false, 'refused change still valid');
      expectEqual(step.context.advanceTo, null, 'Next still waiting');
    },
    'save.failed': (step) => expectEqual(step.context.advanceTo, null, 'Next still waiting'),
  },
});
