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
 */
import '../support/matchers';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, vi } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { type Plan, WIZARD_STEP_LABELS, type WizardStep } from '../../../contract/planning';
import { getChart } from '../../../machines';
import type { PlanningWizardContext } from '../../../machines/planning/planningWizard';
import { isReachable } from '../../../machines/planning/planningWizard/planningWizard.logic';
import {
  SAMPLE_CAMPAIGN_ID,
  SAMPLE_RULES_LIST,
} from '../../../machines/planning/planningWizard/planningWizard.samples';
import { describeViewPathTests, replaceText, type ViewStep } from '../../paths/viewPathTests';
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

/** The save status the footer shows in each state of the `save` region. */
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

/** What every ready state shows: the step on screen and marked current, the save status, the banners. */
async function checkReady(page: WizardStep, save: string, step: ViewStep) {
  const context = contextOf(step.state);
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
    expect(alert).toHaveTextContent(context.error ?? '');
    expect(Boolean(screen.queryByRole('button', { name: 'Try again' }))).toBe(
      context.unsaved?.valid === true,
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
  PAGES.flatMap((page) =>
    Object.keys(SAVE_LABEL).map((save) => [
      `ready.page.${page} + save.${save}`,
      (_view: WizardPage, step: ViewStep) => checkReady(page, save, step),
    ]),
  ),
);

const before = (state: AnyMachineSnapshot) => contextOf(state);
const inSave = (state: AnyMachineSnapshot, save: string) => state.matches({ ready: { save } });

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
  events: {
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
    'xstate.done.actor.saveStep': async ({ server }, { event }) => {
      const { plan } = event.output as { plan: Plan };
      const put = await server.respond(SAVE, json(plan));
      expect(put.path).toBe(`/planning/wizard/${ID}/overview`);
    },
    'xstate.error.actor.saveStep': ({ server }, { event }) => server.answerWith(SAVE, { error: event.error }),
    'save.retry': ({ user }) => user.click(screen.getByRole('button', { name: 'Try again' })),
    'conflict.reload': ({ user }) => user.click(screen.getByRole('button', { name: 'Reload the plan' })),
    'conflict.keepMine': ({ user }) => user.click(screen.getByRole('button', { name: 'Keep my changes' })),
    'xstate.done.actor.loadPlan': ({ server }, { event }) => server.respond(PLAN, json(event.output)),
    'xstate.error.actor.loadPlan': ({ server }, { event }) => server.answerWith(PLAN, { error: event.error }),
    'review.saved': async ({ server, user }, { event }) => {
      // The review's budget choice, saved by the review chart, which tells the wizard the plan's version.
      const plan = event.plan as Plan;
      const select = await screen.findByLabelText('Draws on');
      const option = plan.budgetOptions[0]!;
      await user.selectOptions(select, option.id);
      const put = await server.respond(BUDGET, json(plan));
      expect(put.body).toMatchObject({ budgetId: option.id });
    },
  },
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
  optionalStates: (label) => label.startsWith('ready.'),
  unproducible: [
    {
      because:
        'the view’s edit is a new body; the path’s is the very object being saved, whose draft the save then drops',
      step: (event, state) =>
        event.type === 'step.changed' &&
        (before(state).inFlight?.body === (event as EventObject & { body: unknown }).body ||
          before(state).unsaved?.body === (event as EventObject & { body: unknown }).body) &&
        (inSave(state, 'saving') || inSave(state, 'refreshingVersion') || inSave(state, 'conflict')),
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
      because: '“Try again” shows only next to “Not saved” with a valid change',
      step: (event, state) =>
        event.type === 'save.retry' && !(inSave(state, 'notSaved') && before(state).unsaved?.valid === true),
    },
    {
      because: 'the conflict’s buttons show only in the conflict (“Reload the plan” waits while reloading)',
      step: (event, state) =>
        (event.type === 'conflict.reload' && !inSave(state, 'conflict')) ||
        (event.type === 'conflict.keepMine' && !inSave(state, 'conflict') && !inSave(state, 'reloading')),
    },
    {
      because: '“Try again” shows only when the load failed',
      step: (event, state) => event.type === 'load.retry' && !state.matches('loadFailed'),
    },
  ],
  unreachable: [
    {
      transition:
        'ready.save.saving --xstate.done.actor.saveStep [changedWhileSavingValid]--> ready.save.pending',
      because:
        'the chart’s one valid overview sample is the body being saved, so a path’s valid edit during a save is ' +
        'that very object (and the save then drops its draft); an edit in the view is always a new body, so the ' +
        'step is unproducible (above) and no other path takes this transition',
    },
  ],
  timeout: 15_000,
});
