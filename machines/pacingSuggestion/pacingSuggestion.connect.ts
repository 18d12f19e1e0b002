import { formatMinor } from '@contract/planning/calendar';
import { displayNameOf } from '@contract/reference';
import type { SnapshotFrom } from 'xstate';
import type { PacingSuggestionMachine } from './pacingSuggestion.machine';
import type { PacingSuggestionEvent } from './pacingSuggestion.types';

export type PacingSuggestionSnapshot = SnapshotFrom<PacingSuggestionMachine>;

/** What the suggestion shows, commands included. */
export interface PacingSuggestionView {
  isShown: boolean;
  title: string;
  text: string;
  acceptLabel: string;
  isApplying: boolean;
  /** Accept is not offered to this member: why. */
  disabledReason: string | null;
  error: string | null;
  accept: () => void;
  dismiss: () => void;
  dismissError: () => void;
}

export function connectPacingSuggestion(
  snapshot: PacingSuggestionSnapshot,
  send: (event: PacingSuggestionEvent) => void,
): PacingSuggestionView {
  const { context } = snapshot;
  const { suggestion, currency } = context;
  const from = displayNameOf(suggestion.fromPlatform);
  const to = displayNameOf(suggestion.toPlatform);
  const amount = formatMinor(suggestion.amountMinor, currency);
  return {
    isShown: snapshot.matches('offered') || snapshot.matches('applying'),
    title: `Move ${amount} from ${from} to ${to}`,
    text:
      `${from} is underpacing: at its recent daily spend it will leave about ${amount} unspent. ${to} ` +
      `delivers its plan. Moving the money makes a change of the live campaign (${from} ` +
      `${formatMinor(suggestion.allocations[suggestion.fromPlatform] ?? 0, currency)}, ${to} ` +
      `${formatMinor(suggestion.allocations[suggestion.toPlatform] ?? 0, currency)}) that you review before it is applied.`,
    acceptLabel: snapshot.matches('applying') ? 'Saving the change…' : `Move ${amount} to ${to}`,
    isApplying: snapshot.matches('applying'),
    disabledReason: context.canApply
      ? null
      : (context.applyRefusal ?? 'Only owners, admins and planners can change plans.'),
    error: context.error,
    accept: () => send({ type: 'suggestion.accept' }),
    dismiss: () => send({ type: 'suggestion.dismiss' }),
    dismissError: () => send({ type: 'error.dismiss' }),
  };
}
