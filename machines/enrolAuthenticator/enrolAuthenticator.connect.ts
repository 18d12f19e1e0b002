import type { SnapshotFrom } from 'xstate';
import { type CodeEntrySnapshot, connectCodeEntry } from '../codeEntry/codeEntry.connect';
import type { EnrolAuthenticatorMachine } from './enrolAuthenticator.machine';
import {
  ENROL_CHOICES,
  type EnrolAuthenticatorEvent,
  type EnrolChoice,
  type VerificationMethod,
} from './enrolAuthenticator.types';

export type EnrolAuthenticatorSnapshot = SnapshotFrom<EnrolAuthenticatorMachine>;

export type EnrolStep =
  | 'choosing'
  | 'registering'
  | 'registerFailed'
  | 'preparingApp'
  | 'prepareFailed'
  | 'address'
  | 'confirming'
  | 'waitingForLink'
  | 'linkFailed'
  | 'enrolled';

/** The chooser's entries: label and one line on what the method is. */
export const ENROL_CHOICE_COPY: Record<EnrolChoice, { label: string; description: string }> = {
  PASSKEY: {
    label: 'Passkey',
    description: 'Confirm with this device’s fingerprint, face or screen lock.',
  },
  SECURITY_KEY: {
    label: 'Security key',
    description: 'A hardware key you plug in or tap, such as a YubiKey.',
  },
  AUTHENTICATOR_APP: {
    label: 'Authenticator app',
    description: 'Six-digit codes from an app such as Google Authenticator or 1Password.',
  },
  EMAIL_OTP: {
    label: 'E-mail address',
    description: 'A code or a link sent to an address you choose.',
  },
  SMS: {
    label: 'Phone number',
    description: 'A code sent by text message.',
  },
};

/** The dialog's title for each method. */
export const ENROL_TITLES: Record<VerificationMethod, string> = {
  PASSKEY: 'Add a passkey',
  SECURITY_KEY: 'Add a security key',
  AUTHENTICATOR_APP: 'Set up an authenticator app',
  EMAIL_OTP: 'Add an e-mail address',
  EMAIL_MAGIC_LINK: 'Add an e-mail address',
  SMS: 'Add a phone number',
  RECOVERY_CODE: 'Recovery codes',
};

export const CHOOSER_TITLE = 'Add a sign-in method';

/** What the dialog's controls do: each sends its event. */
export interface EnrolAuthenticatorCommands {
  /** A chooser entry. */
  selectMethod: (method: EnrolChoice) => void;
  /** “Choose another method”. */
  chooseAnotherMethod: () => void;
  changeAddress: (value: string) => void;
  /** E-mail: confirm with a code or with a link. */
  selectDelivery: (delivery: 'code' | 'link') => void;
  /** “Send code” / “Send link”. */
  submitAddress: () => void;
  /** “Use a different address/number”. */
  editAddress: () => void;
  changeCode: (value: string) => void;
  /** “Verify”. */
  submitCode: () => void;
  /** “Send a new code/link”. */
  resend: () => void;
  /** “Try again” after a failed ceremony or a failed start. */
  retry: () => void;
}

/** The commands of the dialog, bound to `send`. */
export function enrolAuthenticatorCommands(
  send: (event: EnrolAuthenticatorEvent) => void,
): EnrolAuthenticatorCommands {
  return {
    selectMethod: (method) => send({ type: 'method.select', method }),
    chooseAnotherMethod: () => send({ type: 'method.choose' }),
    changeAddress: (value) => send({ type: 'address.change', value }),
    selectDelivery: (delivery) =>
      send({ type: 'delivery.select', method: delivery === 'link' ? 'EMAIL_MAGIC_LINK' : 'EMAIL_OTP' }),
    submitAddress: () => send({ type: 'address.submit' }),
    editAddress: () => send({ type: 'address.edit' }),
    changeCode: (value) => send({ type: 'code.change', value }),
    submitCode: () => send({ type: 'code.submit' }),
    resend: () => send({ type: 'code.resend' }),
    retry: () => send({ type: 'retry' }),
  };
}

export interface EnrolAuthenticatorView extends EnrolAuthenticatorCommands {
  step: EnrolStep;
  method: VerificationMethod | null;
  title: string;
  choices: { method: EnrolChoice; label: string; description: string }[];
  /** Address step: the field's label, value and message; `isSending` while the provider sends. */
  addressLabel: string;
  address: string;
  addressError: string | null;
  isSending: boolean;
  /** E-mail only: confirmed by a code or by a link. */
  delivery: 'code' | 'link' | null;
  /** What to do with the code or link, e.g. “Enter the code sent to dana@example.com.” */
  prompt: string | null;
  /** Authenticator app: the otpauth:// URI (for the QR code) and the secret to type by hand. */
  app: { uri: string; secret: string } | null;
  code: string;
  codeError: string | null;
  /** The slots shake with a red border. */
  isCodeInvalid: boolean;
  isVerifying: boolean;
  /** “Send a new code/link” is offered (e-mail and phone). */
  canResend: boolean;
  isResending: boolean;
  resendLabel: string;
  /** “Use a different address/number” is offered. */
  canEditAddress: boolean;
  editAddressLabel: string;
  notice: string | null;
  error: string | null;
  /** Something is on its way to the provider or the browser's prompt is open. */
  isBusy: boolean;
}

const STEPS: readonly EnrolStep[] = [
  'choosing',
  'registering',
  'registerFailed',
  'preparingApp',
  'prepareFailed',
  'address',
  'confirming',
  'waitingForLink',
  'linkFailed',
  'enrolled',
];

export function connectEnrolAuthenticator(
  snapshot: EnrolAuthenticatorSnapshot,
  send: (event: EnrolAuthenticatorEvent) => void,
): EnrolAuthenticatorView {
  const { method, address, addressError, sentTo, app, error } = snapshot.context;
  const step = STEPS.find((candidate) => snapshot.matches(candidate)) ?? 'choosing';
  const isPhone = method === 'SMS';
  const isLink = method === 'EMAIL_MAGIC_LINK';
  const contact = method === 'EMAIL_OTP' || method === 'EMAIL_MAGIC_LINK' || method === 'SMS';
  const isSending = snapshot.matches({ address: 'sending' });
  // While confirming, the code field, its messages and the resend are the code view's chart (codeEntry).
  // (A stand-in without states, as the path tests start, shows a fresh field.)
  const codeSnapshot = snapshot.children.codeEntry?.getSnapshot() as CodeEntrySnapshot | undefined;
  const codeView =
    step === 'confirming' && typeof codeSnapshot?.matches === 'function'
      ? connectCodeEntry(codeSnapshot, () => {})
      : null;
  const isVerifying = codeView?.phase === 'loading';
  const isResending = contact && codeView?.delivery === 'sending';
  let prompt: string | null = null;
  if (step === 'confirming') {
    prompt =
      method === 'AUTHENTICATOR_APP'
        ? 'Enter the six-digit code the app shows to finish.'
        : `Enter the code sent to ${sentTo ?? address}.`;
  } else if (step === 'waitingForLink' || step === 'linkFailed') {
    prompt = `A verification link was sent to ${sentTo ?? address}. Click the link to proceed.`;
  }
  return {
    ...enrolAuthenticatorCommands(send),
    step,
    method,
    title: method === null || step === 'choosing' ? CHOOSER_TITLE : ENROL_TITLES[method],
    choices: ENROL_CHOICES.map((choice) => ({ method: choice, ...ENROL_CHOICE_COPY[choice] })),
    addressLabel: isPhone ? 'Phone number' : 'E-mail address',
    address,
    addressError,
    isSending,
    delivery: method === 'EMAIL_OTP' ? 'code' : isLink ? 'link' : null,
    prompt,
    app: method === 'AUTHENTICATOR_APP' ? app : null,
    code: codeView?.code ?? '',
    codeError: codeView?.fieldError ?? null,
    isCodeInvalid: codeView?.isInvalid ?? false,
    isVerifying,
    canResend:
      contact &&
      (step === 'waitingForLink' || step === 'linkFailed' || (step === 'confirming' && !isVerifying)),
    isResending,
    resendLabel: isLink ? 'Send a new link' : 'Send a new code',
    canEditAddress: contact && (step === 'confirming' || step === 'waitingForLink' || step === 'linkFailed'),
    editAddressLabel: isPhone ? 'Use a different number' : 'Use a different address',
    notice: codeView?.notice ?? null,
    // A new code that could not be sent is said above the actions, like the step's other failures.
    error: codeView ? codeView.deliveryError : error,
    isBusy: isSending || isVerifying || isResending || step === 'registering' || step === 'preparingApp',
  };
}
