import type { LoginRequest, SignupRequest } from '@contract/auth';
import type { InvitationPreview } from '@contract/team';

/**
 * Types of the invitation page (`invitationAcceptance`, /auth/invitation/{token}, issue 26): what the link
 * is for, then signing up or in with the invited address, and joining the organization.
 */

export interface InvitationAcceptanceInput {
  token: string;
  /** The signed-in user's address, or null when nobody is signed in. */
  signedInEmail: string | null;
}

export type InvitationField = 'firstName' | 'lastName' | 'password';
export type InvitationValues = Record<InvitationField, string>;

export interface InvitationAcceptanceContext extends InvitationAcceptanceInput {
  preview: InvitationPreview | null;
  values: InvitationValues;
  fieldErrors: Partial<Record<InvitationField, string>>;
  /** A refusal shown above the form or the Join button. */
  formError: string | null;
  loadError: string | null;
}

export type InvitationAcceptanceEvent =
  | { type: 'retry' }
  | { type: 'field.change'; field: InvitationField; value: string }
  | { type: 'form.submit' }
  | { type: 'invitation.join' }
  | { type: 'session.signOut' };

export type { LoginRequest, SignupRequest };

/**
 * `navigate`: the invitation is accepted, the app opens `/` afresh (a full page load: the session chart
 * then sends a member of several accounts to /accounts). `session.changed`: signed out here.
 */
export type InvitationAcceptanceEmitted =
  | { type: 'navigate'; to: string; fullPage: true }
  | { type: 'session.changed' };
