import './support/matchers';
import type { Invitation, Member, TeamEvent } from '@contract/team';
import type { StepUpRequester } from '@src/api/stepUp';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, PLATFORMS, type SeenRequest, SIGNED_IN_USER, stubFetch } from './support/fakeApi';
import { renderApp } from './support/renderApp';
import { answerStepUps } from './support/stepUp';

// The step-up dialog is the challenge feature's (its own tests); here the person confirms it's them.
const stepUp = vi.fn<StepUpRequester>(async () => ({ status: 'succeeded', token: 'verified-token' }));
answerStepUps(stepUp);

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  stepUp.mockClear();
});

const ORG = SIGNED_IN_USER.currentOrganization.id;
const ACME = SIGNED_IN_USER.currentAccount.id;
const BETA = '00000000-0000-4000-8000-bbbbbbbbbbbb';
const CHALLENGE = {
  token: 'challenge-token',
  user: { email: 'demo@flightplan.test' },
  verificationMethods: ['EMAIL_OTP'],
};

function members(): Member[] {
  return [
    {
      userId: SIGNED_IN_USER.id,
      email: 'demo@flightplan.test',
      firstName: 'Dana',
      lastName: 'Demo',
      role: 'owner',
      accountIds: null,
      lastActiveAt: new Date().toISOString(),
    },
    {
      userId: 'u-pat',
      email: 'pat@flightplan.test',
      firstName: 'Pat',
      lastName: 'Planner',
      role: 'planner',
      accountIds: [BETA],
      lastActiveAt: null,
    },
  ];
}

/** A stateful fake of the team routes; risky ones answer CHALLENGE_REQUIRED without a step-up token. */
function teamServer(
  options: { role?: string; answer?: (request: SeenRequest) => Response | undefined } = {},
) {
  const state = {
    members: members(),
    invitations: [
      {
        id: 'inv-1',
        email: 'ana@client.example',
        role: 'client',
        accountIds: [ACME],
        expiresAt: '2026-12-04T10:00:00.000Z',
      },
    ] as Invitation[],
    events: [
      {
        id: 'e-1',
        kind: 'member_invited',
        actor: 'Dana Demo',
        subjectEmail: 'ana@client.example',
        role: 'client',
        createdAt: new Date().toISOString(),
      },
    ] as TeamEvent[],
  };
  const base = `/api/organizations/${ORG}`;
  const needsStepUp = (request: SeenRequest) =>
    request.headers.get('x-step-up-token') === null
      ? json(
          { message: 'Confirm it’s you to continue.', errorCode: 'CHALLENGE_REQUIRED', challenge: CHALLENGE },
          { status: 403 },
        )
      : undefined;
  const server = stubFetch((request) => {
    const own = options.answer?.(request);
    if (own) return own;
    const { method, path } = request;
    if (path === '/api/auth/user') return json({ ...SIGNED_IN_USER, role: options.role ?? 'owner' });
    if (path === '/api/platforms') return json(PLATFORMS, { total: PLATFORMS.length });
    if (path === '/api/events') return json({ success: true });
    if (path === '/api/accounts')
      return json(
        [SIGNED_IN_USER.currentAccount, { ...SIGNED_IN_USER.currentAccount, id: BETA, name: 'Beta Foods' }],
        { total: 2 },
      );
    if (path === `${base}/members` && method === 'GET') return json(state.members);
    if (path === `${base}/invitations` && method === 'GET') return json(state.invitations);
    if (path === `${base}/activity`) return json({ events: state.events });
    if (path === `${base}/invitations` && method === 'POST') {
      const body = request.body as { email: string; role: Invitation['role']; accountIds: string[] | null };
      const invitation = {
        id: `inv-${state.invitations.length + 1}`,
        ...body,
        expiresAt: '2026-12-05T10:00:00.000Z',
      };
      state.invitations.push(invitation);
      return json(invitation, { status: 201 });
    }
    const member = /^\/api\/organizations\/[^/]+\/members\/([^/]+)$/.exec(path);
    if (member && (method === 'PATCH' || method === 'DELETE')) {
      const refused = needsStepUp(request);
      if (refused) return refused;
      if (method === 'DELETE') {
        state.members = state.members.filter((m) => m.userId !== member[1]);
        return new Response(null, { status: 204 });
      }
      const update = request.body as Partial<Member>;
      state.members = state.members.map((m) => (m.userId === member[1] ? { ...m, ...update } : m));
      return json(state.members.find((m) => m.userId === member[1]));
    }
    const invitation = /^\/api\/organizations\/[^/]+\/invitations\/([^/]+)(\/resend)?$/.exec(path);
    if (invitation && method === 'POST' && invitation[2])
      return json(state.invitations.find((i) => i.id === invitation[1]));
    if (invitation && method === 'DELETE') {
      const refused = needsStepUp(request);
      if (refused) return refused;
      state.invitations = state.invitations.filter((i) => i.id !== invitation[1]);
      return new Response(null, { status: 204 });
    }
    return json({ message: 'Not found' }, { status: 404 });
  });
  return {
    ...server,
    state,
    calls: (path: string, method: string) =>
      server.seen.filter((r) => r.path === `${base}${path}` && r.method === method),
  };
}

describe('the Team page', () => {
  it('lists members with their accounts, pending invitations and the activity', async () => {
    teamServer();
    renderApp('/settings/team');
    const members = await screen.findByRole('region', { name: 'Members' });
    const pat = within(members).getByText('Pat Planner').closest('tr')!;
    expect(pat).toHaveTextContent('pat@flightplan.test');
    expect(pat).toHaveTextContent('Planner');
    expect(pat).toHaveTextContent('Beta Foods');
    expect(pat).toHaveTextContent('Never');
    expect(within(members).getByText('Dana Demo').closest('tr')).toHaveTextContent('All accounts');
    const invitations = screen.getByRole('region', { name: 'Pending invitations' });
    expect(within(invitations).getByText('ana@client.example').closest('tr')).toHaveTextContent('Client');
    const activity = screen.getByRole('region', { name: 'Activity' });
    expect(activity).toHaveTextContent('Invited ana@client.example as Client');
    expect(activity).toHaveTextContent('Dana Demo');
  });

  it('invites: checks the values as the server will, sends them, says so and reloads', async () => {
    const server = teamServer();
    const user = userEvent.setup();
    renderApp('/settings/team');
    await user.click(await screen.findByRole('button', { name: 'Invite someone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite someone' });
    // Each role says what it may do.
    expect(
      within(dialog).getByText('Reads everything in their accounts, changes nothing.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: /^Client/ }));
    await user.type(within(dialog).getByLabelText('E-mail address'), 'not an address');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(within(dialog).getByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose the accounts this client may see')).toBeInTheDocument();
    expect(server.calls('/invitations', 'POST')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('E-mail address'));
    await user.type(within(dialog).getByLabelText('E-mail address'), 'ana.new@client.example');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Beta Foods' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to ana.new@client.example')).toBeInTheDocument();
    expect(server.calls('/invitations', 'POST').map((r) => r.body)).toEqual([
      { email: 'ana.new@client.example', role: 'client', accountIds: [BETA] },
    ]);
    const invitations = screen.getByRole('region', { name: 'Pending invitations' });
    await waitFor(() => expect(invitations).toHaveTextContent('ana.new@client.example'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the server’s refusal under the field', async () => {
    teamServer({
      answer: (request) =>
        request.method === 'POST' && request.path.endsWith('/invitations')
          ? json(
              {
                message: 'pat@flightplan.test is already a member',
                validationErrors: { email: { message: 'pat@flightplan.test is already a member' } },
              },
              { status: 409 },
            )
          : undefined,
    });
    const user = userEvent.setup();
    renderApp('/settings/team');
    await user.click(await screen.findByRole('button', { name: 'Invite someone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite someone' });
    await user.type(within(dialog).getByLabelText('E-mail address'), 'pat@flightplan.test');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByLabelText('E-mail address')).toHaveAccessibleDescription(
      'pat@flightplan.test is already a member',
    );
  });

  it('changes a member’s role after “Confirm it’s you”, with the verified token', async () => {
    const server = teamServer();
    const user = userEvent.setup();
    renderApp('/settings/team');
    await user.click(await screen.findByRole('button', { name: 'Change Pat Planner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Pat Planner' });
    await user.click(within(dialog).getByRole('radio', { name: /^Analyst/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Saved the changes to pat@flightplan.test')).toBeInTheDocument();
    expect(stepUp).toHaveBeenCalledTimes(1);
    const patches = server.calls('/members/u-pat', 'PATCH');
    expect(patches.map((r) => r.body)).toEqual([
      { role: 'analyst', accountIds: [BETA] },
      { role: 'analyst', accountIds: [BETA] },
    ]);
    expect(patches.map((r) => r.headers.get('x-step-up-token'))).toEqual([null, 'verified-token']);
    const members = screen.getByRole('region', { name: 'Members' });
    await waitFor(() =>
      expect(within(members).getByText('Pat Planner').closest('tr')).toHaveTextContent('Analyst'),
    );
  });

  it('removes a member after asking, and withdraws an invitation', async () => {
    const server = teamServer();
    const user = userEvent.setup();
    renderApp('/settings/team');
    await user.click(await screen.findByRole('button', { name: 'Remove Pat Planner' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove Pat Planner?' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Removed pat@flightplan.test')).toBeInTheDocument();
    expect(server.calls('/members/u-pat', 'DELETE')).toHaveLength(2);
    await waitFor(() => expect(screen.queryByText('Pat Planner')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Withdraw the invitation to ana@client.example' }));
    const withdraw = await screen.findByRole('alertdialog', {
      name: 'Withdraw the invitation to ana@client.example?',
    });
    await user.click(within(withdraw).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Withdrew the invitation to ana@client.example')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('No invitations are waiting.')).toBeInTheDocument());
  });

  it('resends an invitation', async () => {
    const server = teamServer();
    const user = userEvent.setup();
    renderApp('/settings/team');
    await user.click(
      await screen.findByRole('button', { name: 'Resend the invitation to ana@client.example' }),
    );
    expect(await screen.findByText('Sent the invitation to ana@client.example again')).toBeInTheDocument();
    expect(server.calls('/invitations/inv-1/resend', 'POST')).toHaveLength(1);
  });

  it('shows a planner the team with the buttons disabled and why', async () => {
    teamServer({ role: 'planner' });
    renderApp('/settings/team');
    const invite = await screen.findByRole('button', { name: 'Invite someone' });
    expect(invite).toBeDisabled();
    expect(invite).toHaveAccessibleDescription("Planners can't invite or change members");
    await screen.findByRole('region', { name: 'Members' });
    expect(screen.getByRole('button', { name: 'Remove Pat Planner' })).toBeDisabled();
  });

  it('tells an analyst they may not see the team, with nothing to try again', async () => {
    teamServer({
      role: 'analyst',
      answer: (request) =>
        /\/(members|invitations|activity)$/.test(request.path)
          ? json({ message: "Analysts can't see the team", errorCode: 'FORBIDDEN' }, { status: 403 })
          : undefined,
    });
    renderApp('/settings/team');
    expect(await screen.findByText("Analysts can't see the team")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Invite someone' })).toBeDisabled();
    expect(screen.queryByText("Analysts can't invite or change members")).toBeNull();
  });

  it('offers to switch first for another organization’s team', async () => {
    teamServer();
    renderApp('/organizations/00000000-0000-4000-8000-0000000000ff/members');
    const link = await screen.findByRole('link', { name: 'Switch to this organization' });
    expect(link.getAttribute('href')).toMatch(
      /^\/organization\/switch\?id=00000000-0000-4000-8000-0000000000ff&returnUrl=%2Forganizations%2F00000000-0000-4000-8000-0000000000ff%2Fmembers/,
    );
  });

  it('is the organization’s members page too, and in the user menu', async () => {
    teamServer();
    const user = userEvent.setup();
    renderApp(`/organizations/${ORG}/members`);
    expect(await screen.findByRole('region', { name: 'Members' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Account menu for/ }));
    expect(await screen.findByRole('menuitem', { name: 'Team' })).toBeInTheDocument();
  });
});
