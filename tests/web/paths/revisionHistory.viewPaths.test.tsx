/**
 * The `revisionHistory` chart's generated paths, replayed on the real campaign page's “Revisions” tab
 * (/campaigns/:id?tab=revisions). GET /revisions, GET /approvers and POST /revisions/submit wait for the
 * path's steps; the rest of the page (the campaign, its objective) is answered by the fake server, as an owner
 * (who may send plans for approval, as the chart's sample input).
 */
import '../support/matchers';
import { getChart } from '@machines';
import type { RevisionHistoryContext } from '@machines/revisionHistory';
import { NETWORK_ERROR_MESSAGE } from '@machines/shared/errors';
import { resetPlatformNames } from '@src/features/campaigns/campaignRows';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { describeViewPathTests } from '../../paths/viewPathTests';
import { campaign, json, type SeenRequest, signedInPage } from '../support/fakeApi';
import { type HeldServer, heldServer } from '../support/heldServer';
import { renderApp } from '../support/renderApp';

vi.mock('@xstate/react', async (importOriginal) =>
  (await import('../../paths/viewActors')).inspectingXStateReact(importOriginal),
);

const realFetch = globalThis.fetch;
beforeEach(() => resetPlatformNames());
afterEach(() => {
  globalThis.fetch = realFetch;
});

interface PageView {
  server: HeldServer;
  user: ReturnType<typeof userEvent.setup>;
}

const CAMPAIGN = campaign({ name: 'Spring Launch', status: 'draft', platforms: ['meta'] });
const OBJECTIVES = [{ id: 1, label: 'Awareness', icon: 'megaphone' }];
const BASE = `/api/campaigns/${CAMPAIGN.id}`;
const LIST = (r: SeenRequest) => r.method === 'GET' && r.path === `${BASE}/revisions`;
const APPROVERS = (r: SeenRequest) => r.method === 'GET' && r.path === `${BASE}/approvers`;
const SUBMIT = (r: SeenRequest) => r.method === 'POST' && r.path === `${BASE}/revisions/submit`;

const context = (state: { context: unknown }) => state.context as RevisionHistoryContext;
const panel = () => screen.getByRole('tabpanel', { name: 'Revisions' });
const dialog = () => screen.getByRole('dialog', { name: /^Send revision \d+ for approval$/ });
const STATUS: Record<string, string> = {
  draft: 'Draft',
  in_review: 'Waiting for approval',
  approved: 'Approved',
  changes_requested: 'Changes requested',
  superseded: 'Superseded',
};

/** The list as the context says, with the notice. */
async function expectList(c: RevisionHistoryContext) {
  const inPanel = within(panel());
  await waitFor(() => expect(inPanel.queryByText('Loading revisions…')).not.toBeInTheDocument());
  for (const revision of c.revisions) {
    const item = within(inPanel.getByRole('listitem', { name: `Revision ${revision.number}` }));
    expect(item.getByText(STATUS[revision.status]!)).toBeInTheDocument();
    if (revision.status !== 'draft')
      expect(item.getByRole('link', { name: 'Open' })).toHaveAttribute(
        'href',
        `/campaigns/${CAMPAIGN.id}/revisions/${revision.number}`,
      );
    if (revision.number > 1)
      expect(
        item.getByRole('link', { name: `Compare with revision ${revision.number - 1}` }),
      ).toHaveAttribute(
        'href',
        `/campaigns/${CAMPAIGN.id}/revisions/${revision.number - 1}/compare/${revision.number}`,
      );
    if (revision.status === 'approved')
      expect(
        item.getByText(
          /^Approved by Cleo Client \(typed “Cleo Client”, confirmed with authenticator app\) on /,
        ),
      ).toBeInTheDocument();
  }
  const hasDraft = c.revisions.some((r) => r.status === 'draft');
  if (hasDraft) expect(inPanel.getByRole('button', { name: 'Send for approval' })).not.toBeDisabled();
  else expect(inPanel.queryByRole('button', { name: 'Send for approval' })).not.toBeInTheDocument();
  if (c.notice) expect(inPanel.getByRole('status')).toHaveTextContent(c.notice.text);
  else expect(inPanel.queryByRole('status')).not.toBeInTheDocument();
}

describeViewPathTests<PageView>({
  chart: getChart('revisionHistory'),
  compareContext: ({ chosen, notice, approverIdsError, sendError }: RevisionHistoryContext) => ({
    chosen,
    notice,
    approverIdsError,
    sendError,
  }),
  async render() {
    const server = heldServer({
      hold: (r) => LIST(r) || APPROVERS(r) || SUBMIT(r),
      answer: signedInPage({ [BASE]: CAMPAIGN, '/api/objectives': OBJECTIVES }),
    });
    renderApp(`/campaigns/${CAMPAIGN.id}?tab=revisions`);
    await screen.findByRole('tab', { name: 'Revisions', selected: true });
    return { server, user: userEvent.setup({ delay: null }) };
  },
  events: {
    'xstate.done.actor.loadRevisions': ({ server }, { event }) => server.respond(LIST, json(event.output)),
    'xstate.error.actor.loadRevisions': ({ server }, { event }) =>
      server.answerWith(LIST, { error: event.error }),
    'xstate.done.actor.refreshRevisions': ({ server }, { event }) => server.respond(LIST, json(event.output)),
    'xstate.error.actor.refreshRevisions': ({ server }, { event }) =>
      server.answerWith(LIST, { error: event.error }),
    'xstate.done.actor.loadApprovers': ({ server }, { event }) =>
      server.respond(APPROVERS, json(event.output)),
    'xstate.error.actor.loadApprovers': ({ server }, { event }) =>
      server.answerWith(APPROVERS, { error: event.error }),
    'xstate.done.actor.submitRevision': ({ server }, { event }) =>
      server.respond(SUBMIT, json(event.output, { status: 201 })),
    'xstate.error.actor.submitRevision': ({ server }, { event }) =>
      server.answerWith(SUBMIT, { error: event.error }),
    retry: ({ user }) => user.click(within(panel()).getByRole('button', { name: 'Try again' })),
    'send.open': ({ user }) => user.click(within(panel()).getByRole('button', { name: 'Send for approval' })),
    'send.cancel': ({ user }) => user.click(within(dialog()).getByRole('button', { name: 'Cancel' })),
    'approvers.retry': ({ user }) => user.click(within(dialog()).getByRole('button', { name: 'Try again' })),
    'approver.toggle': ({ user }, { event, state }) => {
      const approver = context(state).approvers.find((a) => a.id === event.id)!;
      return user.click(within(dialog()).getByRole('checkbox', { name: new RegExp(`^${approver.name}`) }));
    },
    'send.confirm': ({ user }) => user.click(within(dialog()).getByRole('button', { name: 'Send' })),
    'notice.dismiss': ({ user }) => user.click(within(panel()).getByRole('button', { name: 'Dismiss' })),
  },
  states: {
    loading: () => {
      expect(within(panel()).getByText('Loading revisions…')).toBeInTheDocument();
    },
    failed: async (_view, { state }) => {
      const alert = await within(panel()).findByRole('alert');
      expect(alert).toHaveTextContent('The revisions could not be loaded.');
      expect(alert).toHaveTextContent(context(state).loadError ?? NETWORK_ERROR_MESSAGE);
    },
    ready: async (_view, { state }) => {
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await expectList(context(state));
    },
    'sendDialog.loadingApprovers': async () => {
      expect(
        await within(await screen.findByRole('dialog')).findByText('Loading approvers…'),
      ).toBeInTheDocument();
    },
    'sendDialog.approversFailed': async (_view, { state }) => {
      expect(await within(dialog()).findByText(context(state).approversError!)).toBeInTheDocument();
      expect(within(dialog()).getByText('The approvers could not be listed.')).toBeInTheDocument();
    },
    'sendDialog.choosing': async (_view, { state }) => {
      const c = context(state);
      const inDialog = within(dialog());
      await waitFor(() => expect(inDialog.getByRole('button', { name: 'Send' })).not.toBeDisabled());
      for (const approver of c.approvers) {
        const box = inDialog.getByRole('checkbox', { name: new RegExp(`^${approver.name}`) });
        expect((box as HTMLInputElement).checked).toBe(c.chosen.includes(approver.id));
      }
      if (c.approverIdsError)
        expect(inDialog.getByRole('group', { name: 'Approvers' })).toHaveAccessibleDescription(
          c.approverIdsError,
        );
      const [region] = inDialog.getAllByRole('alert');
      if (c.sendError) expect(region!).toHaveTextContent(c.sendError);
      else expect(region!).toBeEmptyDOMElement();
    },
    'sendDialog.sending': () => {
      expect(within(dialog()).getByRole('button', { name: 'Sending…' })).toBeDisabled();
      expect(within(dialog()).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    },
    refreshing: async (_view, { state }) => {
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(within(panel()).getByRole('status')).toHaveTextContent(context(state).notice!.text);
    },
  },
});
