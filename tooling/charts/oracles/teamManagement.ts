/**
 * What each state of the Team page promises (issue 26): the lists as the page shows them, the invite and
 * change dialogs' rules and messages (written out from the spec, not imported), the request each state
 * sends (the invoked actor's input), the step-up endings, and the notice after each action.
 */
import { connectTeamManagement } from '@machines/teamManagement/teamManagement.connect';
import { teamManagementMachine } from '@machines/teamManagement/teamManagement.machine';
import { defineOracle, expectEqual, expectFields, expectThat, isFunction, type OracleStep } from '../oracle';
import { emailMessage, formMessage } from './shared';

type Step = OracleStep<typeof teamManagementMachine>;
const view = (step: Step) => connectTeamManagement(step.snapshot, () => undefined);
const inputOf = (step: Step, id: string) =>
  (step.snapshot.children[id] as { options?: { input?: unknown } } | undefined)?.options?.input;

const ORG = '00000000-0000-4000-8000-0000000000f1';
const EXPIRED = 'The confirmation took too long and expired. Try again.';
const CLIENT_NEEDS_ACCOUNTS = 'Choose the accounts this client may see';
/** Spec: owners and admins work in every account; the others in those ticked (none: every one). */
const everyAccount = (role: string) => role === 'owner' || role === 'admin';
const accountsSent = (role: string, ticked: string[]) =>
  everyAccount(role) || ticked.length === 0 ? null : ticked;
/** Spec: the roles, with what each is for, as the picker lists them (an owner may hand out every one). */
const ROLE_OPTIONS = [
  ['owner', 'Owner', 'Everything, including billing, branding, members and single sign-on.'],
  ['admin', 'Admin', 'Everything but billing and ownership.'],
  ['planner', 'Planner', 'Customers, budgets and plans; launches and changes campaigns; connects platforms.'],
  ['analyst', 'Analyst', 'Reads everything in their accounts, changes nothing.'],
  [
    'client',
    'Client',
    'Their accounts only: dashboard, campaigns and plans to read, bookings, budgets, reports and exports.',
  ],
].map(([value, label, description]) => ({ value, label, description }));

/** Spec: the messages the invite dialog shows for its values. */
function inviteMessages(form: { email: string; role: string; accountIds: string[] }) {
  const errors: Record<string, string> = {};
  const email = emailMessage(form.email);
  if (email) errors.email = email;
  if (form.role === 'client' && form.accountIds.length === 0) errors.accountIds = CLIENT_NEEDS_ACCOUNTS;
  return errors;
}

/** The page itself: the sample team as rows. */
function checkLists(step: Step) {
  const page = view(step);
  if (step.context.team === null) return;
  expectEqual(
    page.members.map((row) => [row.name, row.email, row.role, row.accounts]),
    [
      ['Dana Demo', 'demo@flightplan.test', 'Owner', 'All accounts'],
      ['Pat Planner', 'pat@flightplan.test', 'Planner', 'Acme Retail'],
    ],
    'members',
  );
  expectEqual(
    page.invitations.map((row) => [row.email, row.role]),
    [['ana@client.example', 'Client']],
    'invitations',
  );
  expectEqual(
    page.activity.map((row) => row.actor),
    ['Dana Demo'],
    'activity',
  );
  expectFields(page, { canManage: true, disabledReason: null, openInvite: isFunction, submit: isFunction });
}

function checkDialog(step: Step, kind: 'invite' | 'change', busy: boolean) {
  const page = view(step);
  const { form } = step.context;
  expectThat(page.dialog !== null, 'the dialog is open');
  expectEqual(page.confirm, null, 'no confirmation');
  expectFields(page.dialog!, {
    kind,
    isBusy: busy,
    values: form,
    // The sample's signed-in member is an owner: every role may be handed out.
    roles: ROLE_OPTIONS,
    accounts: everyAccount(form.role)
      ? []
      : [
          {
            id: '00000000-0000-4000-8000-0000000000a1',
            name: 'Acme Retail',
            checked: form.accountIds.length > 0,
          },
        ],
  });
}

const riskyEnding = (step: Step) => step.event.output as { status: string; error?: unknown } | undefined;

function checkBackFromStepUp(step: Step) {
  const ending = riskyEnding(step);
  if (!ending) return;
  const expected =
    ending.status === 'expired' ? EXPIRED : ending.status === 'refused' ? formMessage(ending.error) : null;
  expectEqual(step.context.formError, expected, 'the refusal in the dialog');
}

const NOTICE_AFTER: Record<string, string> = {
  'xstate.done.actor.sendInvitation': 'Invitation sent to ana@client.example',
  'xstate.done.actor.saveMember': 'Saved the changes to pat@flightplan.test',
  'xstate.done.actor.removeMember': 'Removed pat@flightplan.test',
  'xstate.done.actor.resendInvitation': 'Sent the invitation to ana@client.example again',
  'xstate.done.actor.revokeInvitation': 'Withdrew the invitation to ana@client.example',
};

export const teamManagementOracle = defineOracle(teamManagementMachine, {
  always: (step) => {
    expectEqual(step.emitted, [], 'emitted');
    checkLists(step);
  },
  events: {
    'field.email': ({ context, event, previous }) =>
      expectEqual(context.form, { ...previous!.context.form, email: event.value }, 'the typed address'),
    'field.role': ({ context, event, previous }) =>
      expectEqual(context.form, { ...previous!.context.form, role: event.role }, 'the chosen role'),
  },
  states: {
    loading: (step) => {
      expectEqual(inputOf(step, 'loadTeam'), { organizationId: ORG }, 'request');
      expectFields(view(step), {
        isLoading: true,
        members: [],
        dialog: null,
        confirm: null,
        loadError: null,
      });
    },
    loadFailed: (step) =>
      expectFields(view(step), {
        phase: 'loadFailed',
        loadError: formMessage(step.event.error),
        dialog: null,
      }),
    ready: (step) => {
      const page = view(step);
      expectFields(page, { phase: 'ready', dialog: null, confirm: null, busyId: null, loadError: null });
      if (step.event.type === 'xstate.done.actor.reloadTeam') {
        const before = step.previous!.context.notice;
        expectEqual(page.notice, before, 'the notice stays while the lists reload');
      } else if (step.event.type === 'xstate.error.actor.resendInvitation')
        expectEqual(page.notice, { tone: 'error', text: formMessage(step.event.error) }, 'notice');
      else expectEqual(page.notice, null, 'notice');
    },
    inviting: (step) => {
      checkDialog(step, 'invite', false);
      expectFields(view(step).dialog!, { title: 'Invite someone', submitLabel: 'Send invitation' });
      if (step.event.type === 'invite.open')
        expectEqual(step.context.form, { email: '', role: 'planner', accountIds: [] }, 'an empty form');
      if (step.event.type === 'form.submit')
        expectEqual(step.context.fieldErrors, inviteMessages(step.context.form), 'the messages');
      if (step.event.type === 'xstate.error.actor.sendInvitation') {
        const error = step.event.error as { validationErrors?: Record<string, { message: string }> };
        if (error.validationErrors)
          expectEqual(
            view(step).dialog!.fieldErrors,
            { email: error.validationErrors.email!.message },
            'inline',
          );
        else expectEqual(view(step).dialog!.formError, formMessage(step.event.error), 'above the form');
      }
    },
    sendingInvitation: (step) => {
      checkDialog(step, 'invite', true);
      const { form } = step.context;
      expectEqual(inviteMessages(form), {}, 'only a valid invitation is sent');
      expectEqual(
        inputOf(step, 'sendInvitation'),
        {
          organizationId: ORG,
          request: {
            email: form.email.trim(),
            role: form.role,
            accountIds: accountsSent(form.role, form.accountIds),
          },
        },
        'request',
      );
    },
    editingMember: (step) => {
      checkDialog(step, 'change', false);
      expectFields(view(step).dialog!, { title: 'Change Pat Planner', submitLabel: 'Save changes' });
      if (step.event.type === 'member.edit')
        expectEqual(
          step.context.form,
          {
            email: 'pat@flightplan.test',
            role: 'planner',
            accountIds: ['00000000-0000-4000-8000-0000000000a1'],
          },
          'the member as they are',
        );
      if (step.event.type === 'form.submit')
        expectEqual(
          step.context.fieldErrors,
          step.context.form.role === 'client' && step.context.form.accountIds.length === 0
            ? { accountIds: CLIENT_NEEDS_ACCOUNTS }
            : {},
          'the messages',
        );
      checkBackFromStepUp(step);
    },
    savingMember: (step) => {
      checkDialog(step, 'change', true);
      const { form } = step.context;
      expectEqual(
        inputOf(step, 'saveMember'),
        {
          request: {
            kind: 'changeMember',
            organizationId: ORG,
            userId: 'u-planner',
            update: { role: form.role, accountIds: accountsSent(form.role, form.accountIds) },
          },
        },
        'request through the step-up',
      );
    },
    confirmingRemoval: (step) => {
      expectFields(view(step).confirm!, {
        kind: 'remove',
        title: 'Remove Pat Planner?',
        confirmLabel: 'Remove',
        isBusy: false,
      });
      expectEqual(view(step).dialog, null, 'no form');
      checkBackFromStepUp(step);
    },
    removingMember: (step) => {
      expectFields(view(step).confirm!, { kind: 'remove', confirmLabel: 'Removing…', isBusy: true });
      expectEqual(
        inputOf(step, 'removeMember'),
        { request: { kind: 'removeMember', organizationId: ORG, userId: 'u-planner' } },
        'request through the step-up',
      );
    },
    resending: (step) => {
      expectEqual(inputOf(step, 'resendInvitation'), { organizationId: ORG, id: 'inv-1' }, 'request');
      expectFields(view(step), { busyId: 'inv-1', dialog: null, confirm: null, notice: null });
    },
    confirmingWithdrawal: (step) => {
      expectFields(view(step).confirm!, {
        kind: 'withdraw',
        title: 'Withdraw the invitation to ana@client.example?',
        confirmLabel: 'Withdraw',
        isBusy: false,
      });
      checkBackFromStepUp(step);
    },
    withdrawingInvitation: (step) => {
      expectFields(view(step).confirm!, { kind: 'withdraw', confirmLabel: 'Withdrawing…', isBusy: true });
      expectEqual(
        inputOf(step, 'revokeInvitation'),
        { request: { kind: 'revokeInvitation', organizationId: ORG, id: 'inv-1' } },
        'request through the step-up',
      );
    },
    reloading: (step) => {
      expectEqual(inputOf(step, 'reloadTeam'), { organizationId: ORG }, 'reloads');
      expectEqual(view(step).notice, { tone: 'success', text: NOTICE_AFTER[step.event.type] }, 'notice');
      expectFields(view(step), { dialog: null, confirm: null });
    },
  },
});
