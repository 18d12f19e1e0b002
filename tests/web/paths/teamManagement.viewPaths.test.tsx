/**
 * The `teamManagement` chart's generated paths, replayed on the real /settings/team page over a fake API:
 * GET …/members (the first of the page's four loads; invitations, activity and accounts answer at once with
 * the chart's sample), POST …/invitations and …/resend wait for the path's done / error steps; the risky
 * requests (PATCH / DELETE member, DELETE invitation) are ended as the server does, through the real
 * “Confirm it's you” dialog (as in platformConnection.viewPaths.test.tsx).
 */
import '../support/matchers';
import type { Member } from '@contract/team';
import { getChart } from '@machines';
import type { StepUpConfirmationOutput } from '@machines/stepUpConfirmation';
import type { TeamData, TeamManagementContext } from '@machines/teamManagement';
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

const chart = getChart('teamManagement');
/** The chart's sample team: what the held load answers, and what the other three loads answer at once. */
const SAMPLE = (chart.events.find((e) => e.type === 'xstate.done.actor.loadTeam') as { output: TeamData })
  .output;

const LOAD_MEMBERS = (r: SeenRequest) => r.method === 'GET' && /\/members$/.test(r.path);
const INVITE = (r: SeenRequest) => r.method === 'POST' && /\/invitations$/.test(r.path);
const RESEND = (r: SeenRequest) => r.method === 'POST' && /\/resend$/.test(r.path);
const CHANGE = (r: SeenRequest) => r.method === 'PATCH' && /\/members\/[^/]+$/.test(r.path);
const REMOVE = (r: SeenRequest) => r.method === 'DELETE' && /\/members\/[^/]+$/.test(r.path);
const REVOKE = (r: SeenRequest) => r.method === 'DELETE' && /\/invitations\/[^/]+$/.test(r.path);

const INVITATION = SAMPLE.invitations[0]!;

interface Page {
  server: HeldServer;
  user: ReturnType<typeof userEvent.setup>;
}

/** What the server answers a risky request that went through: the member as changed, or 204. */
const accepted = (match: (r: SeenRequest) => boolean) =>
  match === CHANGE
    ? json({ ...(SAMPLE.members[1] as Member), role: 'analyst' })
    : new Response(null, { status: 204 });

const context = (step: ViewStep) => step.state.context as TeamManagementContext;
const formDialog = () => screen.getByRole('dialog', { name: /^(Invite someone|Change Pat Planner)$/ });
const confirmDialog = () => screen.getByRole('alertdialog');

async function seesNotice(text: string | null) {
  if (text === null)
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Dismiss' })).toBeNull());
  else await waitFor(() => expect(screen.getByText(text)).toBeInTheDocument());
}

async function seesPage() {
  const members = await screen.findByRole('region', { name: 'Members' });
  expect(within(members).getByText('Pat Planner').closest('tr')).toHaveTextContent('Acme Retail');
  expect(within(members).getByText('Dana Demo').closest('tr')).toHaveTextContent('All accounts');
  expect(screen.getByRole('region', { name: 'Pending invitations' })).toHaveTextContent('ana@client.example');
  expect(screen.getByRole('region', { name: 'Activity' })).toHaveTextContent(
    'Invited ana@client.example as Client',
  );
}

/** The dialog's messages, as the machine-level run says they are, under their fields. */
async function seesFormMessages(step: ViewStep) {
  const { fieldErrors, formError } = context(step);
  const dialog = formDialog();
  for (const message of Object.values(fieldErrors))
    await waitFor(() => expect(within(dialog).getByText(message as string)).toBeInTheDocument());
  if (formError) await waitFor(() => expect(within(dialog).getByText(formError)).toBeInTheDocument());
}

describeViewPathTests<Page>({
  chart,
  clock: 'real',
  compareContext: (value: TeamManagementContext) => chart.abstractContext?.(value),
  async render() {
    stubFetch((request: SeenRequest) => {
      const { path } = request;
      if (path === '/api/auth/user') return json(SIGNED_IN_USER);
      if (path === '/api/events') return json({});
      if (/\/invitations$/.test(path)) return json(SAMPLE.invitations);
      if (/\/activity$/.test(path)) return json({ events: SAMPLE.events });
      if (path === '/api/accounts')
        return json(
          SAMPLE.accounts.map((a) => ({ ...SIGNED_IN_USER.currentAccount, ...a })),
          { total: SAMPLE.accounts.length },
        );
      return json({ message: 'Not found' }, { status: 404 });
    });
    const server = heldServer({
      hold: (r) =>
        LOAD_MEMBERS(r) ||
        INVITE(r) ||
        RESEND(r) ||
        CHANGE(r) ||
        REMOVE(r) ||
        REVOKE(r) ||
        STEP_UP_HELD.has(r.path),
      fallback: globalThis.fetch,
    });
    renderApp('/settings/team');
    await screen.findByRole('heading', { name: 'Team' });
    return { server, user: userEvent.setup({ delay: null }) };
  },
  events: {
    'xstate.done.actor.loadTeam': ({ server }, { event }) =>
      server.respond(LOAD_MEMBERS, json((event.output as TeamData).members)),
    'xstate.error.actor.loadTeam': ({ server }, { event }) =>
      server.answerWith(LOAD_MEMBERS, { error: event.error }),
    'xstate.done.actor.reloadTeam': ({ server }, { event }) =>
      server.respond(LOAD_MEMBERS, json((event.output as TeamData).members)),
    'xstate.error.actor.reloadTeam': ({ server }, { event }) =>
      server.answerWith(LOAD_MEMBERS, { error: event.error }),
    retry: ({ user }) => user.click(screen.getByRole('button', { name: 'Try again' })),
    'invite.open': ({ user }) => user.click(screen.getByRole('button', { name: 'Invite someone' })),
    'member.edit': ({ user }) => user.click(screen.getByRole('button', { name: 'Change Pat Planner' })),
    'member.remove': ({ user }) => user.click(screen.getByRole('button', { name: 'Remove Pat Planner' })),
    'invitation.resend': ({ user }) =>
      user.click(screen.getByRole('button', { name: `Resend the invitation to ${INVITATION.email}` })),
    'invitation.withdraw': ({ user }) =>
      user.click(screen.getByRole('button', { name: `Withdraw the invitation to ${INVITATION.email}` })),
    'field.email': ({ user }, { event }) =>
      replaceText(
        user,
        within(formDialog()).getByLabelText('E-mail address') as HTMLInputElement,
        event.value as string,
      ),
    'field.role': async ({ user }, { event }) => {
      const label = (event.role as string).replace(/^./, (c) => c.toUpperCase());
      const radio = within(formDialog()).getByRole('radio', { name: new RegExp(`^${label}`) });
      // Choosing the role it has: another one and back (the same transition twice, the same end state).
      if ((radio as HTMLInputElement).checked)
        await user.click(within(formDialog()).getByRole('radio', { name: /^Analyst/ }));
      await user.click(radio);
    },
    'field.account': async ({ user }, { event }) => {
      const box = within(formDialog()).getByRole('checkbox', { name: 'Acme Retail' }) as HTMLInputElement;
      // Already as asked: off and on again (the same transition twice, the same end state).
      if (box.checked === event.checked) await user.click(box);
      await user.click(box);
    },
    'form.submit': ({ user }) =>
      user.click(within(formDialog()).getByRole('button', { name: /^(Send invitation|Save changes)$/ })),
    'dialog.cancel': ({ user }) =>
      user.click(
        within(screen.queryByRole('alertdialog') ?? formDialog()).getByRole('button', { name: 'Cancel' }),
      ),
    'dialog.confirm': ({ user }) =>
      user.click(within(confirmDialog()).getByRole('button', { name: /^(Remove|Withdraw)$/ })),
    'notice.dismiss': ({ user }) => user.click(screen.getByRole('button', { name: 'Dismiss' })),
    'xstate.done.actor.sendInvitation': ({ server }) =>
      server.respond(INVITE, json({ ...INVITATION, id: 'inv-2' }, { status: 201 })),
    'xstate.error.actor.sendInvitation': ({ server }, { event }) =>
      server.answerWith(INVITE, { error: event.error }),
    'xstate.done.actor.resendInvitation': ({ server }) => server.respond(RESEND, json(INVITATION)),
    'xstate.error.actor.resendInvitation': ({ server }, { event }) =>
      server.answerWith(RESEND, { error: event.error }),
    'xstate.done.actor.saveMember': (page, { event }) =>
      endRisky(page, CHANGE, event.output as StepUpConfirmationOutput, accepted(CHANGE)),
    'xstate.done.actor.removeMember': (page, { event }) =>
      endRisky(page, REMOVE, event.output as StepUpConfirmationOutput, accepted(REMOVE)),
    'xstate.done.actor.revokeInvitation': (page, { event }) =>
      endRisky(page, REVOKE, event.output as StepUpConfirmationOutput, accepted(REVOKE)),
  },
  states: {
    loading: async () => {
      await waitFor(() => expect(screen.getByText('Loading…')).toBeInTheDocument());
    },
    loadFailed: async (_page, step) => {
      await waitFor(() => expect(screen.getByText(context(step).loadError!)).toBeInTheDocument());
      if (context(step).loadRefused) expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
      else expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    },
    ready: async (_page, step) => {
      await seesPage();
      await seesNotice(context(step).notice?.text ?? null);
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(screen.queryByRole('alertdialog')).toBeNull();
      expect(screen.getByRole('button', { name: 'Invite someone' })).not.toBeDisabled();
    },
    inviting: async (_page, step) => {
      const dialog = await screen.findByRole('dialog', { name: 'Invite someone' });
      expect(
        within(dialog).getByText('Reads everything in their accounts, changes nothing.'),
      ).toBeInTheDocument();
      const { form } = context(step);
      expect((within(dialog).getByLabelText('E-mail address') as HTMLInputElement).value).toBe(form.email);
      await seesFormMessages(step);
      expect(within(dialog).getByRole('button', { name: 'Send invitation' })).not.toBeDisabled();
    },
    sendingInvitation: async () => {
      const dialog = screen.getByRole('dialog', { name: 'Invite someone' });
      await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Sending…' })).toBeDisabled());
    },
    editingMember: async (_page, step) => {
      const dialog = await screen.findByRole('dialog', { name: 'Change Pat Planner' });
      const role = context(step).form.role.replace(/^./, (c) => c.toUpperCase());
      await waitFor(() =>
        expect(
          (within(dialog).getByRole('radio', { name: new RegExp(`^${role}`) }) as HTMLInputElement).checked,
        ).toBe(true),
      );
      await seesFormMessages(step);
    },
    savingMember: async () => {
      await waitFor(() =>
        expect(within(formDialog()).getByRole('button', { name: 'Saving…' })).toBeDisabled(),
      );
    },
    confirmingRemoval: async (_page, step) => {
      const dialog = await screen.findByRole('alertdialog', { name: 'Remove Pat Planner?' });
      const { formError } = context(step);
      if (formError) await waitFor(() => expect(within(dialog).getByText(formError)).toBeInTheDocument());
      expect(within(dialog).getByRole('button', { name: 'Remove' })).not.toBeDisabled();
    },
    removingMember: async () => {
      await waitFor(() =>
        expect(within(confirmDialog()).getByRole('button', { name: 'Removing…' })).toBeDisabled(),
      );
    },
    resending: async () => {
      await waitFor(() =>
        expect(
          screen.getByRole('button', { name: `Resend the invitation to ${INVITATION.email}` }),
        ).toHaveTextContent('Sending…'),
      );
    },
    confirmingWithdrawal: async (_page, step) => {
      const dialog = await screen.findByRole('alertdialog', {
        name: `Withdraw the invitation to ${INVITATION.email}?`,
      });
      const { formError } = context(step);
      if (formError) await waitFor(() => expect(within(dialog).getByText(formError)).toBeInTheDocument());
    },
    withdrawingInvitation: async () => {
      await waitFor(() =>
        expect(within(confirmDialog()).getByRole('button', { name: 'Withdrawing…' })).toBeDisabled(),
      );
    },
    reloading: async (_page, step) => {
      await seesNotice(context(step).notice!.text);
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    },
  },
});
