/**
 * The `planningAudience` chart's generated paths, replayed on the wizard's audience step
 * (/planning/wizard/{id}/audience over the chart's input plan: Meta and TikTok, no audience yet), invoked by
 * the wizard's own chart and watched among its descendants. The wizard's actor runs on the simulated clock
 * (`pageMachine`), so the step's 250 ms interest-search and 500 ms estimate debounces fire only on their
 * `xstate.after` steps; GET /planning/platforms/{key}/interests and POST /planning/audience-estimates wait
 * for the path. Countries, languages and interests are chosen in their comboboxes and removed with their
 * chips' buttons, ages with the selects, the gender with its radios.
 *
 * The wizard's messages are produced through the wizard, with a “touch” (Oldest age to 64 and back: two
 * valid edits that leave the values as they were, and move the estimate region to `waiting`):
 * - `step.showErrors`: Next on an invalid step.
 * - `step.serverErrors`: touch, Next (saved at once), the PUT answered 400 — only where the estimate region
 *   already waits (elsewhere the touch's own estimate transition would leave it somewhere else).
 * - `step.reset`: touch, Next, the PUT answered 409, “Reload the plan”, the GET answered with the plan.
 * - `step.saved`: touch, then the wizard's save pause on the shared simulated clock (800 ms): the estimate's
 *   500 ms debounce fires on the way, so its POST is answered as before (the same figures, or the failure)
 *   and the PUT with the plan — only where the estimate was shown or failed and no interest search waits.
 */
import '../support/matchers';
import type { AudienceEstimateAnswer } from '@contract/planning';
import { getChart } from '@machines';
import {
  connectPlanningAudience,
  type PlanningAudienceContext,
  type PlanningAudienceSnapshot,
} from '@machines/planning/planningAudience';
import { audienceIssues } from '@machines/planning/planningAudience/planningAudience.values';
import { countryName, formatReach, languageName } from '@src/features/planning/audience/displayNames';
import { act, screen, waitFor, within } from '@testing-library/react';
import { valueLabel } from '@tooling/charts/coverage';
import { afterEach, expect, vi } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { snapshotOf } from '../../paths/viewActors';
import { describeViewPathTests, replaceText, type ViewRun, type ViewStep } from '../../paths/viewPathTests';
import { json, type SeenRequest } from '../support/fakeApi';
import {
  checkWizardAround,
  renderWizardStep,
  type WizardStepPage,
  wizardStepEvents,
} from '../support/wizardStepPaths';

// Watch the view's actors (tests/paths/viewActors.ts); vitest hoists this above every import.
vi.mock('@xstate/react', async (importOriginal) =>
  (await import('../../paths/viewActors')).inspectingXStateReact(importOriginal),
);

// Zag's combobox finds its items with CSS.escape, which jsdom lacks.
globalThis.CSS ??= {} as typeof CSS;
CSS.escape ??= (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`);

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const chart = getChart('planningAudience');
const ID = (chart.input as { plan: { campaign: { id: string } } }).plan.campaign.id;
const SAVE_PAUSE_MS = 800;
const GUIDANCE_LABELS = { too_narrow: 'Too specific', fits: 'Fairly broad', too_broad: 'Too broad' } as const;

const SEARCH = (r: SeenRequest) =>
  r.method === 'GET' && /^\/planning\/platforms\/[^/]+\/interests$/.test(r.path);
const ESTIMATE = (r: SeenRequest) => r.method === 'POST' && r.path === '/planning/audience-estimates';
const SAVE = (r: SeenRequest) => r.method === 'PUT' && r.path === `/planning/wizard/${ID}/audience`;

const contextOf = (state: AnyMachineSnapshot) => state.context as PlanningAudienceContext;
const viewOf = (state: AnyMachineSnapshot) =>
  connectPlanningAudience(state as unknown as PlanningAudienceSnapshot, () => {});
const live = (run: ViewRun) => snapshotOf(run.watched) as unknown as AnyMachineSnapshot;
const combobox = (name: string) => screen.getByRole('combobox', { name }) as HTMLInputElement;
const select = (name: string) => screen.getByRole('combobox', { name }) as HTMLSelectElement;
type Payload = EventObject & Record<string, unknown>;

/** Answers every held request that matches (a dropped search's or estimate's request too: harmless). */
async function answerAll(view: WizardStepPage, match: (r: SeenRequest) => boolean, answer: () => Response) {
  await waitFor(() => expect(view.server.held.some((h) => match(h.request))).toBe(true), { interval: 5 });
  while (view.server.held.some((h) => match(h.request))) await view.server.respond(match, answer());
}
async function failAll(view: WizardStepPage, match: (r: SeenRequest) => boolean, error: unknown) {
  await waitFor(() => expect(view.server.held.some((h) => match(h.request))).toBe(true), { interval: 5 });
  while (view.server.held.some((h) => match(h.request))) await view.server.answerWith(match, { error });
}

/** Two valid edits that leave the values as they were: Oldest age to 64 and back. */
async function touch({ user }: WizardStepPage) {
  const oldest = select('Oldest age');
  const value = oldest.value;
  await user.selectOptions(oldest, value === '64' ? '65' : '64');
  await user.selectOptions(select('Oldest age'), value);
}

/** Everything the step shows for the state: chips, ages, gender, interests, messages, estimate cards. */
async function checkAudience(state: AnyMachineSnapshot, readOnly: boolean) {
  const view = viewOf(state);
  await checkWizardAround('Audience', readOnly);
  await waitFor(() => expect(select('Youngest age').value).toBe(String(view.ageMin)));
  expect(select('Oldest age').value).toBe(String(view.ageMax));
  expect(select('Youngest age').disabled).toBe(readOnly);
  const chips = (label: string) => {
    const list = screen.queryByRole('list', { name: `Chosen: ${label}` });
    return list
      ? within(list)
          .getAllByRole('listitem')
          .map((item) => item.textContent)
      : [];
  };
  expect(chips('locations')).toEqual(view.locations.map(countryName));
  expect(chips('languages')).toEqual(view.languages.map(languageName));
  const gender = screen.getByRole('radio', {
    name: { all: 'All', female: 'Female', male: 'Male' }[view.gender],
  });
  expect((gender as HTMLInputElement).checked).toBe(true);
  for (const platform of view.platforms) {
    expect(chips(`${platform.displayName.toLowerCase()} interests`)).toEqual(
      platform.interests.map((i) => i.name),
    );
    if (!platform.error)
      expect(
        screen.getByText(`${platform.interests.length} of ${platform.maxInterests} interests`),
      ).toBeInTheDocument();
  }
  if (readOnly) {
    expect(screen.queryByRole('combobox', { name: 'Locations' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove / })).not.toBeInTheDocument();
  } else {
    expect(combobox('Locations')).toBeInTheDocument();
  }
  for (const message of new Set(Object.values(view.errors).filter(Boolean) as string[]))
    expect(screen.getAllByText(message).length).toBeGreaterThan(0);
  const aside = screen.getByRole('complementary', { name: 'Estimated audience size' });
  for (const platform of view.platforms) {
    const card = within(aside).getByRole('region', { name: platform.displayName });
    const { estimate } = platform;
    if (estimate.status === 'shown' && estimate.lower !== null && estimate.upper !== null) {
      await waitFor(() => expect(card).toHaveTextContent('Estimated audience size'));
      expect(card).toHaveTextContent(formatReach(estimate.lower, estimate.upper));
      if (estimate.guidance) expect(card).toHaveTextContent(GUIDANCE_LABELS[estimate.guidance]);
      if (estimate.message) expect(card).toHaveTextContent(estimate.message);
    } else {
      const text =
        estimate.status === 'loading'
          ? 'Estimating…'
          : estimate.status === 'failed'
            ? 'Audience size unavailable right now.'
            : 'Choose a location to see the audience size.';
      await waitFor(() => expect(card).toHaveTextContent(text));
      expect(card).not.toHaveTextContent('Estimated audience size');
    }
  }
  // The search results offered for the card being typed in (once the list is open).
  for (const platform of view.platforms) {
    if (!platform.search || platform.search.results.length === 0) continue;
    const listbox = screen.queryByRole('listbox', { name: `${platform.displayName} interests` });
    if (listbox && listbox.checkVisibility?.() !== false)
      for (const result of platform.search.results)
        expect(within(listbox).getByRole('option', { name: new RegExp(result.name) })).toBeInTheDocument();
  }
}

const editable = (state: AnyMachineSnapshot) => state.matches({ form: 'editing' });
const valid = (state: AnyMachineSnapshot) =>
  Object.keys(audienceIssues(contextOf(state).values, contextOf(state))).length === 0;

const FORM = ['editing', 'readOnly'];
const INTERESTS = ['idle', 'debouncing', 'searching', 'failed'];
const ESTIMATES = ['idle', 'waiting', 'estimating', 'shown', 'failed'];
const states: Record<string, (view: WizardStepPage, step: ViewStep) => Promise<void>> = {};
for (const form of FORM)
  for (const interests of INTERESTS)
    for (const estimate of ESTIMATES)
      states[valueLabel({ form, interests, estimate })] = (_view, { state }) =>
        checkAudience(state, form === 'readOnly');

const wizard = wizardStepEvents(chart, 'audience', touch);

describeViewPathTests<WizardStepPage>({
  chart,
  clock: 'simulated',
  pageMachine: 'planningWizard',
  compareContext: (context: PlanningAudienceContext) => chart.abstractContext?.(context),
  render: () =>
    renderWizardStep(chart, 'audience', 'Who should see your ads?', {
      hold: (r) => SEARCH(r) || ESTIMATE(r),
    }),
  optionalStates: () => true,
  events: {
    'location.add': async ({ user }, { event }) => {
      const name = countryName(event.code as string);
      await replaceText(user, combobox('Locations'), name.slice(0, 4));
      await user.click(await screen.findByRole('option', { name }));
    },
    'location.remove': ({ user }, { event }) =>
      user.click(screen.getByRole('button', { name: `Remove ${countryName(event.code as string)}` })),
    'age.change': ({ user }, { event }) =>
      user.selectOptions(
        select(event.field === 'ageMin' ? 'Youngest age' : 'Oldest age'),
        String(event.value),
      ),
    'gender.choose': ({ user }, { event }) =>
      user.click(
        screen.getByRole('radio', {
          name: { all: 'All', female: 'Female', male: 'Male' }[event.value as 'all' | 'female' | 'male'],
        }),
      ),
    'language.add': async ({ user }, { event }) => {
      const name = languageName(event.code as string);
      await replaceText(user, combobox('Languages'), name.slice(0, 4));
      await user.click(await screen.findByRole('option', { name }));
    },
    'language.remove': ({ user }, { event }) =>
      user.click(screen.getByRole('button', { name: `Remove ${languageName(event.code as string)}` })),
    'interests.search': ({ user }, { event }, run) => {
      const rule = contextOf(live(run)).rules[event.platform as string];
      return replaceText(user, combobox(`${rule?.displayName} interests`), event.query as string);
    },
    'interest.add': async ({ user }, { event }) => {
      const interest = event.interest as { name: string };
      await user.click(await screen.findByRole('option', { name: new RegExp(`^${interest.name}`) }));
    },
    'interest.remove': ({ user }, { event }, run) => {
      const context = contextOf(live(run));
      const name = context.knownInterests[`${event.platform}:${event.id}`]?.name ?? (event.id as string);
      return user.click(screen.getByRole('button', { name: `Remove ${name}` }));
    },
    'xstate.done.actor.searchInterests': (view, { event }) =>
      answerAll(view, SEARCH, () => json(event.output)),
    'xstate.error.actor.searchInterests': (view, { event }) => failAll(view, SEARCH, event.error),
    'xstate.done.actor.estimateAudience': (view, { event }) =>
      answerAll(view, ESTIMATE, () => json(event.output)),
    'xstate.error.actor.estimateAudience': (view, { event }) => failAll(view, ESTIMATE, event.error),
    'step.showErrors': wizard['step.showErrors'],
    'step.serverErrors': wizard['step.serverErrors'],
    'step.reset': wizard['step.reset'],
    'step.saved': async (view, { event }, run) => {
      const before = contextOf(live(run));
      await touch(view);
      // The estimate's debounce (500 ms) fires on the way to the save pause (800 ms): answered as before.
      await act(async () => run.watched.clock!.increment(SAVE_PAUSE_MS));
      if (before.estimateFailed) await failAll(view, ESTIMATE, new TypeError('Failed to fetch'));
      else {
        const estimates: AudienceEstimateAnswer[] = before.estimates;
        await answerAll(view, ESTIMATE, () => json(estimates));
      }
      await waitFor(() => expect(view.server.held.some((h) => SAVE(h.request))).toBe(true), {
        timeout: 15_000,
      });
      await view.server.respond(SAVE, json(event.plan));
    },
  },
  states,
  unproducible: [
    {
      because: 'the step raises it after each of its own changes (every edit takes it)',
      step: (event) => event.type === 'audience.changed',
    },
    {
      because: 'a read-only step offers no field, chip button or search',
      step: (event, before) =>
        !editable(before) &&
        !event.type.startsWith('xstate.') &&
        !['step.saved', 'step.reset'].includes(event.type),
    },
    {
      because: 'the list offers only countries not chosen yet, and a chip’s button only a chosen one',
      step: (event, before) =>
        (event.type === 'location.add' &&
          contextOf(before).values.locations.includes((event as Payload).code as string)) ||
        (event.type === 'location.remove' &&
          !contextOf(before).values.locations.includes((event as Payload).code as string)),
    },
    {
      because: 'the list offers only languages not chosen yet, and a chip’s button only a chosen one',
      step: (event, before) =>
        (event.type === 'language.add' &&
          contextOf(before).values.languages.includes((event as Payload).code as string)) ||
        (event.type === 'language.remove' &&
          !contextOf(before).values.languages.includes((event as Payload).code as string)),
    },
    {
      because: 'choosing the age or gender the step has changes nothing',
      step: (event, before) =>
        (event.type === 'age.change' &&
          contextOf(before).values[(event as Payload).field as 'ageMin' | 'ageMax'] ===
            (event as Payload).value) ||
        (event.type === 'gender.choose' && viewOf(before).gender === (event as Payload).value),
    },
    {
      because:
        'an interest is chosen from the listed results of its card’s last search (not those chosen), and removed with its chip',
      step: (event, before) => {
        const context = contextOf(before);
        const e = event as Payload;
        if (event.type === 'interest.remove')
          return !(context.values.interests[e.platform as string] ?? []).includes(e.id as string);
        if (event.type !== 'interest.add') return false;
        const id = (e.interest as { id: string }).id;
        const search = context.search;
        return (
          !before.matches({ interests: 'idle' }) ||
          search?.platform !== e.platform ||
          !search?.results.some((i) => i.id === id) ||
          (context.values.interests[e.platform as string] ?? []).includes(id)
        );
      },
    },
    {
      because: 'Next shows every error only on a step that fails the checks (on a valid one it moves on)',
      step: (event, before) => event.type === 'step.showErrors' && valid(before),
    },
    {
      because:
        'the wizard saves (and so answers, refuses or meets a conflict) only a valid change, which a read-only step never sends',
      step: (event, before) =>
        ['step.serverErrors', 'step.saved', 'step.reset'].includes(event.type) &&
        (!valid(before) || !editable(before)),
    },
    {
      because:
        'a refused save follows a change, which sends the estimate region to waiting: only a step whose estimate already waits ends where the path does',
      step: (event, before) => event.type === 'step.serverErrors' && !before.matches({ estimate: 'waiting' }),
    },
    {
      because:
        'a save answers after the wizard’s 800 ms pause, on the clock the debounces share: only where the estimate shows (or failed) and no interest search waits does the step end where the path does',
      step: (event, before) =>
        event.type === 'step.saved' &&
        !(
          (before.matches({ estimate: 'shown' }) || before.matches({ estimate: 'failed' })) &&
          (before.matches({ interests: 'idle' }) || before.matches({ interests: 'failed' }))
        ),
    },
  ],
  unreachable: [
    {
      transition: 'form.readOnly --step.saved--> form.opening',
      because: 'a read-only step sends no change, so the wizard saves nothing while it shows',
    },
    {
      transition: 'form.readOnly --step.reset--> form.opening',
      because: 'a read-only step sends no change, so no save of it meets a conflict to reload after',
    },
  ],
});
