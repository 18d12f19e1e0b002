import { RECOVERY_CODE_COUNT } from '@contract/provider';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { EnrolAuthenticatorMachine } from '../enrolAuthenticator';
import type { RecoveryCodesMachine } from '../recoveryCodes';
import { authenticatorName, METHOD_NAMES, type SecuritySettingsMachine } from './securitySettings.machine';
import type {
  Authenticator,
  SecurityNotice,
  SecuritySettingsEvent,
  VerificationMethod,
} from './securitySettings.types';

export type SecuritySettingsSnapshot = SnapshotFrom<SecuritySettingsMachine>;

/** One row of the list. Dates are ISO strings; the view formats them. */
export interface AuthenticatorItem {
  id: string;
  method: VerificationMethod;
  /** “Passkey”, “Security key”, “Authenticator app”, “E-mail code”, “E-mail link”, “Text message”. */
  methodName: string;
  /** The address or number, “Passkey on this device”, ... */
  detail: string;
  addedAt: string;
  lastUsedAt: string | null;
}

export interface SecuritySettingsView {
  isLoading: boolean;
  loadError: string | null;
  items: AuthenticatorItem[];
  isEmpty: boolean;
  notice: SecurityNotice | null;
  canAdd: boolean;
  /** The add dialog's chart while it is open. */
  enrolment: ActorRefFrom<EnrolAuthenticatorMachine> | null;
  isRefreshing: boolean;
  /**
   * The recovery-code set (issue 11), apart from the list: “Recovery codes: N of 10 left”, or null without
   * one (“Generate recovery codes”).
   */
  recoveryCodes: { id: string; left: number; total: number; summary: string } | null;
  /** “Generate” / “Regenerate” can be used (nothing else is open). */
  canManageCodes: boolean;
  /** “Generate recovery codes” without a set, “Regenerate” with one (the old set then stops working). */
  codesActionLabel: string;
  /** What the section says: the count left, or what codes are for. */
  codesText: string;
  /** The recovery-codes chart while it runs (step-up, then the dialog that shows the codes once). */
  codesFlow: ActorRefFrom<RecoveryCodesMachine> | null;
  /** The removal being confirmed: its name, whether it is on its way, and why it was refused. */
  removal: { name: string; isRemoving: boolean; error: string | null } | null;
  /** “Try again” after a failed load. */
  retry: () => void;
  /** “Add a sign-in method” (after the step-up, the enrolment dialog opens). */
  startAdding: () => void;
  /** Closing the enrolment dialog. */
  cancelAdding: () => void;
  /** A method's “Remove”: asks to confirm first. */
  requestRemoval: (id: string) => void;
  confirmRemoval: () => void;
  cancelRemoval: () => void;
  dismissNotice: () => void;
  /** “Generate recovery codes” / “Regenerate”. */
  startCodes: () => void;
}

/**
 * The detail line of an item. `deviceCredentialIds`: the passkeys created on this browser (from
 * `as_user_passkey_map`), so a passkey can say whether it lives here.
 */
export function authenticatorDetail(authenticator: Authenticator, deviceCredentialIds: ReadonlySet<string>) {
  switch (authenticator.verificationMethod) {
    case 'PASSKEY':
      return authenticator.credentialId && deviceCredentialIds.has(authenticator.credentialId)
        ? 'Passkey on this device'
        : 'Passkey on another device';
    case 'SECURITY_KEY':
      return 'Hardware security key';
    case 'AUTHENTICATOR_APP':
      return 'Codes from an authenticator app';
    default:
      return authenticator.email ?? authenticator.phoneNumber ?? authenticator.label;
  }
}

export function connectSecuritySettings(
  snapshot: SecuritySettingsSnapshot,
  send: (event: SecuritySettingsEvent) => void,
  deviceCredentialIds: ReadonlySet<string> = new Set(),
): SecuritySettingsView {
  const { authenticators, loadError, notice, removal, removeError } = snapshot.context;
  const isReady = snapshot.matches('ready');
  const adding = snapshot.matches({ ready: 'adding' });
  const confirming = snapshot.matches({ ready: 'confirmingRemoval' });
  // Also while the step-up dialog is open over it (stepUpConfirmation): the buttons wait, disabled.
  const removing = snapshot.matches({ ready: 'removing' });
  // Recovery codes are not a method one uses day to day: they have a section of their own below the list.
  const methods = authenticators.filter((a) => a.verificationMethod !== 'RECOVERY_CODE');
  const codes = authenticators.find((a) => a.verificationMethod === 'RECOVERY_CODE');
  const left = codes?.recoveryCodesLeft ?? 0;
  const children = snapshot.children as Record<string, unknown>;
  return {
    retry: () => send({ type: 'retry' }),
    startAdding: () => send({ type: 'add.start' }),
    cancelAdding: () => send({ type: 'add.cancel' }),
    requestRemoval: (id) => send({ type: 'remove.request', id }),
    confirmRemoval: () => send({ type: 'remove.confirm' }),
    cancelRemoval: () => send({ type: 'remove.cancel' }),
    dismissNotice: () => send({ type: 'notice.dismiss' }),
    startCodes: () => send({ type: 'codes.start' }),
    isLoading: snapshot.matches('loading'),
    loadError: snapshot.matches('loadFailed') ? loadError : null,
    items: methods.map((a) => ({
      id: a.userAuthenticatorId,
      method: a.verificationMethod,
      methodName: METHOD_NAMES[a.verificationMethod],
      detail: authenticatorDetail(a, deviceCredentialIds),
      addedAt: a.createdAt,
      lastUsedAt: a.lastVerifiedAt ?? null,
    })),
    isEmpty: isReady && methods.length === 0,
    notice,
    canAdd: snapshot.matches({ ready: 'idle' }),
    enrolment: adding
      ? ((snapshot.children as Record<string, ActorRefFrom<EnrolAuthenticatorMachine> | undefined>)
          .enrolAuthenticator ?? null)
      : null,
    isRefreshing: snapshot.matches({ ready: 'refreshing' }),
    recoveryCodes: codes
      ? {
          id: codes.userAuthenticatorId,
          left,
          total: RECOVERY_CODE_COUNT,
          summary: `Recovery codes: ${left} of ${RECOVERY_CODE_COUNT} left`,
        }
      : null,
    canManageCodes: snapshot.matches({ ready: 'idle' }),
    codesActionLabel: codes ? 'Regenerate' : 'Generate recovery codes',
    codesText: codes
      ? `Recovery codes: ${left} of ${RECOVERY_CODE_COUNT} left`
      : 'Ten single-use codes to confirm it’s you when no other method is at hand. Keep them somewhere safe.',
    codesFlow: snapshot.matches({ ready: 'managingCodes' })
      ? ((children.recoveryCodes as ActorRefFrom<RecoveryCodesMachine> | undefined) ?? null)
      : null,
    removal:
      (confirming || removing) && removal
        ? { name: authenticatorName(removal), isRemoving: removing, error: removeError }
        : null,
  };
}
