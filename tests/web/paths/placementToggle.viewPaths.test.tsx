/**
 * The `placementToggle` chart's generated paths, replayed on the real campaign page (/campaigns/c1) over a
 * fake API: the "Platforms" card's rows offer Pause (TikTok runs) or Resume (TikTok paused on its own);
 * the request to POST /api/campaigns/c1/platforms/tiktok/{pause,resume} waits for the path's step, which
 * ends it as the server does — refused, or 403 CHALLENGE_REQUIRED then the real “Confirm it's you” dialog.
 */
import '../support/matchers';
import { getChart } from '@machines';
import type { PlacementToggleContext } from '@machines/placementToggle';
import type { StepUpConfirmationOutput } from '@machines/stepUpConfirmation';
import { resetPlatformNames } from '@src/features/campaigns/campaignRows';
import { resetStepUp } from '@src/features/challenge/requestStepUp';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { describeViewPathTests, type ViewStep } from '../../paths/viewPathTests';
import { campaign, json, type SeenRequest, signedInPage } from '../support/fakeApi';
import { type HeldServer, heldServer } from '../support/heldServer';
import { renderApp } from '../support/renderApp';
import { endRisky, STEP_UP_HELD } from '../support/riskyRequest';

// Watch the view's actor (tests/paths/viewActors.ts); vitest hoists this above every import.
vi.mock('@xstate/react', async (importOriginal) =>
  (await import('../../paths/viewActors')).inspectingXStateReact(importOriginal),
);

const realFetch = globalThis.fetch;
beforeEach(() => resetPlatformNames());
afterEach(() => {
  globalThis.fetch = realFetch;
  resetStepUp();
});

const CAMPAIGN = campaign({
  id: 'c1',
  name: 'Spring Launch',
  status: 'active',
  platforms: ['meta', 'tiktok'],
});
const OBJECTIVES = [{ id: 1, label: 'Awareness', icon: 'megaphone' }];
const DETAIL = '/data/campaigns/detail';
const TOGGLE = (r: SeenRequest) =>
  r.method === 'POST' && /^\/api\/campaigns\/c1\/platforms\/tiktok\/(pause|resume)$/.test(r.path);

const platform = (key: string, displayName: string, status: 'active' | 'paused') => ({
  key,
  displayName,
  status,
  externalId: `${key}_1`,
  lastError: null,
  attempts: 1,
  nextAttemptAt: null,
  updatedAt: '2026-03-02T10:00:00.000Z',
});

/** The campaign as the page loads it: Meta runs; TikTok runs, or is paused on its own. */
const detail = (tiktok: 'active' | 'paused') => ({
  id: 'c1',
  name: 'Spring Launch',
  status: 'active',
  customerId: null,
  objectiveId: 1,
  startDate: '2026-03-01',
  endDate: '2026-03-31',
  budgetMinor: 1_250_000,
  currency: 'EUR',
  failureReason: null,
  platforms: [platform('meta', 'Meta', 'active'), platform('tiktok', 'TikTok', tiktok)],
  updatedAt: '2026-03-02T10:00:00.000Z',
});

interface Page {
  server: HeldServer;
  user: ReturnType<typeof userEvent.setup>;
}

const card = () => screen.getByRole('region', { name: 'Platforms' });
const row = (name: string) => within(card()).getByRole('row', { name: new RegExp(`^${name}`) });
const context = (step: ViewStep) => step.state.context as PlacementToggleContext;

describeViewPathTests<Page>({
  chart: getChart('placementToggle'),
  clock: 'real',
  async render(path) {
    // A path that resumes TikTok finds it paused; any other finds it running.
    const tiktok = path.steps.some((s) => s.event.type === 'platform.resume') ? 'paused' : 'active';
    const server = heldServer({
      hold: (r) => TOGGLE(r) || STEP_UP_HELD.has(r.path),
      answer: (request) =>
        request.path === DETAIL
          ? json(detail(tiktok))
          : signedInPage({ [`/api/campaigns/${CAMPAIGN.id}`]: CAMPAIGN, '/api/objectives': OBJECTIVES })(
              request,
            ),
    });
    renderApp(`/campaigns/${CAMPAIGN.id}`);
    await within(await screen.findByRole('region', { name: 'Platforms' })).findByRole('row', {
      name: /^TikTok/,
    });
    return { server, user: userEvent.setup({ delay: null }) };
  },
  events: {
    'platform.pause': ({ user }) =>
      user.click(within(row('TikTok')).getByRole('button', { name: 'Pause TikTok' })),
    'platform.resume': ({ user }) =>
      user.click(within(row('TikTok')).getByRole('button', { name: 'Resume TikTok' })),
    'xstate.done.actor.sendToggle': (page, { event }) =>
      endRisky(
        page,
        TOGGLE,
        event.output as StepUpConfirmationOutput,
        json({ success: true, status: 'pausing' }, { status: 202 }),
      ),
  },
  states: {
    idle: async (_page, step) => {
      const { refusal } = context(step);
      // Meta runs: it offers Pause; TikTok offers what its status allows, every button ready.
      await waitFor(() =>
        expect(within(row('Meta')).getByRole('button', { name: 'Pause Meta' })).not.toBeDisabled(),
      );
      const tiktok = within(row('TikTok')).getByRole('button', { name: /^(Pause|Resume) TikTok$/ });
      expect(tiktok).not.toBeDisabled();
      if (refusal) expect(within(row('TikTok')).getByRole('alert')).toHaveTextContent(refusal.message);
      else expect(within(row('TikTok')).queryByRole('alert')).toBeNull();
      // Said where the person is looking: never in Meta's row.
      expect(within(row('Meta')).queryByRole('alert')).toBeNull();
    },
    sending: async (_page, step) => {
      const { request } = context(step);
      const [name, label] = request!.action === 'pause' ? ['Pause', 'Pausing…'] : ['Resume', 'Resuming…'];
      const button = await within(row('TikTok')).findByRole('button', { name: `${name} TikTok` });
      await waitFor(() => expect(button).toHaveTextContent(label));
      expect(button).toBeDisabled();
      expect(within(row('Meta')).getByRole('button', { name: 'Pause Meta' })).toBeDisabled();
    },
  },
});
