import { ROLE_LABELS } from '@contract/policy';
import { INVITATION_ENDED_MESSAGES, wrongAddressMessage } from '@contract/team';
import type { SnapshotFrom } from 'xstate';
import type { InvitationAcceptanceMachine } from './invitationAcceptance.machine';
import type {
  InvitationAcceptanceEvent,
  InvitationField,
  InvitationValues,
} from './invitationAcceptance.types';

export type InvitationAcceptanceSnapshot = SnapshotFrom<InvitationAcceptanceMachine>;

export type InvitationPhase =
  | 'loading'
  | 'loadFailed'
  | 'notFound'
  | 'ended'
  | 'signingUp'
  | 'creatingAccount'
  | 'signingIn'
  | 'authenticating'
  | 'joining'
  | 'wrongAddress'
  | 'signingOut'
  | 'accepting'
  | 'accepted';

export const NOT_FOUND_MESSAGE =
  'This invitation link does not work. Check that it is complete, or ask for a new one.';

export interface InvitationAcceptanceView {
  phase: InvitationPhase;
  /** "Join Acme Media", or the ending's heading. */
  title: string;
  /** "Dana Demo invited you to join Acme Media as a Planner." (pending links only). */
  summary: string | null;
  /** Why the link no longer works, or that it is unknown; null while it does. */
  endedMessage: string | null;
  loadError: string | null;
  /** The invited address, shown fixed in the forms. */
  email: string;
  /** Which form is shown: sign up (new address), sign in (existing), or none. */
  form: 'signUp' | 'signIn' | null;
  values: InvitationValues;
  fieldErrors: Partial<Record<InvitationField, string>>;
  formError: string | null;
  /** The refusal when signed in with another address. */
  wrongAddress: string | null;
  /** Join is offered (signed in with the invited address). */
  canJoin: boolean;
  isBusy: boolean;
  submitLabel: string;
  joinLabel: string;
  // Commands.
  retry: () => void;
  changeField: (field: InvitationField, value: string) => void;
  submit: () => void;
  join: () => void;
  signOut: () => void;
}

export function connectInvitationAcceptance(
  snapshot: InvitationAcceptanceSnapshot,
  send: (event: InvitationAcceptanceEvent) => void,
): InvitationAcceptanceView {
  const phase = snapshot.value as InvitationPhase;
  const { preview, values, fieldErrors, formError, loadError } = snapshot.context;
  const pending = preview?.status === 'pending' ? preview : null;
  const organization = preview?.organizationName ?? '';
  const form =
    phase === 'signingUp' || phase === 'creatingAccount'
      ? 'signUp'
      : phase === 'signingIn' || phase === 'authenticating'
        ? 'signIn'
        : null;
  const isBusy =
    phase === 'creatingAccount' ||
    phase === 'authenticating' ||
    phase === 'accepting' ||
    phase === 'signingOut';
  const endedMessage =
    phase === 'notFound'
      ? NOT_FOUND_MESSAGE
      : phase === 'ended' && preview && preview.status !== 'pending'
        ? INVITATION_ENDED_MESSAGES[preview.status]
        : null;
  return {
    phase,
    title:
      phase === 'notFound'
        ? 'Invitation not found'
        : phase === 'ended'
          ? `Your invitation to ${organization}`
          : phase === 'loading' || phase === 'loadFailed'
            ? 'Your invitation'
            : `Join ${organization}`,
    summary: pending
      ? `${pending.invitedBy} invited you to join ${pending.organizationName} as ${/^[AEIOU]/.test(ROLE_LABELS[pending.role]) ? 'an' : 'a'} ${ROLE_LABELS[pending.role]}.`
      : null,
    endedMessage,
    loadError: phase === 'loadFailed' ? loadError : null,
    email: pending?.email ?? '',
    form,
    values,
    fieldErrors,
    formError,
    wrongAddress:
      phase === 'wrongAddress' || phase === 'signingOut' ? wrongAddressMessage(pending?.email ?? '') : null,
    canJoin: phase === 'joining' || phase === 'accepting' || phase === 'accepted',
    isBusy,
    submitLabel:
      form === 'signUp'
        ? phase === 'creatingAccount'
          ? 'Creating your account…'
          : 'Create account and join'
        : phase === 'authenticating'
          ? 'Signing in…'
          : 'Sign in and join',
    joinLabel: phase === 'accepting' || phase === 'accepted' ? 'Joining…' : `Join ${organization}`,
    retry: () => send({ type: 'retry' }),
    changeField: (field, value) => send({ type: 'field.change', field, value }),
    submit: () => send({ type: 'form.submit' }),
    join: () => send({ type: 'invitation.join' }),
    signOut: () => send({ type: 'session.signOut' }),
  };
}
