import type { RevisionDiff } from '@contract/planning/revisionSnapshot';
import type { RevisionSummary } from '@contract/revisions';

/**
 * Types of the comparison page (`revisionCompare`, issue 27): /campaigns/{id}/revisions/{a}/compare/{b},
 * what changed from revision A to revision B, section by section.
 */

export interface RevisionCompareInput {
  campaignId: string;
  /** Revision A (usually the older). */
  from: number;
  /** Revision B. */
  to: number;
}

/** What the page loads: the comparison and the campaign's revisions (for the two selects). */
export interface RevisionComparisonData {
  campaign: { id: string; name: string; currency: string };
  from: RevisionSummary;
  to: RevisionSummary;
  diff: RevisionDiff;
  /** Both revisions' interest names (platform → id → name), so interests read by name. */
  interestNames: Record<string, Record<string, string>>;
  revisions: RevisionSummary[];
}

export interface RevisionCompareContext extends RevisionCompareInput {
  data: RevisionComparisonData | null;
  loadError: string | null;
}

export type RevisionCompareEvent =
  | { type: 'retry' }
  /** One of the two selects changed: compare these two instead. */
  | { type: 'pair.choose'; from: number; to: number };

/** Asks the router to show another pair (the URL holds the pair). */
export type RevisionCompareEmitted = { type: 'navigate'; to: string };
