/**
 * The `campaignProgress` chart's generated paths, replayed on the real campaign page (/campaigns/:id): the
 * "Platforms" card polls GET /data/campaigns/detail (held by the fake server until a path step answers it)
 * once a second while a launch or delete is under way. The actor's clock is simulated, so a poll happens
 * exactly at the path's `xstate.after.pollInterval...` step.
 */
import '../support/matchers';
import { getChart } from '@machines';
import type { CampaignProgressContext, ProgressDetail } from '@machines/campaignProgress';
import { NETWORK_ERROR_MESSAGE } from '@machines/shared/errors';
import { resetPlatformNames } from '@src/features/campaigns/campaignRows';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { describeViewPathTests } from '../../paths/viewPathTests';
import { campaign, json, signedInPage } from '../support/fakeApi';
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

const CAMPAIGN = campaign({ name: 'Spring Launch', status: 'launching', platforms: ['meta'] });
const OBJECTIVES = [{ id: 1, label: 'Awareness', icon: 'megaphone' }];
const DETAIL = '/data/campaigns/detail';

/** What the page shows for each platform status. */
const STATUS_LABELS: Record<ProgressDetail['platforms'][number]['status'], string> = {
  pending: 'Pending',
  in_review: 'In review',
  scheduled: 'Scheduled',
  active: 'Active',
  paused: 'Paused',
  rejected: 'Rejected',
  failed: 'Failed',
  deleting: 'Deleting',
  deleted: 'Deleted',
};

interface PageView {
  server: HeldServer;
  user: ReturnType<typeof userEvent.setup>;
}

const card = () => screen.getByRole('region', { name: 'Platforms' });
const context = (state: { context: unknown }) => state.context as CampaignProgressContext;

/** What a row offers (issue 28): Pause while it runs in a running campaign, Resume while it is paused. */
function rowAction(
  campaign: ProgressDetail['status'],
  status: ProgressDetail['platforms'][number]['status'],
) {
  const running = campaign === 'active' || campaign === 'scheduled';
  if (running && (status === 'active' || status === 'scheduled')) return 'Pause';
  if ((running || campaign === 'paused') && status === 'paused') return 'Resume';
  return '';
}

/** Each platform of the last loaded detail in its own row: name, external id, status, last error, action. */
function expectPlatformRows(detail: ProgressDetail) {
  const rows = within(within(card()).getByRole('table', { name: 'Platform progress' })).getAllByRole('row');
  expect(rows.slice(1).map((row) => row.textContent)).toEqual(
    detail.platforms.map(
      (platform) =>
        `${platform.displayName}${platform.externalId ?? '—'}${STATUS_LABELS[platform.status]}${platform.lastError ?? '—'}${rowAction(detail.status, platform.status)}`,
    ),
  );
}

const expectUpdating = (updating: boolean) => {
  if (updating) expect(within(card()).getByText('Updating…')).toBeInTheDocument();
  else expect(within(card()).queryByText('Updating…')).not.toBeInTheDocument();
  expect(card()).toHaveAttribute('aria-busy', String(updating));
};

const answerDetail = ({ server }: PageView, output: unknown) =>
  server.respond(DETAIL, json({ ...(output as ProgressDetail), id: CAMPAIGN.id }));

describeViewPathTests<PageView>({
  chart: getChart('campaignProgress'),
  // The chart's own abstraction: the campaign's status and whether the last load failed.
  compareContext: ({ detail, error }: CampaignProgressContext) => ({
    status: detail?.status ?? null,
    failed: error !== null,
  }),
  async render() {
    const server = heldServer({
      hold: (request) => request.path === DETAIL,
      answer: signedInPage({ [`/api/campaigns/${CAMPAIGN.id}`]: CAMPAIGN, '/api/objectives': OBJECTIVES }),
    });
    renderApp(`/campaigns/${CAMPAIGN.id}`);
    await screen.findByRole('region', { name: 'Platforms' });
    return { server, user: userEvent.setup({ delay: null }) };
  },
  events: {
    'xstate.done.actor.loadDetail': (view, { event }) => answerDetail(view, event.output),
    'xstate.done.actor.refreshDetail': (view, { event }) => answerDetail(view, event.output),
    'xstate.error.actor.loadDetail': ({ server }, { event }) =>
      server.answerWith(DETAIL, { error: event.error }),
    'xstate.error.actor.refreshDetail': ({ server }, { event }) =>
      server.answerWith(DETAIL, { error: event.error }),
    'progress.retry': ({ user }) =>
      user.click(within(within(card()).getByRole('alert')).getByRole('button', { name: 'Try again' })),
    // xstate.after.pollInterval...: the default, the actor's simulated clock moves on by POLL_MS.
  },
  states: {
    loading: (_view, { state }) => {
      const { detail } = context(state);
      // The first load says so; a retry keeps what was shown.
      if (detail) expectPlatformRows(detail);
      else expect(within(card()).getByText('Loading…')).toBeInTheDocument();
      expect(within(card()).queryByRole('alert')).not.toBeInTheDocument();
      expectUpdating(false);
    },
    'watching.waiting': async (_view, { state }) => {
      await within(card()).findByText('Updating…');
      expectUpdating(true);
      expectPlatformRows(context(state).detail!);
    },
    'watching.refreshing': (_view, { state }) => {
      // The last known statuses stay on screen while the page checks again.
      expectUpdating(true);
      expectPlatformRows(context(state).detail!);
    },
    settled: async (_view, { state }) => {
      await within(card()).findByRole('table', { name: 'Platform progress' });
      expectPlatformRows(context(state).detail!);
      expectUpdating(false);
    },
    failed: async (_view, { state }) => {
      const { error } = context(state);
      const alert = await within(card()).findByRole('alert');
      const status = (error as { status?: unknown }).status;
      expect(alert).toHaveTextContent(
        typeof status === 'number' ? (error as { message: string }).message : NETWORK_ERROR_MESSAGE,
      );
      expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
      expectUpdating(false);
    },
  },
  unreachable: [
    {
      transition: 'settled --progress.refresh--> loading',
      because:
        'the campaign page refreshes only after a request the server took (a success flag, a row’s Pause or Resume: placementToggle.viewPaths.test.tsx); this test sends none',
      event: (event) => event.type === 'progress.refresh',
    },
  ],
});
