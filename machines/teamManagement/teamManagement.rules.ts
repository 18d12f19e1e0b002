import { canAssignRole, ROLES, ROLES_WITH_EVERY_ACCOUNT, type Role } from '@contract/policy';
import {
  CLIENT_NEEDS_ACCOUNTS,
  type InvitationRequest,
  InvitationRequestSchema,
  type MemberUpdate,
} from '@contract/team';
import { isServerFailure, NETWORK_ERROR_MESSAGE } from '../shared/errors';
import { schemaFieldErrors } from '../shared/validation';
import type { MemberFormField, MemberFormValues } from './teamManagement.types';

/** Pure rules of the Team page's dialogs, shared by the machine and its connect(). */

export const MEMBER_FORM_FIELDS: readonly MemberFormField[] = ['email', 'role', 'accountIds'];
export const OWNER_ONLY_MESSAGE = 'Only an owner can make or change owners';

/** Owners and admins always work in every account: their dialogs offer no account choice. */
export const choosesAccounts = (role: Role) => !ROLES_WITH_EVERY_ACCOUNT.includes(role);

/** The accounts as sent: null (every account) for owner and admin, or for the others when none is ticked. */
export function accountsOf(values: MemberFormValues): string[] | null {
  if (!choosesAccounts(values.role)) return null;
  return values.accountIds.length > 0 ? [...values.accountIds] : null;
}

export function invitationRequestOf(values: MemberFormValues): InvitationRequest {
  return { email: values.email.trim(), role: values.role, accountIds: accountsOf(values) };
}

export function memberUpdateOf(values: MemberFormValues): MemberUpdate {
  return { role: values.role, accountIds: accountsOf(values) };
}

/** The roles the signed-in member may hand out (`from`: the member's current role, null for an invitation). */
export function assignableRoles(actor: Role | null, from: Role | null): Role[] {
  if (actor === null) return [];
  return ROLES.filter((role) => role === from || canAssignRole(actor, from, role));
}

/** The invite dialog's messages: the contract's schema, as the server parses the request. */
export function invitationErrors(
  values: MemberFormValues,
  actor: Role | null,
): Partial<Record<MemberFormField, string>> {
  const errors = schemaFieldErrors(InvitationRequestSchema, invitationRequestOf(values), MEMBER_FORM_FIELDS);
  if (!errors.role && actor !== null && !canAssignRole(actor, null, values.role))
    errors.role = OWNER_ONLY_MESSAGE;
  // The schema's check across fields runs only once the fields are valid: say it together with theirs.
  if (!errors.accountIds && values.role === 'client' && values.accountIds.length === 0)
    errors.accountIds = CLIENT_NEEDS_ACCOUNTS;
  return errors;
}

/** The change dialog's messages: a client needs accounts; only an owner makes or unmakes owners. */
export function memberErrors(
  values: MemberFormValues,
  actor: Role | null,
  from: Role | null,
): Partial<Record<MemberFormField, string>> {
  const errors: Partial<Record<MemberFormField, string>> = {};
  if (actor !== null && from !== values.role && !canAssignRole(actor, from, values.role))
    errors.role = OWNER_ONLY_MESSAGE;
  if (values.role === 'client' && values.accountIds.length === 0) errors.accountIds = CLIENT_NEEDS_ACCOUNTS;
  return errors;
}

/**
 * A refusal as the dialog shows it: `validationErrors` under their field (a key such as `accountIds.0`
 * counts for `accountIds`), anything else above the form; no answer at all is the network message.
 */
export function refusalOf(error: unknown): {
  fieldErrors: Partial<Record<MemberFormField, string>>;
  formError: string | null;
} {
  if (!isServerFailure(error)) return { fieldErrors: {}, formError: NETWORK_ERROR_MESSAGE };
  const fieldErrors: Partial<Record<MemberFormField, string>> = {};
  for (const [key, value] of Object.entries(error.validationErrors ?? {})) {
    const field = MEMBER_FORM_FIELDS.find((name) => name === key.split('.')[0]);
    if (field && !fieldErrors[field] && value?.message) fieldErrors[field] = value.message;
  }
  return Object.keys(fieldErrors).length > 0
    ? { fieldErrors, formError: null }
    : { fieldErrors, formError: error.businessError?.message ?? error.message };
}

/** What a failure says in one line (the page's notice, the load error). */
export const failureText = (error: unknown) =>
  isServerFailure(error) ? (error.businessError?.message ?? error.message) : NETWORK_ERROR_MESSAGE;
