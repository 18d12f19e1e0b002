import type { RevisionSnapshot } from '@contract/planning';
import type { SnapshotFrom } from 'xstate';
import { isAskedToDecide, type SignOffMachine } from './signOff.machine';
import type { RevisionDetail, SignOffEvent } from './signOff.types';

export type SignOffSnapshot = SnapshotFrom<SignOffMachine>;

/** Everything the sign-off page shows, commands included. */
export interface SignOffView {
  isLoading: boolean;
  loadError: string | null;
  review: RevisionDetail | null;
  snapshot: RevisionSnapshot | null;
  /** “Revision 2 · Waiting for your approval”, “Revision 2 · Approved”… */
  headline: string | null;
  /** The decision form is shown (this member is asked, and it is waiting). */
  isAsked: boolean;
  /** The comment box is open. */
  isWritingChanges: boolean;
  isApproving: boolean;
  isSendingChanges: boolean;
  name: string;
  comment: string;
  nameError: string | null;
  commentError: string | null;
  error: string | null;
  notice: string | null;
  changeName: (value: string) => void;
  approve: () => void;
  startChanges: () => void;
  changeComment: (value: string) => void;
  sendChanges: () => void;
  cancelChanges: () => void;
  retry: () => void;
  dismiss: () => void;
}

const STATUS_WORDS = {
  draft: 'Draft (not sent for approval)',
  in_review: 'Waiting for approval',
  approved: 'Approved',
  changes_requested: 'Changes requested',
  superseded: 'Replaced by a later revision',
} as const;

export function connectSignOff(snapshot: SignOffSnapshot, send: (event: SignOffEvent) => void): SignOffView {
  const { context } = snapshot;
  const review = context.review;
  const isAsked = isAskedToDecide(context);
  const status = review?.revision.status;
  return {
    isLoading: snapshot.matches('loading') && review === null,
    loadError: snapshot.matches('loadFailed') ? context.loadError : null,
    review,
    snapshot: (review?.snapshot as RevisionSnapshot | undefined) ?? null,
    headline:
      review && status
        ? `Revision ${review.revision.number} · ${isAsked ? 'Waiting for your approval' : STATUS_WORDS[status]}`
        : null,
    isAsked,
    isWritingChanges: snapshot.matches('writingChanges') || snapshot.matches('sendingChanges'),
    isApproving: snapshot.matches('approving'),
    isSendingChanges: snapshot.matches('sendingChanges'),
    name: context.name,
    comment: context.comment,
    nameError: context.nameError,
    commentError: context.commentError,
    error: context.error,
    notice: context.notice,
    changeName: (value) => send({ type: 'name.change', value }),
    approve: () => send({ type: 'approve' }),
    startChanges: () => send({ type: 'changes.start' }),
    changeComment: (value) => send({ type: 'comment.change', value }),
    sendChanges: () => send({ type: 'changes.send' }),
    cancelChanges: () => send({ type: 'changes.cancel' }),
    retry: () => send({ type: 'retry' }),
    dismiss: () => send({ type: 'notice.dismiss' }),
  };
}
