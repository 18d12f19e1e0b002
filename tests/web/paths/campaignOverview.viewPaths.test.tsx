/**
 * The `campaignOverview` chart's generated paths, replayed on the real planning overview
 * (/planning/wizard/new/overview?objective=2, the chart's input). Objectives, platforms and customers come
 * from a fake API; POST /planning/wizard/new/overview waits for the path's done / error step. Dates are set
 * the way a date picker sets them (one change event); text is pasted over the field (`replaceText`).
 *
 * The chart's paths know the form only up to its abstraction (how many fields fail, whether messages
 * show...), so the actor is compared with each step through that abstraction, and each state's checks
 * compare the page with the view's own actor's context (the values and messages it holds;
 * tests/web/support/pageFormPaths.ts, shared with the budget edit form's).
 */
import '../support/matchers';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, vi } from 'vitest';
import { getChart } from '../../../machines';
import type {
  CampaignOverviewContext,
  CampaignOverviewField,
  CampaignOverviewTextField,
} from '../../../machines/campaignOverview';
import { resetPlatformNames } from '../../../src/features/campaigns/campaignRows';
import { describeViewPathTests, replaceText } from '../../paths/viewPathTests';
import {
  CUSTOMER,
  campaign,
  json,
  OBJECTIVES,
  PLATFORMS,
  type SeenRequest,
  SIGNED_IN_USER,
  stubFetch,
} from '../support/fakeApi';
import { heldServer } from '../support/heldServer';
import { type PageFormPage, pageFormPaths, pickDate } from '../support/pageFormPaths';
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

const LABELS: Record<CampaignOverviewTextField, string> = {
  name: 'Campaign name',
  customerId: 'Customer',
  startDate: 'Start date',
  endDate: 'End date',
  budget: 'Total budget',
  currency: 'Currency',
};
const form = () => screen.getByRole('region', { name: 'Campaign overview' });
const platformBox = (key: string) =>
  within(form()).getByRole<HTMLInputElement>('checkbox', {
    name: PLATFORMS.find((platform) => platform.key === key)?.displayName ?? key,
  });
const chart = getChart('campaignOverview');
const { input, submitButton, context, watching, states } = pageFormPaths<
  CampaignOverviewContext,
  CampaignOverviewTextField
>({
  chart,
  form,
  labels: LABELS,
  submitLabel: 'Continue to review',
  // The option groups: the objective's radios, the platforms' checkboxes, and their messages.
  expectMore({ values, fieldErrors }) {
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
  },
});

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

describeViewPathTests<PageFormPage>({
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
      pickDate(input(field), value);
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
    ...states,
    succeeded: async (view, step) => {
      const { campaignId } = context(view, step);
      await waitFor(() => expect(view.location()).toBe(`/planning/wizard/${campaignId}/review`));
    },
  },
});
