import type { RevisionDetail } from '@contract/revisions';

/**
 * Types of the sign-off page (`signOff`, issue 27): one revision of a plan, read-only, for its approvers —
 * who approve it (typing their full name, then “Confirm it’s you”, bound to the revision's hash) or ask for
 * changes with a comment — and for everyone else who may read it.
 */

export type { RevisionDetail };

export interface SignOffInput {
  campaignId: string;
  number: number;
  /** The signed-in user: an approver when the revision names them. */
  userId: string;
  /** The member's role may sign off plans (`revisions.decide`). */
  canDecide: boolean;
}

export interface SignOffContext extends SignOffInput {
  review: RevisionDetail | null;
  loadError: string | null;
  /** What is typed in “Your full name”. */
  name: string;
  /** What is typed in “What should change?”. */
  comment: string;
  nameError: string | null;
  commentError: string | null;
  /** A refusal naming no field, or no answer. */
  error: string | null;
  /** “You approved revision 2.” / “Sent back to the planner with your comment.” */
  notice: string | null;
}

/** The approval, sent through the step-up confirmation (with its verified token once there is one). */
export interface ApproveRequest {
  kind: 'approve';
  campaignId: string;
  number: number;
  name: string;
}

export interface RequestChangesInput {
  campaignId: string;
  number: number;
  comment: string;
}

export type SignOffEvent =
  | { type: 'retry' }
  | { type: 'name.change'; value: string }
  /** “Approve revision N”. */
  | { type: 'approve' }
  /** “Request changes”: opens the comment. */
  | { type: 'changes.start' }
  | { type: 'comment.change'; value: string }
  | { type: 'changes.send' }
  | { type: 'changes.cancel' }
  | { type: 'notice.dismiss' };
