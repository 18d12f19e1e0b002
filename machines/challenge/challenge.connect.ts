import type { SnapshotFrom } from 'xstate';
import type { ChallengeMachine } from './challenge.machine';
import { canReturnToChooser } from './challenge.machine';
import type { ChallengeEvent } from './challenge.types';
import { METHOD_LABELS, type VerificationMethod } from './methods';

export type ChallengeSnapshot = SnapshotFrom<ChallengeMachine>;

/** Spec section 2: the dialog's texts. */
export const CHALLENGE_TEXTS = {
  title: "Confirm it's you",
  chooser: 'Select an authentication method',
  otherMethod: 'Use another authentication method',
} as const;

/** The line above a code field or the magic-link view, with the user's address filled in. */
export function methodPrompt(
  method: VerificationMethod,
  user: { email?: string | null; phoneNumber?: string | null },
) {
  switch (method) {
    case 'AUTHENTICATOR_APP':
      return 'Enter the code from your authenticator app to proceed.';
    case 'EMAIL_OTP':
      return `Enter the code sent to ${user.email ?? 'your email address'} to proceed.`;
    case 'SMS':
      return `Enter the code sent to ${user.phoneNumber ?? 'your phone'} to proceed.`;
    case 'RECOVERY_CODE':
      return 'Enter one of your recovery codes to proceed. Each code works once.';
    case 'EMAIL_MAGIC_LINK':
      return `A verification link was sent to ${user.email ?? 'your email address'}. Click the link to proceed.`;
    default:
      return null;
  }
}

/** The link under a method view: back to the chooser, straight to the other method, or nothing. */
export type SwitchLink = {
  label: string;
  event: { type: 'method.choose' } | { type: 'method.select'; method: VerificationMethod };
};

export interface ChallengeView {
  isOpen: boolean;
  /**
   * What the person confirms, from the challenge options ("Delete campaign Spring Launch on Meta and
   * TikTok"): a line under the title, in addition to the spec's texts; null when the options carry none.
   */
  description: string | null;
  /** The chooser, or the open method. */
  view: 'chooser' | VerificationMethod | null;
  choices: { method: VerificationMethod; label: string }[];
  prompt: string | null;
  switchLink: SwitchLink | null;
  /** A chooser entry. */
  selectMethod: (method: VerificationMethod) => void;
  /** The link under a method view (back to the chooser, or the other method); nothing without one. */
  followSwitchLink: () => void;
  /** Close button, Escape, the backdrop or a swipe down: cancels. */
  close: () => void;
}

export function connectChallenge(
  snapshot: ChallengeSnapshot,
  send: (event: ChallengeEvent) => void,
): ChallengeView {
  const { methods, method, options } = snapshot.context;
  const isOpen = snapshot.matches('open');
  const view = !isOpen ? null : method && !snapshot.matches({ open: 'choosing' }) ? method : 'chooser';
  let switchLink: SwitchLink | null = null;
  if (view && view !== 'chooser') {
    if (canReturnToChooser(snapshot.context)) {
      switchLink = { label: CHALLENGE_TEXTS.otherMethod, event: { type: 'method.choose' } };
    } else if (methods.length === 2) {
      const other = methods.find((candidate) => candidate !== view);
      if (other)
        switchLink = {
          label: `Use ${METHOD_LABELS[other]} instead`,
          event: { type: 'method.select', method: other },
        };
    }
  }
  const description = isOpen ? options?.description?.trim() || null : null;
  return {
    isOpen,
    description,
    view,
    choices: methods.map((candidate) => ({ method: candidate, label: METHOD_LABELS[candidate] })),
    prompt: view && view !== 'chooser' && options ? methodPrompt(view, options.user) : null,
    switchLink,
    selectMethod: (method) => send({ type: 'method.select', method }),
    followSwitchLink: () => {
      if (switchLink) send(switchLink.event);
    },
    close: () => send({ type: 'dialog.close' }),
  };
}
