/**
 * The `createCampaign` chart's generated paths, replayed in the real "Create campaign" modal of the
 * campaigns page (`?modal=create-campaign`): objectives from the (held) fake server, cards, Cancel, Try
 * again, and the GET to the planning overview.
 */
import '../support/matchers';
import { getChart } from '@machines';
import type { CreateCampaignContext, ObjectiveOption } from '@machines/createCampaign';
import { resetPlatformNames } from '@src/features/campaigns/campaignRows';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { describeViewPathTests } from '../../paths/viewPathTests';
import { campaign, json, PLATFORMS, SIGNED_IN_USER } from '../support/fakeApi';
import { type HeldServer, heldServer } from '../support/heldServer';
import { renderApp } from '../support/renderApp';

// Watch the view's actor (tests/paths/viewActors.ts); vitest hoists this above every import.
vi.mock('@xstate/react', async (importOriginal) =>
  (await import('../../paths/viewActors')).inspectingXStateReact(importOriginal),
);

const realFetch = globalThis.fetch;
beforeEach(() => resetPlatformNames());
afterEach(() => {
  globalThis.fetch = realFetch;
});

const OBJECTIVES: ObjectiveOption[] = [
  { id: 1, label: 'Awareness', icon: 'megaphone' },
  { id: 2, label: 'Traffic', icon: 'cursor' },
];

interface CreateView {
  server: HeldServer;
  user: ReturnType<typeof userEvent.setup>;
  location: () => string;
}

const dialog = () => screen.getByRole('dialog');
const button = (name: string) => within(dialog()).getByRole('button', { name });
const context = (state: { context: unknown }) => state.context as CreateCampaignContext;

describeViewPathTests<CreateView>({
  chart: getChart('createCampaign'),
  compareContext: (context: CreateCampaignContext) => context,
  async render() {
    let navigating = () => false;
    const server = heldServer({
      // The modal's objectives wait for the path; the wizard's overview (once the list is left) gets them at once.
      hold: (request) => request.path === '/api/objectives' && !navigating(),
      answer: (request) => {
        if (request.path === '/api/auth/user') return json(SIGNED_IN_USER);
        if (request.path === '/api/platforms') return json(PLATFORMS, { total: PLATFORMS.length });
        if (request.path === '/api/campaigns')
          return json([campaign({ name: 'Spring Launch' })], { total: 1 });
        if (request.path === '/api/objectives') return json(OBJECTIVES, { total: OBJECTIVES.length });
        if (request.method === 'GET' && request.path.startsWith('/api/')) return json([], { total: 0 });
        return undefined;
      },
    });
    const { location } = renderApp('/campaigns?modal=create-campaign');
    navigating = () => !location().startsWith('/campaigns');
    await screen.findByRole('dialog');
    return { server, user: userEvent.setup({ delay: null }), location };
  },
  events: {
    'xstate.done.actor.loadObjectives': ({ server }, { event }) => {
      const objectives = event.output as ObjectiveOption[];
      return server.respond('/api/objectives', json(objectives, { total: objectives.length }));
    },
    'xstate.error.actor.loadObjectives': ({ server }, { event }) =>
      server.answerWith('/api/objectives', { error: event.error }),
    'objective.select': ({ user }, { event, state }) => {
      const objective = context(state).objectives.find((o) => o.id === event.objectiveId)!;
      return user.click(within(dialog()).getByRole('radio', { name: objective.label }));
    },
    'modal.submit': ({ user }) => user.click(button('Create campaign')),
    'modal.retry': ({ user }) => user.click(button('Try again')),
    'modal.cancel': ({ user }) => user.click(button('Cancel')),
  },
  states: {
    loading: () => {
      expect(within(dialog()).getByRole('heading', { name: 'Create campaign' })).toBeInTheDocument();
      expect(within(dialog()).getByText('Loading…')).toBeInTheDocument();
      expect(within(dialog()).queryByRole('radio')).not.toBeInTheDocument();
      expect(button('Create campaign')).toBeDisabled();
      expect(button('Cancel')).not.toBeDisabled();
    },
    loadFailed: async (_view, { state }) => {
      const alert = await within(dialog()).findByRole('alert');
      expect(alert).toHaveTextContent(context(state).loadError!);
      expect(button('Try again')).toBeInTheDocument();
      expect(within(dialog()).queryByRole('button', { name: 'Create campaign' })).not.toBeInTheDocument();
    },
    choosing: async (_view, { state }) => {
      const { objectives, selectedObjectiveId } = context(state);
      const group = await within(dialog()).findByRole('group', {
        name: 'What should this campaign achieve?',
      });
      const radios = within(group).getAllByRole<HTMLInputElement>('radio');
      expect(radios.map((radio) => radio.value)).toEqual(objectives.map((o) => String(o.id)));
      for (const objective of objectives) {
        const radio = within(group).getByRole<HTMLInputElement>('radio', { name: objective.label });
        expect(radio.checked).toBe(objective.id === selectedObjectiveId);
      }
      expect(button('Create campaign')).not.toBeDisabled();
    },
    submitted: async ({ location }, { state }) => {
      // A GET to the planning overview carrying the chosen objective.
      await waitFor(() =>
        expect(location()).toBe(
          `/planning/wizard/new/overview?objective=${context(state).selectedObjectiveId}`,
        ),
      );
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    },
    cancelled: async ({ location }) => {
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(location()).toBe('/campaigns');
    },
  },
});
