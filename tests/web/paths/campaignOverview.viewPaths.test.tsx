/**
 * The `campaignOverview` chart's generated paths, replayed on the real planning overview
 * (/planning/wizard/new/overview?objective=2, the chart's input). Objectives, platforms and customers come
 * from a fake API; POST /planning/wizard/new/overview waits for the path's done / error step. Dates are set
 * the way a date picker sets them (one change event); text is pasted over the field (`replaceText`).
 *
 * The chart's paths know the form only up to its abstraction (how many fields fail, whether messages
 * show...), so the actor is compared with each step through that abstraction, and each state's checks
 * compare the page with the view's own actor's context (the values and messages it holds).
 */
import '../support/matchers';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, vi } from 'vitest';
import { createActor } from 'xstate';
import { getChart } from '../../../machines';
import type {
  CampaignOverviewContext,
  CampaignOverviewField,
  CampaignOverviewTextField,
} from '../../../machines/campaignOverview';
import { NETWORK_ERROR_MESSAGE } from '../../../machines/shared/errors';
import { resetPlatformNames } from '../../../src/features/campaigns/campaignRows';
import type { WatchedActor } from '../../paths/viewActors';
import {
  describeViewPathTests,
  type EventPerformer,
  replaceText,
  type ViewStep,
} from '../../paths/viewPathTests';
import { campaign, json, PLATFORMS, type SeenRequest, SIGNED_IN_USER, stubFetch } from '../support/fakeApi';
import { type HeldServer, heldServer } from '../support/heldServer';
import { renderApp } from '../support/renderApp';

// Watch the view's actor (tests/paths/viewActors.ts); vitest hoists this above every import.
vi.mock('@xstate/react', async (importOriginal) =>
  (await import('../../paths/viewActors')).inspectingXStateReact(importOriginal),
);

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  resetPlatformNames();
});

const OVERVIEW = '/planning/wizard/new/overview';
const OBJECTIVES = [
  { id: 1, label: 'Awareness', icon: 'eye' },
  { id: 2, label: 'Traffic', icon: 'cursor' },
];
const CUSTOMER = {
  id: '00000000-0000-4000-8000-0000000000c1',
  accountId: '00000000-0000-4000-8000-aaaaaaaaaaaa',
  name: 'Acme',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

interface OverviewPage {
  server: HeldServer;
  user: ReturnType<typeof userEvent.setup>;
  location: () => string;
  /** The view's actor, known from the first event on. */
  watched?: WatchedActor;
}

const LABELS: Record<CampaignOverviewTextField, string> = {
  name: 'Campaign name',
  customerId: 'Customer',
  startDate: 'Start date',
  endDate: 'End date',
  budget: 'Total budget',
  currency: 'Currency',
};
const form = () => screen.getByRole('region', { name: 'Campaign overview' });
const input = (name: CampaignOverviewTextField) =>
  within(form()).getByLabelText<HTMLInputElement>(LABELS[name]);
const platformBox = (key: string) =>
  within(form()).getByRole<HTMLInputElement>('checkbox', {
    name: PLATFORMS.find((platform) => platform.key === key)?.displayName ?? key,
  });
const submitButton = () => within(form()).getByRole('button', { name: /^(Continue to review|Saving…)$/ });
const chart = getChart('campaignOverview');
/** The chart's initial context (a path's first vertex may be another context with the same abstraction). */
const INITIAL = createActor(chart.machine, { input: chart.input }).getSnapshot().context;
/** The context the page should show: the view's actor's own (see the header). */
const context = (view: OverviewPage, step: ViewStep) =>
  (view.watched?.actor.getSnapshot().context ??
    (step.index === 0 ? INITIAL : step.state.context)) as CampaignOverviewContext;
/** Every event means first remembers the view's actor. */
const watching =
  (perform: EventPerformer<OverviewPage>): EventPerformer<OverviewPage> =>
  (view, step, run) => {
    view.watched = run.watched;
    return perform(view, step, run);
  };

/** The form shows the context: values, each field's message (or none), the form's message. */
function expectForm({ values, fieldErrors, formError }: CampaignOverviewContext) {
  for (const name of Object.keys(LABELS) as CampaignOverviewTextField[]) {
    expect(input(name).value).toBe(values[name]);
    const message = fieldErrors[name];
    if (message) expect(input(name)).toHaveAccessibleDescription(message);
    else expect(input(name)).not.toHaveAttribute('aria-invalid');
  }
  for (const objective of OBJECTIVES) {
    const radio = within(form()).getByRole<HTMLInputElement>('radio', { name: objective.label });
    expect(radio.checked).toBe(objective.id === values.objectiveId);
  }
  for (const platform of PLATFORMS)
    expect(platformBox(platform.key).checked).toBe(values.platforms.includes(platform.key));
  const fieldsets: CampaignOverviewField[] = ['platforms', 'objectiveId'];
  for (const name of fieldsets) {
    const message = fieldErrors[name];
    if (message) expect(within(form()).getByText(message)).toBeInTheDocument();
  }
  // The form's message region is the last alert (an upgrade notice is one too).
  if (formError) expect(within(form()).getAllByRole('alert').at(-1)).toHaveTextContent(formError);
  else expect(within(form()).getAllByRole('alert').at(-1)).toBeEmptyDOMElement();
}

function apiServer() {
  const created = campaign({
    id: '00000000-0000-4000-8000-00000000beef',
    name: 'Autumn Push',
    status: 'draft',
  });
  stubFetch((request: SeenRequest) => {
    if (request.path === '/api/auth/user') return json(SIGNED_IN_USER);
    if (request.path === '/api/platforms') return json(PLATFORMS, { total: PLATFORMS.length });
    if (request.path === '/api/objectives') return json(OBJECTIVES, { total: OBJECTIVES.length });
    if (request.path === '/api/customers') return json([CUSTOMER], { total: 1 });
    if (request.path === `/api/campaigns/${created.id}`) return json(created);
    if (request.path === '/api/events') return json({});
    return json({ message: 'Not found' }, { status: 404 });
  });
}

describeViewPathTests<OverviewPage>({
  chart,
  compareContext: (value: CampaignOverviewContext) => chart.abstractContext?.(value),
  async render() {
    apiServer();
    const server = heldServer({
      hold: (request) => request.path === OVERVIEW && request.method === 'POST',
      fallback: globalThis.fetch,
    });
    const { location } = renderApp(`${OVERVIEW}?objective=2`);
    await screen.findByRole('region', { name: 'Campaign overview' });
    await within(form()).findByRole('checkbox', { name: 'Meta' });
    return { server, user: userEvent.setup({ delay: null }), location };
  },
  events: {
    'field.change': watching(async ({ user }, { event }) => {
      const field = event.field as CampaignOverviewTextField;
      const value = event.value as string;
      if (field !== 'startDate' && field !== 'endDate') return replaceText(user, input(field), value);
      // A date picker sets the whole date at once; the same date again is cleared and set.
      if (input(field).value === value) fireEvent.change(input(field), { target: { value: '' } });
      fireEvent.change(input(field), { target: { value } });
    }),
    'objective.select': watching(({ user }, { event }) =>
      user.click(
        within(form()).getByRole('radio', {
          name: OBJECTIVES.find((objective) => objective.id === event.objectiveId)?.label ?? '',
        }),
      ),
    ),
    'platform.toggle': watching(async ({ user }, { event }) => {
      const box = platformBox(event.platform as string);
      // Already as asked: off and on again (or on and off), as a person would.
      if (box.checked === event.selected) await user.click(box);
      await user.click(box);
    }),
    'form.submit': watching(({ user }) => user.click(submitButton())),
    'xstate.done.actor.saveOverview': watching(({ server }, { event }) =>
      server.respond(OVERVIEW, json(event.output, { status: 201 })),
    ),
    'xstate.error.actor.saveOverview': watching(({ server }, { event }) =>
      server.answerWith(OVERVIEW, { error: event.error }),
    ),
  },
  states: {
    editing: (view, step) => {
      expectForm(context(view, step));
      expect(submitButton()).toHaveTextContent('Continue to review');
      expect(submitButton()).not.toBeDisabled();
    },
    submitting: (view, step) => {
      expectForm(context(view, step));
      expect(submitButton()).toHaveTextContent('Saving…');
      expect(submitButton()).toBeDisabled();
    },
    failed: async (view, step) => {
      const { event } = step;
      await waitFor(() => expect(submitButton()).toHaveTextContent('Continue to review'));
      const error = event.error as { status?: number; errorCode?: string } | undefined;
      if (error && typeof error.status !== 'number') {
        expect(within(form()).getAllByRole('alert').at(-1)).toHaveTextContent(NETWORK_ERROR_MESSAGE);
      }
      if (error?.errorCode === 'REQUIRES_UPGRADE') {
        expect(within(form()).getByRole('link', { name: 'Upgrade now' })).toHaveAttribute(
          'href',
          '/billing/plans',
        );
      } else {
        expect(within(form()).queryByRole('link', { name: 'Upgrade now' })).not.toBeInTheDocument();
      }
      expectForm(context(view, step));
    },
    succeeded: async (view, step) => {
      const { campaignId } = context(view, step);
      await waitFor(() => expect(view.location()).toBe(`/planning/wizard/${campaignId}/review`));
    },
  },
});
