import type { SnapshotFrom } from 'xstate';
import { type AdAccountChoiceMachine, CHOICE_GONE_MESSAGE } from './adAccountChoice.machine';
import type { AdAccountChoiceEvent } from './adAccountChoice.types';

export type AdAccountChoiceSnapshot = SnapshotFrom<AdAccountChoiceMachine>;

export interface AdAccountOptionView {
  id: string;
  name: string;
  /** "1112223334 · EUR · via Agency MCC" */
  detail: string;
  isSelected: boolean;
}

/** What the chooser shows, commands included. */
export interface AdAccountChoiceView {
  isOpen: boolean;
  isLoading: boolean;
  title: string;
  text: string;
  options: AdAccountOptionView[];
  fieldError: string | null;
  error: string | null;
  isConnecting: boolean;
  submitLabel: string;
  canSubmit: boolean;
  canRetry: boolean;
  select: (id: string) => void;
  submit: () => void;
  cancel: () => void;
  retry: () => void;
}

export function connectAdAccountChoice(
  snapshot: AdAccountChoiceSnapshot,
  send: (event: AdAccountChoiceEvent) => void,
): AdAccountChoiceView {
  const { context } = snapshot;
  const choice = context.choice;
  const name = choice?.displayName ?? 'platform';
  const gone = snapshot.matches('gone');
  const connecting = snapshot.matches('connecting');
  const count = choice?.adAccounts.length ?? 0;
  return {
    isOpen: !snapshot.matches('connected') && !snapshot.matches('closed'),
    isLoading: snapshot.matches('loading'),
    title: choice ? `Choose the ${name} ad account` : 'Choose the ad account',
    text: gone
      ? CHOICE_GONE_MESSAGE
      : choice
        ? `The login you connected reaches ${count} ad accounts. Choose the one this Flightplan account runs its ${name} campaigns in.`
        : '',
    options: gone
      ? []
      : (choice?.adAccounts ?? []).map((account) => ({
          id: account.id,
          name: account.name,
          detail: [account.id, account.currency, account.manager ? `via ${account.manager.name}` : null]
            .filter(Boolean)
            .join(' · '),
          isSelected: account.id === context.selectedId,
        })),
    fieldError: context.fieldError,
    error: gone ? null : context.error,
    isConnecting: connecting,
    submitLabel: connecting ? 'Connecting…' : 'Connect this ad account',
    canSubmit: snapshot.matches('choosing'),
    canRetry: snapshot.matches('loadFailed'),
    select: (id) => send({ type: 'account.select', id }),
    submit: () => send({ type: 'choice.submit' }),
    cancel: () => send({ type: 'choice.cancel' }),
    retry: () => send({ type: 'retry' }),
  };
}
