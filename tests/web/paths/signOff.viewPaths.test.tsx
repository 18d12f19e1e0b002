/**
 * The `signOff` chart's generated paths, replayed on the real sign-off page (/campaigns/:id/revisions/:n)
 * over a fake API, signed in as the client the chart's sample revision names: GET the revision and POST
 * request-changes wait for the path's steps; the approval is ended as the server does, through the real
 * “Confirm it's you” dialog.
 */
import '../support/matchers';
import { getChart } from '@machines';
import type { SignOffContext } from '@machines/signOff';
import type { StepUpConfirmationOutput } from '@machines/stepUpConfirmation';
import { resetStepUp } from '@src/features/challenge/requestStepUp';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, vi } from 'vitest';
import { describeViewPathTests, replaceText, type ViewStep } from '../../paths/viewPathTests';
import { json, type SeenRequest, SIGNED_IN_USER, stubFetch } from '../support/fakeApi';
import { type HeldServer, heldServer } from '../support/heldServer';
import { renderApp } from '../support/renderApp';
import { endRisky, STEP_UP_HELD } from '../support/riskyRequest';

// Watch the view's actor (tests/paths/viewActors.ts); vitest hoists this above every import.
vi.mock('@xstate/react', async (importOriginal) =>
  (await import('../../paths/viewActors')).inspectingXStateReact(importOriginal),
);

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  resetStepUp();
});

const chart = getChart('signOff');
const REVISION = '/api/campaigns/c-1/revisions/2';
const LOAD = (r: SeenRequest) => r.method === 'GET' && r.path === REVISION;
const APPROVE = (r: SeenRequest) => r.method === 'POST' && r.path === `${REVISION}/approve`;
const CHANGES = (r: SeenRequest) => r.method === 'POST' && r.path === `${REVISION}/request-changes`;

interface Page {
  server: HeldServer;
  user: ReturnType<typeof userEvent.setup>;
}

const context = (step: ViewStep) => step.state.context as SignOffContext;
const decision = () => within(screen.getByRole('heading', { name: 'Your decision' }).closest('section')!);

async function seesReview(step: ViewStep) {
  const c = context(step);
  await screen.findByRole('heading', { name: 'Flowchart' });
  expect(screen.getByRole('list', { name: 'Line items' })).toHaveTextContent('Meta');
  expect(screen.getByRole('list', { name: 'Line items' })).toHaveTextContent('€3,000');
  const asked = c.review?.revision.status === 'in_review';
  if (asked) {
    expect(screen.getByText('Revision 2 · Waiting for your approval')).toBeInTheDocument();
    expect(decision().getByLabelText<HTMLInputElement>('Your full name').value).toBe(c.name);
  } else {
    expect(screen.queryByRole('heading', { name: 'Your decision' })).toBeNull();
    expect(screen.getByText('Revision 2 · Approved')).toBeInTheDocument();
    expect(screen.getByText(/typed “Cleo Client”\), confirmed with e-mail code/i)).toBeInTheDocument();
  }
  if (c.notice) expect(screen.getByText(c.notice)).toBeInTheDocument();
}

describeViewPathTests<Page>({
  chart,
  clock: 'real',
  async render() {
    stubFetch((request: SeenRequest) => {
      if (request.path === '/api/auth/user')
        return json({ ...SIGNED_IN_USER, id: 'u-client', role: 'client' });
      if (request.path === '/api/events') return json({});
      return json({ message: 'Not found' }, { status: 404 });
    });
    const server = heldServer({
      hold: (r) => LOAD(r) || APPROVE(r) || CHANGES(r) || STEP_UP_HELD.has(r.path),
      fallback: globalThis.fetch,
    });
    renderApp('/campaigns/c-1/revisions/2');
    await waitFor(() => expect(server.seen.some(LOAD)).toBe(true));
    return { server, user: userEvent.setup({ delay: null }) };
  },
  events: {
    'xstate.done.actor.loadReview': ({ server }, { event }) => server.respond(LOAD, json(event.output)),
    'xstate.error.actor.loadReview': ({ server }, { event }) =>
      server.answerWith(LOAD, { error: event.error }),
    retry: ({ user }) => user.click(screen.getByRole('button', { name: 'Try again' })),
    'name.change': ({ user }, { event }) =>
      replaceText(
        user,
        decision().getByLabelText('Your full name') as HTMLInputElement,
        event.value as string,
      ),
    approve: ({ user }) => user.click(decision().getByRole('button', { name: 'Approve' })),
    'xstate.done.actor.approveRevision': (page, { event }) =>
      endRisky(
        page,
        APPROVE,
        event.output as StepUpConfirmationOutput,
        json({ number: 2, status: 'approved' }),
      ),
    'changes.start': ({ user }) => user.click(decision().getByRole('button', { name: 'Request changes' })),
    'comment.change': ({ user }, { event }) =>
      replaceText(
        user,
        decision().getByLabelText('What should change?') as HTMLTextAreaElement,
        event.value as string,
      ),
    'changes.send': ({ user }) => user.click(decision().getByRole('button', { name: 'Send to the planner' })),
    'changes.cancel': ({ user }) => user.click(decision().getByRole('button', { name: 'Cancel' })),
    'xstate.done.actor.requestChanges': ({ server }, { event }) =>
      server.respond(CHANGES, json(event.output)),
    'xstate.error.actor.requestChanges': ({ server }, { event }) =>
      server.answerWith(CHANGES, { error: event.error }),
    'notice.dismiss': ({ user }) => user.click(screen.getByRole('button', { name: 'Dismiss' })),
  },
  states: {
    loading: async (_page, step) => {
      if (context(step).review === null)
        await waitFor(() => expect(screen.queryByRole('heading', { name: 'Flowchart' })).toBeNull());
    },
    loadFailed: async (_page, step) => {
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('This revision could not be loaded.');
      expect(alert).toHaveTextContent(context(step).loadError!);
    },
    ready: async (_page, step) => {
      await seesReview(step);
      const c = context(step);
      if (c.nameError)
        expect(decision().getByLabelText('Your full name')).toHaveAccessibleDescription(c.nameError);
      if (c.error) expect(decision().getByRole('alert')).toHaveTextContent(c.error);
    },
    approving: async () => {
      await waitFor(() => expect(decision().getByRole('button', { name: 'Approving…' })).toBeDisabled());
    },
    writingChanges: async (_page, step) => {
      const c = context(step);
      const box = decision().getByLabelText<HTMLTextAreaElement>('What should change?');
      expect(box.value).toBe(c.comment);
      if (c.commentError) expect(box).toHaveAccessibleDescription(c.commentError);
      if (c.error) expect(decision().getByRole('alert')).toHaveTextContent(c.error);
    },
    sendingChanges: async () => {
      await waitFor(() => expect(decision().getByRole('button', { name: 'Sending…' })).toBeDisabled());
    },
  },
});
