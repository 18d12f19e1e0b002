/**
 * The `planSave` chart's generated paths (the wizard's saving), replayed on the real wizard page at
 * /planning/wizard/{id}/overview, served by a fake API: the page's wizard invokes its `planSave` child once
 * the plan (the overview-only sample, version 1: the chart's input) is loaded, and that child is watched
 * (`pageMachine`, the save pause on the simulated clock). The overview's `step.changed` is typed into
 * “Campaign name” (the sample's valid body is the plan's own overview, so a valid change retypes the
 * name's last character; the invalid one empties it). Held: PUT /planning/wizard/{id}/{step} (a save) and
 * GET /planning/wizard/{id} (the reload or version read after a conflict). Each step is compared through
 * the chart's abstraction (version, what waits, a save on its way, a newer change, an error).
 *
 * These are the save status and banner checks the wizard's view paths made of its former `save` region.
 */
import '../support/matchers';
import type { Plan } from '@contract/planning';
import { getChart } from '@machines';
import {
  SAMPLE_CAMPAIGN_ID,
  SAMPLE_OVERVIEW_PLAN,
  SAMPLE_RULES_LIST,
} from '@machines/planning/planningWizard/planningWizard.samples';
import type { PlanSaveContext } from '@machines/planning/planSave';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, vi } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
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

const chart = getChart('planSave');
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

interface WizardPage {
  server: HeldServer;
  user: ReturnType<typeof userEvent.setup>;
}

const contextOf = (state: AnyMachineSnapshot) => state.context as PlanSaveContext;
const overview = () => screen.queryByRole('region', { name: 'Overview' });
const nameField = () => within(overview()!).getByLabelText('Campaign name') as HTMLInputElement;
const stepList = () => screen.getByRole('navigation', { name: 'Plan steps' });

/** The save status the footer shows in each state. */
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

/** What each state shows: the save status, the banners, and on the overview the refusal's messages. */
async function checkState(save: string, step: ViewStep) {
  const context = contextOf(step.state);
  await waitFor(() =>
    expect(screen.getAllByRole('status').some((status) => status.textContent === SAVE_LABEL[save])).toBe(
      true,
    ),
  );
  if (save === 'conflict' || save === 'reloading') {
    // The conflict: its banner with both ways out (reloading: “Reload the plan” waits).
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
      save === 'notSaved' && context.unsaved?.valid === true,
    );
    if (save === 'refused' && overview())
      expect(within(overview()!).getByText('Use at most 200 characters')).toBeInTheDocument();
  } else {
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  }
}

const before = (state: AnyMachineSnapshot) => contextOf(state);
const inState = (state: AnyMachineSnapshot, value: string) => state.matches(value);

describeViewPathTests<WizardPage>({
  chart,
  pageMachine: 'planningWizard',
  compareContext: (context: PlanSaveContext) => chart.abstractContext?.(context),
  async render() {
    stubFetch((request: SeenRequest) => {
      if (request.path === '/api/auth/user') return json(SIGNED_IN_USER);
      if (request.path === '/api/objectives') return json(OBJECTIVES, { total: OBJECTIVES.length });
      if (request.path === '/api/customers') return json([CUSTOMER], { total: 1 });
      if (request.path === `/data/campaigns/${ID}/platforms`) return json([]);
      if (request.path === '/api/events') return json({});
      return json({ message: 'Not found' }, { status: 404 });
    });
    const server = heldServer({ hold: (r) => RULES(r) || PLAN(r) || SAVE(r), fallback: globalThis.fetch });
    renderApp(`/planning/wizard/${ID}/overview`);
    // The wizard loads the plan; its saving starts once it is open, on the overview.
    await server.respond(RULES, json(SAMPLE_RULES_LIST));
    await server.respond(PLAN, json(SAMPLE_OVERVIEW_PLAN));
    await screen.findByRole('region', { name: 'Overview' });
    return { server, user: userEvent.setup({ delay: null }) };
  },
  events: {
    'step.changed': async ({ user }, { event }) => {
      const body = event.body as { name: string };
      if (body.name === '' && nameField().value === '') {
        // Another edit that still fails the checks (the name stays empty): the other objective.
        const other = within(overview()!)
          .getAllByRole('radio')
          .find((radio) => !(radio as HTMLInputElement).checked)!;
        await user.click(other);
        return;
      }
      await replaceText(user, nameField(), body.name);
    },
    'step.next': ({ user }) => user.click(screen.getByRole('button', { name: /^Next: / })),
    'step.goto': ({ user }) =>
      user.click(within(stepList()).getByRole('button', { name: /^Platforms and budget/ })),
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
  },
  states: Object.fromEntries(
    Object.keys(SAVE_LABEL).map((save) => [
      save,
      (_view: WizardPage, step: ViewStep) => checkState(save, step),
    ]),
  ),
  unproducible: [
    {
      because: '“Try again” shows only next to “Not saved” with a valid change',
      step: (event, state) =>
        event.type === 'save.retry' && !(inState(state, 'notSaved') && before(state).unsaved?.valid === true),
    },
    {
      because: 'the conflict’s buttons show only in the conflict (“Reload the plan” waits while reloading)',
      step: (event, state) =>
        (event.type === 'conflict.reload' && !inState(state, 'conflict')) ||
        (event.type === 'conflict.keepMine' && !inState(state, 'conflict') && !inState(state, 'reloading')),
    },
  ],
  unreachable: [
    {
      transition: 'pending --step.back--> saving',
      because: 'the page opens on the overview, which has no Back button (the wizard’s view paths take Back)',
      event: (event: EventObject) => event.type === 'step.back',
    },
    {
      transition: '(machine) --review.saved--> (stays)',
      because: 'only the review chart sends review.saved, on the review; this page is on the overview',
      event: (event: EventObject) => event.type === 'review.saved',
    },
  ],
  timeout: 15_000,
});
