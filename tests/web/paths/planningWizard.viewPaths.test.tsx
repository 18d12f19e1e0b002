/**
 * The `planningWizard` chart's generated paths, replayed on the real wizard page
 * (/planning/wizard/{id}/overview, the chart's input) served by a fake API. The plan calls wait for the
 * path: GET /planning/platforms and GET /planning/wizard/{id} (the load, and the reload / version read
 * after a conflict), PUT /planning/wizard/{id}/{step} (a save) and PUT /planning/wizard/{id}/budget (the
 * review's budget choice, which the review chart tells the wizard as `review.saved`). The overview's
 * `step.changed` is typed into "Campaign name" (the sample's valid body is the plan's own overview, so a
 * valid change retypes the name's last character; the invalid one empties it); the save pause is the
 * simulated clock's. Each step is compared through the chart's abstraction (step, version, what waits to be
 * saved, drafts, where Next goes, an error).
 *
 * Saving is the wizard's child chart `planSave`: the wizard's paths hear its reports (`save.saved`,
 * `save.refused`, `save.failed`, ...), which the page produces as the save they answer (the pause, then the
 * PUT answered). What the footer and the banners show is checked against the state the page's own
 * `planSave` actor is in (its states, transitions and reports: tests/machines/planSave.paths.test.ts).
 */
import '../support/matchers';
import { type Plan, WIZARD_STEP_LABELS, type WizardStep } from '@contract/planning';
import { getChart } from '@machines';
import { PLAN_SAVE_DEBOUNCE_MS } from '@machines/delays';
import type { PlanningWizardContext } from '@machines/planning/planningWizard';
import { isReachable } from '@machines/planning/planningWizard/planningWizard.logic';
import {
  SAMPLE_CAMPAIGN_ID,
  SAMPLE_RULES_LIST,
} from '@machines/planning/planningWizard/planningWizard.samples';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, vi } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { WatchedActor } from '../../paths/viewActors';
import {
  describeViewPathTests,
  type EventPerformer,
  replaceText,
  type ViewRun,
  type ViewStep,
} from '../../paths/viewPathTests';
import { json, OBJECTIVES, type SeenRequest, SIGNED_IN_USER, stubFetch } from '../support/fakeApi';
import { type HeldServer, heldServer } from '../support/heldServer';
import { renderApp } from '../support/renderApp';

// Watch the view's actor (tests/paths/viewActors.ts); vitest hoists this above every import.
vi.mock('@xstate/react', async (importOriginal) =>
  (await import('../../paths/viewActors')).inspectingXStateReact(importOriginal),
);

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const chart = getChart('planningWizard');
const ID = SAMPLE_CAMPAIGN_ID;
/** The sample plans' customer. */
const CUSTOMER = {
  id: '00000000-0000-4000-8000-0000000000a1',
  accountId: SIGNED_IN_USER.currentAccount.id,
  name: 'Acme',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const RULES = (r: SeenRequest) => r.method === 'GET' && r.path === '/planning/platforms';
const PLAN = (r: SeenRequest) => r.method === 'GET' && r.path === `/planning/wizard/${ID}`;
const SAVE = (r: SeenRequest) =>
  r.method === 'PUT' &&
  /^\/planning\/wizard\/[^/]+\/(overview|platforms|audience|schedule|creative)$/.test(r.path);
const BUDGET = (r: SeenRequest) => r.method === 'PUT' && r.path === `/planning/wizard/${ID}/budget`;

interface WizardPage {
  server: HeldServer;
  /** The page's wizard actor, known from the first step performed (the page's saving is its child). */
  watched?: WatchedActor;
  user: ReturnType<typeof userEvent.setup>;
  navigate(to: string): Promise<void>;
  location(): string;
}

const contextOf = (state: AnyMachineSnapshot) => state.context as PlanningWizardContext;
const nameField = () =>
  within(screen.getByRole('region', { name: 'Overview' })).getByLabelText(
    'Campaign name',
  ) as HTMLInputElement;
const stepList = () => screen.getByRole('navigation', { name: 'Plan steps' });
const banner = () => screen.queryByRole('alert');

/** The save status the footer shows in each state of the saving (`planSave`). */
const SAVE_LABEL: Record<string, string> = {
  idle: 'Saved',
  incomplete: 'Unsaved changes',
  pending: 'Saving…',
  saving: 'Saving…',
  refreshingVersion: 'Saving…',
  refused: 'Not saved',
  notSaved: 'Not saved',
  conflict: 'Not saved',
  reloading: 'Not saved',
};
const PAGES: WizardStep[] = ['overview', 'platforms', 'audience', 'schedule', 'creative', 'review'];
/** The region each step's form is (the review: its budget card). */
const REGION: Record<WizardStep, string> = {
  overview: 'Overview',
  platforms: 'Platforms and budget',
  audience: 'Who should see your ads?',
  schedule: 'Campaign dates',
  creative: 'Ads',
  review: 'Budget',
};

/** The state the page's saving (the wizard's `planSave` child) is in now. */
function saveState(view: WizardPage): string {
  const saving = view.watched?.actor.getSnapshot().children.planSave as
    | { getSnapshot(): AnyMachineSnapshot }
    | undefined;
  expect(saving, 'the page has no saving running').toBeDefined();
  return String(saving!.getSnapshot().value);
}
const saveContext = (view: WizardPage) =>
  (view.watched!.actor.getSnapshot().children.planSave as { getSnapshot(): AnyMachineSnapshot }).getSnapshot()
    .context as { unsaved: { valid: boolean } | null; error: string | null };

/** What every ready state shows: the step on screen and marked current, the save status, the banners. */
async function checkReady(page: WizardStep, view: WizardPage, step: ViewStep) {
  const context = contextOf(step.state);
  const save = saveState(view);
  const label = WIZARD_STEP_LABELS[page];
  await waitFor(() => {
    const current = within(stepList()).getByText(label).closest('[aria-current]');
    expect(current).toHaveAttribute('aria-current', 'step');
  });
  expect(
    screen.getByText(new RegExp(`^Step ${PAGES.indexOf(page) + 1} of 6 · ${label}\\.`)),
  ).toBeInTheDocument();
  expect(await screen.findByRole('region', { name: REGION[page] })).toBeInTheDocument();
  if (page === 'review') {
    expect(screen.queryByRole('button', { name: /^Next/ })).not.toBeInTheDocument();
  } else {
    expect(
      screen.getByRole('button', { name: `Next: ${WIZARD_STEP_LABELS[PAGES[PAGES.indexOf(page) + 1]!]}` }),
    ).toBeInTheDocument();
  }
  expect(Boolean(screen.queryByRole('button', { name: 'Back' }))).toBe(page !== 'overview');
  await waitFor(() =>
    expect(screen.getAllByRole('status').some((status) => status.textContent === SAVE_LABEL[save])).toBe(
      true,
    ),
  );
  // The conflict: its banner with both ways out (reloading: “Reload the plan” waits).
  if (save === 'conflict' || save === 'reloading') {
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('This plan was changed elsewhere');
    expect(within(alert).getByRole('button', { name: 'Reload the plan' })).toHaveProperty(
      'disabled',
      save === 'reloading',
    );
    expect(within(alert).getByRole('button', { name: 'Keep my changes' })).toBeInTheDocument();
  } else if (save === 'notSaved' || save === 'refused') {
    // Not saved, and why (a refusal: its messages under the fields too; no “Try again” for the same body).
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Not saved');
    expect(alert).toHaveTextContent(saveContext(view).error ?? '');
    expect(Boolean(screen.queryByRole('button', { name: 'Try again' }))).toBe(
      save === 'notSaved' && saveContext(view).unsaved?.valid === true,
    );
  } else {
    expect(banner()).not.toBeInTheDocument();
  }
  // On the overview, what was typed stays (a reload shows the server's) and errors show under the name.
  if (page === 'overview') {
    const typed = context.drafts.overview as { name: string } | undefined;
    expect(nameField().value).toBe(typed?.name ?? context.plan?.campaign.name ?? '');
    const region = screen.getByRole('region', { name: 'Overview' });
    if (save === 'refused')
      expect(within(region).getByText('Use at most 200 characters')).toBeInTheDocument();
    if (context.unsaved?.valid === false && nameField().value === '')
      expect(within(region).getByText('Enter a campaign name')).toBeInTheDocument();
  }
}

const readyStates = Object.fromEntries(
  PAGES.map((page) => [`ready.${page}`, (view: WizardPage, step: ViewStep) => checkReady(page, view, step)]),
);

const before = (state: AnyMachineSnapshot) => contextOf(state);

/** The save a report answers: the pause (when the change still waits for it), then the PUT's answer. */
async function answerSave(view: WizardPage, run: ViewRun, answer: (server: HeldServer) => Promise<unknown>) {
  if (saveState(view) === 'pending')
    await act(async () => run.watched.clock!.increment(PLAN_SAVE_DEBOUNCE_MS));
  await answer(view.server);
}

/** Each means first notes the page's wizard actor, so the state checks can read its saving. */
const noting = (
  events: Record<string, EventPerformer<WizardPage>>,
): Record<string, EventPerformer<WizardPage>> =>
  Object.fromEntries(
    Object.entries(events).map(([type, perform]) => [
      type,
      (view: WizardPage, step: ViewStep, run: ViewRun) => {
        view.watched = run.watched;
        return perform(view, step, run);
      },
    ]),
  );

describeViewPathTests<WizardPage>({
  chart,
  compareContext: (context: PlanningWizardContext) => chart.abstractContext?.(context),
  async render() {
    stubFetch((request: SeenRequest) => {
      if (request.path === '/api/auth/user') return json(SIGNED_IN_USER);
      if (request.path === '/api/objectives') return json(OBJECTIVES, { total: OBJECTIVES.length });
      if (request.path === '/api/customers') return json([CUSTOMER], { total: 1 });
      if (request.path === `/data/campaigns/${ID}/platforms`) return json([]);
      if (request.path === '/api/events') return json({});
      return json({ message: 'Not found' }, { status: 404 });
    });
    const server = heldServer({
      hold: (r) => RULES(r) || PLAN(r) || SAVE(r) || BUDGET(r),
      fallback: globalThis.fetch,
    });
    const { router, location } = renderApp(`/planning/wizard/${ID}/overview`);
    return {
      server,
      location,
      user: userEvent.setup({ delay: null }),
      navigate: async (to) => {
        await router.navigate(to);
      },
    };
  },
  events: noting({
    'xstate.done.actor.loadWizard': async ({ server }, { event }) => {
      const output = event.output as { plan: Plan; rules: typeof SAMPLE_RULES_LIST };
      await server.respond(RULES, json(output.rules));
      await server.respond(PLAN, json(output.plan));
    },
    'xstate.error.actor.loadWizard': async ({ server }, { event }) => {
      await server.answerWith(PLAN, { error: event.error });
      await server.respond(RULES, json(SAMPLE_RULES_LIST));
    },
    'load.retry': ({ user }) =>
      user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Try again' })),
    'step.changed': async ({ user }, { event }) => {
      const body = event.body as { name: string };
      if (body.name === '' && nameField().value === '') {
        // Another edit that still fails the checks (the name stays empty): the other objective.
        const region = screen.getByRole('region', { name: 'Overview' });
        const other = within(region)
          .getAllByRole('radio')
          .find((radio) => !(radio as HTMLInputElement).checked)!;
        await user.click(other);
        return;
      }
      await replaceText(user, nameField(), body.name);
    },
    'step.next': ({ user }) => user.click(screen.getByRole('button', { name: /^Next: / })),
    'step.back': ({ user }) => user.click(screen.getByRole('button', { name: 'Back' })),
    'step.goto': ({ user }, { event }) =>
      user.click(
        within(stepList()).getByRole('button', {
          name: new RegExp(`^${WIZARD_STEP_LABELS[event.step as WizardStep]}`),
        }),
      ),
    'url.changed': async ({ navigate, location }, { event, state }) => {
      await navigate(`/planning/wizard/${ID}/${event.step as string}`);
      // The page tells the chart after the router moved (an effect): wait for the address the step ends on,
      // the one asked for, or the step shown when the wizard cannot show that one (it puts the URL back).
      await waitFor(() => expect(location()).toBe(`/planning/wizard/${ID}/${contextOf(state).step}`));
      if (event.step !== contextOf(state).step)
        await waitFor(() =>
          expect(
            within(stepList()).getByText(WIZARD_STEP_LABELS[contextOf(state).step]).closest('[aria-current]'),
          ).not.toBeNull(),
        );
    },
    'save.saved': (view, { event }, run) =>
      answerSave(view, run, async (server) => {
        const put = await server.respond(SAVE, json(event.plan));
        expect(put.path).toBe(`/planning/wizard/${ID}/${event.step as string}`);
      }),
    'save.refused': (view, _step, run) =>
      answerSave(view, run, (server) =>
        server.answerWith(SAVE, {
          error: {
            status: 400,
            message: 'Invalid',
            validationErrors: { name: { message: 'Use at most 200 characters' } },
          },
        }),
      ),
    'save.failed': (view, { event }, run) =>
      answerSave(view, run, (server) =>
        server.answerWith(SAVE, {
          error: event.conflict
            ? {
                status: 409,
                message: 'This plan was changed elsewhere',
                errorCode: 'PLAN_VERSION_CONFLICT',
              }
            : new TypeError('Failed to fetch'),
        }),
      ),
    'review.saved': async ({ server, user }, { event }) => {
      // The review's budget choice, saved by the review chart, which tells the wizard the plan's version.
      const plan = event.plan as Plan;
      const select = await screen.findByLabelText('Draws on');
      const option = plan.budgetOptions[0]!;
      await user.selectOptions(select, option.id);
      const put = await server.respond(BUDGET, json(plan));
      expect(put.body).toMatchObject({ budgetId: option.id });
    },
  }),
  states: {
    loading: async () => {
      expect(await screen.findByText('Loading the plan…')).toBeInTheDocument();
    },
    notFound: async () => {
      expect(await screen.findByText('Plan not found')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Back to campaigns' })).toHaveAttribute('href', '/campaigns');
    },
    loadFailed: async (_view, { state }) => {
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('The plan could not be loaded');
      expect(alert).toHaveTextContent(contextOf(state).error ?? '');
      expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    },
    ...readyStates,
  },
  unproducible: [
    {
      because:
        'a save answers only a valid change waiting to be saved (the saving, planSave, sends the report)',
      step: (event, state) =>
        ['save.saved', 'save.refused', 'save.failed'].includes(event.type) &&
        !(state.matches('ready') && before(state).unsaved?.valid === true),
    },
    {
      because: 'the overview form (the sampled step.changed) is on screen only on the overview',
      step: (event, state) =>
        event.type === 'step.changed' && !(state.matches('ready') && before(state).step === 'overview'),
    },
    {
      because: 'the first step has no Back button',
      step: (event, state) => event.type === 'step.back' && before(state).step === 'overview',
    },
    {
      because: 'the review has no Next button',
      step: (event, state) => event.type === 'step.next' && before(state).step === 'review',
    },
    {
      because: 'the step list offers no button for the current step or one not reached',
      step: (event, state) =>
        event.type === 'step.goto' &&
        (event as EventObject & { step: WizardStep }).step !== null &&
        ((event as EventObject & { step: WizardStep }).step === before(state).step ||
          !isReachable(before(state), (event as EventObject & { step: WizardStep }).step)),
    },
    {
      because: 'only the review chart sends review.saved, on the review',
      step: (event, state) => event.type === 'review.saved' && before(state).step !== 'review',
    },
    {
      because: '“Try again” shows only when the load failed',
      step: (event, state) => event.type === 'load.retry' && !state.matches('loadFailed'),
    },
  ],
  unreachable: [
    ...(['save.retry', 'conflict.reload', 'conflict.keepMine'] as const).map((type) => ({
      transition: `ready --${type}--> (stays)`,
      because:
        'its button shows only in a state of the saving (planSave: not saved, or a conflict), which the ' +
        'wizard’s chart does not model; planSave’s paths take it, and the wizard’s unit tests press it on the page',
      event: (event: EventObject) => event.type === type,
    })),
    ...(['save.reloaded', 'save.rebased'] as const).map((type) => ({
      transition: `ready --${type}--> (stays)`,
      because:
        'it follows a conflict, a state of the saving (planSave) the wizard’s paths do not model; planSave’s ' +
        'paths take it, and the wizard’s unit tests check what the page does with it',
      event: (event: EventObject) => event.type === type,
    })),
  ],
  timeout: 15_000,
});
