import type { AudienceEstimateAnswer, AudienceEstimateRequest, Interest, Plan } from '@contract/planning';
import {
  connectPlanningAudience,
  type InterestSearchInput,
  planningAudienceMachine,
} from '@machines/planning/planningAudience';
import {
  SAMPLE_PLAN,
  SAMPLE_RULES,
  SAMPLE_TODAY,
} from '@machines/planning/planningAudience/planningAudience.samples';
import type { StepInput, StepToWizard } from '@machines/planning/stepProtocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnyActorRef, type AnyStateMachine, createActor, createMachine, fromPromise } from 'xstate';

const interest = (id: string, name = id): Interest => ({ id, name, path: [], audienceSize: 1000 });

/** Answers the test holds and settles itself, in order. */
function held<TInput, TOutput>() {
  const calls: { input: TInput; resolve: (value: TOutput) => void; reject: (error: unknown) => void }[] = [];
  const actor = fromPromise<TOutput, TInput>(
    ({ input }) => new Promise<TOutput>((resolve, reject) => calls.push({ input, resolve, reject })),
  );
  return { calls, actor };
}

/** The step invoked by a stand-in wizard that records what the step tells it. */
function start(plan: Plan = SAMPLE_PLAN, extra: Partial<StepInput> = {}) {
  const search = held<InterestSearchInput, Interest[]>();
  const estimate = held<AudienceEstimateRequest, AudienceEstimateAnswer[]>();
  const machine = planningAudienceMachine.provide({
    actors: { searchInterests: search.actor, estimateAudience: estimate.actor },
  });
  const told: StepToWizard[] = [];
  const input: StepInput = {
    plan,
    rules: SAMPLE_RULES,
    today: SAMPLE_TODAY,
    draft: null,
    readOnly: false,
    ...extra,
  };
  const wizard = createMachine({
    invoke: { id: 'step', src: machine as AnyStateMachine, input },
    on: { 'step.changed': { actions: ({ event }) => told.push(event as StepToWizard) } },
  });
  const actor = createActor(wizard).start();
  const step = actor.getSnapshot().children.step as AnyActorRef;
  const view = () => connectPlanningAudience(step.getSnapshot(), step.send);
  return { told, step, view, search, estimate };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('audience step', () => {
  it('opens with everyone from 18 and no country, and tells the wizard nothing until a change', () => {
    const { view, told } = start();
    expect(view()).toMatchObject({
      locations: [],
      ageMin: 18,
      ageMax: 65,
      gender: 'all',
      languages: [],
      errors: {},
    });
    expect(told).toEqual([]);
  });

  it('tells the wizard the audience and whether it passes after every change', () => {
    const { view, told } = start();
    view().addLocation('FR');
    expect(told.at(-1)).toMatchObject({ type: 'step.changed', step: 'audience', valid: true });
    expect(told.at(-1)?.body).toMatchObject({ locations: ['FR'] });
    view().removeLocation('FR');
    expect(told.at(-1)?.valid).toBe(false);
    expect(view().errors.locations).toBe('Choose at least one location');
  });

  it("enforces each platform's minimum age for the objective with its message", () => {
    const { view, told } = start();
    view().addLocation('DE');
    view().changeAge('ageMin', 16);
    expect(view().errors.ageMin).toBe('TikTok targets people 18 and over for Traffic campaigns');
    expect(told.at(-1)?.valid).toBe(false);
    view().changeAge('ageMax', 15);
    expect(view().errors.ageMax).toBe('The oldest age must be at least the youngest');
  });

  it("caps each platform's interests at its maximum", () => {
    const { view } = start();
    view().addInterest('tiktok', interest('travel', 'Travel'));
    view().addInterest('tiktok', interest('hiking'));
    expect(view().platforms.find((p) => p.key === 'tiktok')).toMatchObject({
      interests: [{ id: 'travel', name: 'Travel' }],
      canAddInterest: false,
      maxInterests: 1,
    });
  });

  it('searches interests 250 ms after the last keystroke, and ignores a stale answer', async () => {
    const { view, search } = start();
    view().searchInterests('meta', 'tr');
    await vi.advanceTimersByTimeAsync(200);
    view().searchInterests('meta', 'tra');
    await vi.advanceTimersByTimeAsync(249);
    expect(search.calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(search.calls.map((c) => c.input)).toEqual([{ platform: 'meta', query: 'tra', limit: 20 }]);
    view().searchInterests('meta', 'trav');
    await vi.advanceTimersByTimeAsync(250);
    search.calls[0]?.resolve([interest('stale')]);
    search.calls[1]?.resolve([interest('travel', 'Travel')]);
    await vi.advanceTimersByTimeAsync(0);
    const meta = view().platforms.find((p) => p.key === 'meta');
    expect(meta?.search).toMatchObject({
      query: 'trav',
      loading: false,
      results: [interest('travel', 'Travel')],
    });
  });

  it('estimates 500 ms after the last change with each daily budget, and only the latest answer counts', async () => {
    const { view, estimate } = start();
    view().addLocation('FR');
    await vi.advanceTimersByTimeAsync(300);
    view().addLocation('DE');
    await vi.advanceTimersByTimeAsync(500);
    expect(estimate.calls).toHaveLength(1);
    // €2,000 and €1,000 over 14 days.
    expect(estimate.calls[0]?.input).toMatchObject({
      platforms: ['meta', 'tiktok'],
      objectiveId: 2,
      audience: { locations: ['FR', 'DE'] },
      dailyBudgetMinor: { meta: 14_285, tiktok: 7_142 },
    });
    view().changeAge('ageMin', 25);
    await vi.advanceTimersByTimeAsync(500);
    estimate.calls[0]?.resolve([{ platform: 'meta', lower: 1, upper: 2, guidance: 'fits', message: null }]);
    estimate.calls[1]?.resolve([
      { platform: 'meta', lower: 1_200_000, upper: 1_400_000, guidance: 'fits', message: null },
      {
        platform: 'tiktok',
        lower: 800,
        upper: 900,
        guidance: 'too_narrow',
        message: 'Too narrow for TikTok',
      },
    ]);
    await vi.advanceTimersByTimeAsync(0);
    expect(view().platforms.map((p) => p.estimate)).toEqual([
      { status: 'shown', lower: 1_200_000, upper: 1_400_000, guidance: 'fits', message: null },
      { status: 'shown', lower: 800, upper: 900, guidance: 'too_narrow', message: 'Too narrow for TikTok' },
    ]);
  });

  it('says the size is unavailable when the estimate fails, and asks again on the next change', async () => {
    const { view, estimate } = start();
    view().addLocation('FR');
    await vi.advanceTimersByTimeAsync(500);
    estimate.calls[0]?.reject(new TypeError('Failed to fetch'));
    await vi.advanceTimersByTimeAsync(0);
    expect(view().platforms[0]?.estimate.status).toBe('failed');
    view().addLanguage('fr');
    await vi.advanceTimersByTimeAsync(500);
    expect(estimate.calls).toHaveLength(2);
  });

  it('shows every message after step.showErrors, and the server’s under their fields until changed', () => {
    const { view, step } = start();
    expect(view().errors).toEqual({});
    step.send({ type: 'step.showErrors' });
    expect(view().errors).toEqual({ locations: 'Choose at least one location' });
    step.send({
      type: 'step.serverErrors',
      errors: { 'locations.0': 'Choose countries from the list', 'interests.meta': 'Unknown interest' },
    });
    expect(view().errors.locations).toBe('Choose countries from the list');
    expect(view().platforms[0]?.error).toBe('Unknown interest');
    view().addLocation('FR');
    expect(view().errors.locations).toBeUndefined();
    expect(view().platforms[0]?.error).toBe('Unknown interest');
  });

  it('keeps the typed values on step.saved and takes the server’s on step.reset', () => {
    const { view, step, told } = start();
    view().addLocation('FR');
    const saved = { ...SAMPLE_PLAN, campaign: { ...SAMPLE_PLAN.campaign, version: 4 } };
    step.send({ type: 'step.saved', plan: saved });
    expect(view().locations).toEqual(['FR']);
    const count = told.length;
    const server = {
      ...saved,
      audience: {
        locations: ['IT'],
        ageMin: 21,
        ageMax: 40,
        genders: ['female' as const],
        languages: ['it'],
        interests: {},
      },
    };
    step.send({ type: 'step.reset', plan: server });
    expect(view()).toMatchObject({
      locations: ['IT'],
      ageMin: 21,
      ageMax: 40,
      gender: 'female',
      languages: ['it'],
    });
    expect(told).toHaveLength(count);
  });

  it('is read-only when the wizard says so: nothing can be chosen', () => {
    const { view } = start(SAMPLE_PLAN, { readOnly: true });
    expect(view().readOnly).toBe(true);
    view().addLocation('FR');
    expect(view().locations).toEqual([]);
    expect(view().platforms.every((p) => !p.canAddInterest)).toBe(true);
  });

  it('reopens with the draft typed before leaving the step', () => {
    const draft = {
      locations: ['ES'],
      ageMin: 30,
      ageMax: 50,
      genders: [],
      languages: [],
      interests: { meta: [] },
    };
    const { view } = start(SAMPLE_PLAN, { draft });
    expect(view()).toMatchObject({ locations: ['ES'], ageMin: 30, ageMax: 50 });
  });
});
