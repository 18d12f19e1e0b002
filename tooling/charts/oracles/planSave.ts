/**
 * What each state of the wizard's saving (`planSave`) promises (chart input: plan c1 at version 1; the
 * samples: the plan's own overview as the valid change, an emptied name as the invalid one, and a complete
 * plan at version 2 as what the server answers). The save status is what the wizard's page shows of it
 * (`connectPlanSave`, read by the wizard's connect); the reports are what the wizard hears back.
 */
import { connectPlanSave } from '@machines/planning/planSave/planSave.connect';
import { planSaveMachine } from '@machines/planning/planSave/planSave.machine';
import { defineOracle, expectEqual, expectFields, expectThat, type OracleCheck } from '../oracle';
import { NETWORK_MESSAGE } from './shared';

type Machine = typeof planSaveMachine;
type Step = Parameters<OracleCheck<Machine>>[0];

const CONFLICT = 'This plan was changed elsewhere';
/** The plan is saved already (it has an id): a settled save status says “Saved”. */
const view = (step: Step) => connectPlanSave(step.snapshot, true);
const reports = (step: Step) => step.emitted.filter((event) => event.type.startsWith('save.'));
const request = (step: Step) =>
  step.snapshot.children.saveStep as
    | { options?: { input?: { version?: number; body?: unknown; step?: string } } }
    | undefined;

export const planSaveOracle = defineOracle(planSaveMachine, {
  states: {
    idle: (step) => {
      expectFields(view(step), {
        saveLabel: 'Saved',
        conflictMessage: null,
        hasUnsavedChanges: false,
        canRetrySave: false,
      });
      expectEqual(step.context.unsaved, null, 'a change waiting');
    },
    incomplete: (step) => {
      // An edit that fails the checks is kept, not sent.
      expectFields(view(step), { saveLabel: 'Unsaved changes', hasUnsavedChanges: true });
      expectEqual(step.snapshot.children.saveStep, undefined, 'a save on its way');
    },
    pending: (step) => expectFields(view(step), { saveLabel: 'Saving…', hasUnsavedChanges: true }),
    saving: (step) => {
      expectFields(view(step), { saveLabel: 'Saving…', hasUnsavedChanges: true });
      const sent = request(step);
      expectThat(sent !== undefined, 'no save on its way');
      // Every save carries the version of the plan it was based on, and the newest valid change.
      expectEqual(sent.options?.input?.version, step.context.version, 'version sent');
      expectEqual(sent.options?.input?.body, step.context.inFlight?.body, 'body sent');
      expectThat(step.context.inFlight?.valid === true, 'an invalid change sent');
    },
    refused: (step) =>
      expectFields(view(step), { saveLabel: 'Not saved', hasUnsavedChanges: true, canRetrySave: false }),
    notSaved: (step) =>
      expectFields(view(step), {
        saveLabel: 'Not saved',
        hasUnsavedChanges: true,
        error: NETWORK_MESSAGE,
        canRetrySave: step.context.unsaved?.valid === true,
      }),
    conflict: (step) =>
      expectFields(view(step), {
        saveLabel: 'Not saved',
        conflictMessage: CONFLICT,
        isResolvingConflict: false,
        hasUnsavedChanges: true,
      }),
    reloading: (step) => expectFields(view(step), { conflictMessage: CONFLICT, isResolvingConflict: true }),
    refreshingVersion: (step) =>
      expectFields(view(step), { saveLabel: 'Saving…', hasUnsavedChanges: true, conflictMessage: null }),
  },
  events: {
    // A save's answer: the wizard hears the plan as saved, which change it was, and whether a newer waits.
    'xstate.done.actor.saveStep': (step) => {
      const before = step.previous!.context;
      const plan = (step.event.output as { plan: { campaign: { version: number } } }).plan;
      expectEqual(step.context.version, plan.campaign.version, 'version after the save');
      expectEqual(
        reports(step),
        [
          {
            type: 'save.saved',
            campaignId: (step.event.output as { campaignId: string }).campaignId,
            plan,
            step: before.inFlight!.step,
            body: before.inFlight!.body,
            settled: before.unsaved === before.inFlight,
            created: before.campaignId === null,
          },
        ],
        'report',
      );
    },
    // A failed save: refused (the change kept, marked invalid, the server's messages), or not saved.
    'xstate.error.actor.saveStep': (step) => {
      const before = step.previous!.context;
      const error = step.event.error as { status?: number; errorCode?: string };
      if (error.status === 400)
        expectEqual(
          reports(step),
          [
            {
              type: 'save.refused',
              change: { ...before.inFlight!, valid: false, complete: false },
              errors: { name: 'Use at most 200 characters' },
            },
          ],
          'report',
        );
      else
        expectEqual(
          reports(step),
          [{ type: 'save.failed', conflict: error.errorCode === 'PLAN_VERSION_CONFLICT' }],
          'report',
        );
    },
    // Reloading after a conflict drops the planner's change for the server's plan; keeping mine only
    // moves the version on.
    'xstate.done.actor.loadPlan': (step) => {
      const plan = step.event.output as { campaign: { version: number } };
      expectEqual(step.context.version, plan.campaign.version, 'version after reading the plan');
      if (step.previous!.matches('reloading')) {
        expectEqual(step.context.unsaved, null, 'change after reloading');
        expectEqual(reports(step), [{ type: 'save.reloaded', plan }], 'report');
      } else {
        expectEqual(step.context.unsaved, step.previous!.context.unsaved, 'change after reading the version');
        expectEqual(reports(step), [{ type: 'save.rebased', plan }], 'report');
      }
    },
    // The review's budget choice moved the version on: the next save is checked against it.
    'review.saved': (step) =>
      expectEqual(
        step.context.version,
        (step.event.plan as { campaign: { version: number } }).campaign.version,
        'version after the review saved',
      ),
    // An edit is kept as typed (saved or not), except while the server's plan is being reloaded.
    'step.changed': (step) => {
      if (step.previous!.matches('reloading')) return;
      expectEqual(step.context.unsaved?.body, step.event.body, 'change kept');
    },
  },
});
