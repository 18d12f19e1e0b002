import type { Plan, WizardStep } from '@contract/planning';
import { connectPlanningWizard, planningWizardMachine } from '@machines/planning/planningWizard';
import type { SaveStepInput, WizardLoaded } from '@machines/planning/planningWizard/planningWizard.types';
import { planSaveMachine } from '@machines/planning/planSave';
import type { StepBody, StepInput } from '@machines/planning/stepProtocol';
import { describe, expect, it, vi } from 'vitest';
import { type AnyEventObject, createActor, fromCallback, fromPromise } from 'xstate';
import {
  CAMPAIGN_ID,
  CUSTOMER_ID,
  completePlan,
  overviewOnlyPlan,
  RULES_LIST,
  TODAY,
} from '../support/planningFixtures';

const OVERVIEW: StepBody = {
  name: 'Spring launch',
  objectiveId: 2,
  customerId: CUSTOMER_ID,
  currency: 'EUR',
};
const conflict = () =>
  Object.assign(new Error('This plan was changed elsewhere'), {
    status: 409,
    errorCode: 'PLAN_VERSION_CONFLICT',
  });

/** A step chart stand-in: remembers its input and what the wizard tells it; `edit` reports a change. */
function fakeSteps() {
  const live: { input: StepInput; received: AnyEventObject[]; sendBack: (e: AnyEventObject) => void }[] = [];
  const logic = fromCallback<AnyEventObject, StepInput>(({ input, sendBack, receive }) => {
    const entry = { input, received: [] as AnyEventObject[], sendBack };
    live.push(entry);
    receive((event) => entry.received.push(event));
  });
  return { live, logic, last: () => live[live.length - 1]! };
}

function start(options: {
  campaignId?: string | null;
  step?: WizardStep | null;
  plan?: Plan | null;
  save?: (input: SaveStepInput) => Promise<{ campaignId: string; plan: Plan }>;
  loadPlan?: () => Promise<Plan>;
}) {
  const steps = fakeSteps();
  const saveStep = vi.fn(
    options.save ?? (async (_input: SaveStepInput) => ({ campaignId: CAMPAIGN_ID, plan: options.plan! })),
  );
  const loadPlan = vi.fn(options.loadPlan ?? (async () => options.plan!));
  const machine = planningWizardMachine.provide({
    actors: {
      loadWizard: fromPromise(async () => ({ plan: options.plan ?? null, rules: RULES_LIST })),
      // The saving is the wizard's child chart `planSave`; its calls and its pause are provided on it.
      planSave: planSaveMachine.provide({
        actors: {
          loadPlan: fromPromise(() => loadPlan()),
          saveStep: fromPromise(({ input }: { input: SaveStepInput }) => saveStep(input)),
        },
        delays: { saveDebounce: 10 },
      }),
      planningOverview: steps.logic,
      planningPlatforms: steps.logic,
      planningAudience: steps.logic,
      planningSchedule: steps.logic,
      planningCreative: steps.logic,
      planningReview: steps.logic,
    },
  });
  const actor = createActor(machine, {
    input: {
      campaignId: options.campaignId === undefined ? CAMPAIGN_ID : options.campaignId,
      step: options.step ?? null,
      today: TODAY,
    },
  });
  const navigations: { to: string; replace: boolean }[] = [];
  actor.on('navigate', (event) => navigations.push({ to: event.to, replace: event.replace }));
  actor.start();
  const view = () => connectPlanningWizard(actor.getSnapshot(), actor.send);
  const edit = (step: 'overview' | 'platforms' | 'audience' | 'schedule', body: StepBody, valid = true) =>
    steps.last().sendBack({ type: 'step.changed', step, body, valid });
  return { actor, view, steps, saveStep, loadPlan, navigations, edit };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

describe('planning wizard', () => {
  it('opens /planning/wizard/{id} on the first incomplete step and puts it in the URL', async () => {
    const { view, navigations } = start({ plan: overviewOnlyPlan() });
    await settle();
    expect(view().phase).toBe('ready');
    expect(view().step).toBe('platforms');
    expect(navigations).toEqual([{ to: `/planning/wizard/${CAMPAIGN_ID}/platforms`, replace: true }]);
    expect(view().steps.map((s) => [s.step, s.mark, s.reachable])).toEqual([
      ['overview', 'done', true],
      ['platforms', 'current', true],
      ['audience', 'todo', false],
      ['schedule', 'todo', false],
      // Nothing to advertise yet: a plan without platforms needs no ads (contract checkCreative).
      ['creative', 'done', false],
      ['review', 'todo', false],
    ]);
    expect(view().saveLabel).toBe('Saved');
  });

  it('keeps the step the URL names when it is reachable', async () => {
    const { view, navigations } = start({ plan: completePlan(), step: 'audience' });
    await settle();
    expect(view().step).toBe('audience');
    expect(navigations).toEqual([]);
  });

  it('a 404 is “not found”, like a foreign plan', async () => {
    const machine = planningWizardMachine.provide({
      actors: {
        loadWizard: fromPromise<WizardLoaded, { campaignId: string | null }>(async () => {
          throw Object.assign(new Error('Not found'), { status: 404 });
        }),
      },
    });
    const actor = createActor(machine, { input: { campaignId: 'x', step: null, today: TODAY } }).start();
    await settle();
    expect(connectPlanningWizard(actor.getSnapshot(), actor.send).phase).toBe('notFound');
  });

  it('saves a valid change after the pause, with the plan version', async () => {
    const saved = overviewOnlyPlan({ version: 2, name: 'Renamed' });
    const { view, edit, saveStep } = start({
      plan: overviewOnlyPlan(),
      step: 'overview',
      save: async () => ({ campaignId: CAMPAIGN_ID, plan: saved }),
    });
    await settle();
    edit('overview', { ...OVERVIEW, name: 'Renamed' });
    expect(view().saveLabel).toBe('Saving…');
    expect(view().hasUnsavedChanges).toBe(true);
    await settle();
    expect(saveStep).toHaveBeenCalledWith({
      campaignId: CAMPAIGN_ID,
      step: 'overview',
      version: 1,
      body: { ...OVERVIEW, name: 'Renamed' },
    });
    expect(view().saveLabel).toBe('Saved');
    expect(view().hasUnsavedChanges).toBe(false);
    expect(view().plan?.campaign.version).toBe(2);
  });

  it('a save that answers after the planner moved to the review hands the review the new plan', async () => {
    let answer: (value: { campaignId: string; plan: Plan }) => void = () => {};
    const saved = completePlan({ version: 2, name: 'Renamed' });
    const { view, edit, actor, steps } = start({
      plan: completePlan(),
      step: 'overview',
      save: () => new Promise((resolve) => (answer = resolve)),
    });
    await settle();
    edit('overview', { ...OVERVIEW, name: 'Renamed' });
    await settle(); // the pause is over: the save is on its way
    actor.send({ type: 'step.goto', step: 'review' });
    expect(view().step).toBe('review');
    const review = steps.last();
    answer({ campaignId: CAMPAIGN_ID, plan: saved });
    await settle();
    // Without it the review would choose a budget on version 1 and be refused as a conflict.
    expect(review.received).toContainEqual({ type: 'step.saved', plan: saved });
    expect(view().plan?.campaign.version).toBe(2);
  });

  it('Next on an invalid step shows every error and stays', async () => {
    const { view, edit, steps, actor } = start({ plan: overviewOnlyPlan(), step: 'overview' });
    await settle();
    edit('overview', { ...OVERVIEW, name: '' }, false);
    actor.send({ type: 'step.next' });
    expect(view().step).toBe('overview');
    expect(steps.last().received).toContainEqual({ type: 'step.showErrors' });
    expect(view().saveLabel).toBe('Unsaved changes');
  });

  it('saves an unfinished creative step as typed, but Next stays and shows every message until it is complete', async () => {
    const full = completePlan();
    const unfinished = { ...full, ads: full.ads.slice(0, 1) };
    const saved = { ...unfinished, campaign: { ...unfinished.campaign, version: full.campaign.version + 1 } };
    const { view, actor, steps, saveStep } = start({
      plan: full,
      step: 'creative',
      save: async () => ({ campaignId: CAMPAIGN_ID, plan: saved }),
    });
    await settle();
    const body = { ads: unfinished.ads } as StepBody;
    steps.last().sendBack({ type: 'step.changed', step: 'creative', body, valid: true, complete: false });
    actor.send({ type: 'step.next' });
    expect(view().step).toBe('creative');
    expect(steps.last().received).toContainEqual({ type: 'step.showErrors' });
    await settle();
    expect(saveStep).toHaveBeenCalledWith(expect.objectContaining({ step: 'creative', body }));
    expect(view().saveLabel).toBe('Saved');
    expect(view().hasUnsavedChanges).toBe(false);

    // Saved, but the plan's creative is not done: Next still stays and shows what is missing.
    const shown = steps.last().received.filter((e) => e.type === 'step.showErrors').length;
    actor.send({ type: 'step.next' });
    expect(view().step).toBe('creative');
    expect(steps.last().received.filter((e) => e.type === 'step.showErrors')).toHaveLength(shown + 1);
    actor.send({ type: 'step.goto', step: 'schedule' });
    expect(view().steps.find((s) => s.step === 'creative')?.mark).toBe('attention');
    expect(view().steps.find((s) => s.step === 'review')?.reachable).toBe(false);
  });

  it('Next on a changed valid step saves at once, then goes on', async () => {
    const { view, edit, actor, saveStep, navigations } = start({
      plan: overviewOnlyPlan(),
      step: 'overview',
      save: async () => ({ campaignId: CAMPAIGN_ID, plan: overviewOnlyPlan({ version: 2 }) }),
    });
    await settle();
    edit('overview', { ...OVERVIEW, name: 'Renamed' });
    actor.send({ type: 'step.next' });
    expect(view().step).toBe('overview');
    await new Promise((r) => setTimeout(r, 0));
    await settle();
    expect(saveStep).toHaveBeenCalledTimes(1);
    expect(view().step).toBe('platforms');
    expect(navigations.at(-1)).toEqual({ to: `/planning/wizard/${CAMPAIGN_ID}/platforms`, replace: false });
  });

  it('Back keeps what was typed and hands it back as the draft', async () => {
    const { edit, actor, steps, view } = start({ plan: overviewOnlyPlan(), step: 'platforms' });
    await settle();
    const typed: StepBody = {
      platforms: ['meta'],
      budgetMinor: 0,
      splitMode: 'amount',
      allocations: {},
    };
    edit('platforms', typed, false);
    actor.send({ type: 'step.back' });
    expect(view().step).toBe('overview');
    actor.send({ type: 'step.next' });
    expect(view().step).toBe('platforms');
    expect(steps.last().input.draft).toBe(typed);
    expect(view().hasUnsavedChanges).toBe(true);
  });

  it('a new plan is created by its first save and the URL becomes the plan’s', async () => {
    const created = overviewOnlyPlan();
    const { view, edit, saveStep, navigations } = start({
      campaignId: null,
      step: 'overview',
      plan: null,
      save: async () => ({ campaignId: CAMPAIGN_ID, plan: created }),
    });
    await settle();
    expect(view().steps.map((s) => s.reachable)).toEqual([true, false, false, false, false, false]);
    edit('overview', OVERVIEW);
    await settle();
    expect(saveStep.mock.calls[0]?.[0]).toMatchObject({ campaignId: null, step: 'overview', body: OVERVIEW });
    expect(navigations).toEqual([{ to: `/planning/wizard/${CAMPAIGN_ID}/overview`, replace: true }]);
    expect(view().plan).toBe(created);
  });

  it('a 400 hands the server’s messages to the step; nothing is marked saved', async () => {
    const { view, edit, steps } = start({
      plan: overviewOnlyPlan(),
      step: 'overview',
      save: async () => {
        throw Object.assign(new Error('Invalid'), {
          status: 400,
          validationErrors: { name: { message: 'Use at most 200 characters' } },
        });
      },
    });
    await settle();
    edit('overview', OVERVIEW);
    await settle();
    expect(steps.last().received).toContainEqual({
      type: 'step.serverErrors',
      errors: { name: 'Use at most 200 characters' },
    });
    expect(view().saveLabel).toBe('Not saved');
  });

  it('a network failure says “Not saved” and retries', async () => {
    let fail = true;
    const { view, edit, actor, saveStep } = start({
      plan: overviewOnlyPlan(),
      step: 'overview',
      save: async () => {
        if (fail) throw new TypeError('Failed to fetch');
        return { campaignId: CAMPAIGN_ID, plan: overviewOnlyPlan({ version: 2 }) };
      },
    });
    await settle();
    edit('overview', OVERVIEW);
    await settle();
    expect(view().saveLabel).toBe('Not saved');
    expect(view().canRetrySave).toBe(true);
    fail = false;
    actor.send({ type: 'save.retry' });
    await settle();
    expect(saveStep).toHaveBeenCalledTimes(2);
    expect(view().saveLabel).toBe('Saved');
  });

  it('a conflict keeps what was typed; “Keep my changes” saves it on the new version', async () => {
    let calls = 0;
    const { view, edit, actor, saveStep, steps } = start({
      plan: overviewOnlyPlan(),
      step: 'overview',
      save: async () => {
        calls += 1;
        if (calls === 1) throw conflict();
        return { campaignId: CAMPAIGN_ID, plan: overviewOnlyPlan({ version: 4 }) };
      },
      loadPlan: async () => overviewOnlyPlan({ version: 3, name: 'Theirs' }),
    });
    await settle();
    edit('overview', { ...OVERVIEW, name: 'Mine' });
    await settle();
    expect(view().conflictMessage).toBe('This plan was changed elsewhere');
    expect(view().hasUnsavedChanges).toBe(true);
    actor.send({ type: 'conflict.keepMine' });
    await settle();
    expect(saveStep.mock.calls[1]?.[0]).toMatchObject({ version: 3, body: { name: 'Mine' } });
    expect(view().conflictMessage).toBeNull();
    expect(steps.last().received.some((e) => e.type === 'step.reset')).toBe(false);
  });

  it('a conflict’s “Reload the plan” takes the server’s plan into the step', async () => {
    const theirs = overviewOnlyPlan({ version: 3, name: 'Theirs' });
    const { view, edit, actor, steps } = start({
      plan: overviewOnlyPlan(),
      step: 'overview',
      save: async () => {
        throw conflict();
      },
      loadPlan: async () => theirs,
    });
    await settle();
    edit('overview', { ...OVERVIEW, name: 'Mine' });
    await settle();
    actor.send({ type: 'conflict.reload' });
    await settle();
    expect(steps.last().received).toContainEqual({ type: 'step.reset', plan: theirs });
    expect(view().hasUnsavedChanges).toBe(false);
    expect(view().saveLabel).toBe('Saved');
  });

  it('an edit while the server’s plan reloads is not kept: a failed reload leaves the change from before', async () => {
    let reject: (error: unknown) => void = () => {};
    const { view, edit, actor, saveStep } = start({
      plan: overviewOnlyPlan(),
      step: 'overview',
      save: async () => {
        throw conflict();
      },
      loadPlan: () => new Promise((_resolve, fail) => (reject = fail)),
    });
    await settle();
    edit('overview', { ...OVERVIEW, name: 'Mine' });
    await settle();
    actor.send({ type: 'conflict.reload' });
    edit('overview', { ...OVERVIEW, name: 'During the reload' });
    reject(new TypeError('Failed to fetch'));
    await settle();
    expect(view().conflictMessage).toBe('This plan was changed elsewhere');
    expect(actor.getSnapshot().context.drafts.overview).toMatchObject({ name: 'Mine' });
    actor.send({ type: 'conflict.keepMine' });
    await settle();
    expect(saveStep.mock.calls.at(-1)?.[0]).toMatchObject({ body: { name: 'Mine' } });
  });

  it('a step the lifecycle locks is read-only, with the reason; its edits are not saved', async () => {
    const live = {
      ...completePlan({ status: 'active' }),
      editableSteps: ['overview' as const],
      lockReason: 'This campaign is live: its platforms, budget, audience and schedule are as launched.',
    };
    const { view, steps, edit, saveStep } = start({ plan: live, step: 'platforms' });
    await settle();
    expect(view().readOnly).toBe(true);
    expect(view().lockReason).toMatch(/This campaign is live/);
    expect(steps.last().input.readOnly).toBe(true);
    edit('platforms', { platforms: ['meta'], budgetMinor: 1, splitMode: 'amount', allocations: {} });
    await settle();
    expect(saveStep).not.toHaveBeenCalled();
  });

  it('goes to reached steps only; the browser’s URL follows or is put back', async () => {
    const { view, actor, navigations } = start({ plan: overviewOnlyPlan(), step: 'platforms' });
    await settle();
    actor.send({ type: 'step.goto', step: 'schedule' });
    expect(view().step).toBe('platforms');
    actor.send({ type: 'step.goto', step: 'overview' });
    expect(view().step).toBe('overview');
    actor.send({ type: 'url.changed', step: 'platforms' });
    expect(view().step).toBe('platforms');
    actor.send({ type: 'url.changed', step: 'review' });
    expect(navigations.at(-1)).toEqual({ to: `/planning/wizard/${CAMPAIGN_ID}/platforms`, replace: true });
  });

  it('marks a visited step with problems as needing attention', async () => {
    const { view, actor } = start({ plan: overviewOnlyPlan(), step: 'platforms' });
    await settle();
    actor.send({ type: 'step.goto', step: 'overview' });
    expect(view().steps.find((s) => s.step === 'platforms')?.mark).toBe('attention');
  });
});
