import { setup } from 'xstate';

/** What moves a plan revision (issue 27). */
export type RevisionEvent =
  /** "Send for approval": the draft is frozen as this revision. */
  | { type: 'revision.submit' }
  /** An approver approved it (typed name, step-up bound to its hash). */
  | { type: 'revision.approve' }
  /** An approver asked for changes, with a comment. */
  | { type: 'revision.requestChanges' }
  /** A later revision was sent for approval, or approved: this one no longer counts. */
  | { type: 'revision.supersede' };

/**
 * A revision of a campaign's plan. The server moves a revision's status only through this chart
 * (server/revisions/store.ts `moveRevision`, inside the transaction that writes it); the database
 * refuses any other move too (migration 0027_revision_guards).
 */
export const revisionLifecycleMachine = setup({
  types: { events: {} as RevisionEvent },
}).createMachine({
  id: 'revisionLifecycle',
  description:
    'A revision of a plan, from the working draft to a frozen snapshot that approvers approve or send back, until a later one takes its place.',
  initial: 'draft',
  states: {
    draft: {
      description:
        'The plan as it is now: every edit goes into it. Sending it for approval freezes it as the next numbered revision.',
      on: { 'revision.submit': 'in_review' },
    },
    in_review: {
      description:
        'Frozen and waiting for the approvers: it can never change. One approves it or asks for changes; a later revision sent for approval replaces it.',
      on: {
        'revision.approve': 'approved',
        'revision.requestChanges': 'changes_requested',
        'revision.supersede': 'superseded',
      },
    },
    approved: {
      description:
        'Signed off: who, when and how they confirmed are kept with it. Launching needs it when the organization asks for sign-off; a later revision approved or sent for approval replaces it.',
      on: { 'revision.supersede': 'superseded' },
    },
    changes_requested: {
      description:
        'Sent back with the approver’s comment; the planner edits the plan, which opens the next revision as a draft.',
      on: { 'revision.supersede': 'superseded' },
    },
    superseded: {
      description: 'Replaced by a later revision: kept as history, never decided again.',
      type: 'final',
    },
  },
});
