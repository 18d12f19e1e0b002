import { PLAN_VERSION_CONFLICT_MESSAGE } from '@contract/planning';
import type { SnapshotFrom } from 'xstate';
import type { PlanSaveMachine } from './planSave.machine';

export type PlanSaveSnapshot = SnapshotFrom<PlanSaveMachine>;

/** "Saved" / "Saving…" / "Not saved" (and "Unsaved changes" while an edit does not pass the checks). */
export type SaveStatus = 'none' | 'saved' | 'saving' | 'unsaved' | 'notSaved';
export const SAVE_LABELS: Record<SaveStatus, string | null> = {
  none: null,
  saved: 'Saved',
  saving: 'Saving…',
  unsaved: 'Unsaved changes',
  notSaved: 'Not saved',
};

/** What the wizard's page shows of its saving (the wizard's connect adds it to its view model). */
export interface PlanSaveView {
  saveStatus: SaveStatus;
  saveLabel: string | null;
  /** "Try again" next to "Not saved" (the server could not be reached). */
  canRetrySave: boolean;
  /** "This plan was changed elsewhere", with reload / keep mine. */
  conflictMessage: string | null;
  isResolvingConflict: boolean;
  /** Something typed is not saved yet (the wizard's leave guard also counts other steps' drafts). */
  hasUnsavedChanges: boolean;
  /** Why saving or reloading failed. */
  error: string | null;
}

/** A snapshot of the chart (the wizard's `planSave` child), not of another actor in its place. */
const isPlanSave = (snapshot: unknown): snapshot is PlanSaveSnapshot =>
  typeof (snapshot as { matches?: unknown } | undefined)?.matches === 'function' &&
  (snapshot as PlanSaveSnapshot).machine?.id === 'planSave';

/**
 * The save status of a `planSave` snapshot. `saved` says whether there is a saved plan to call "Saved"
 * (a new plan before its first save shows nothing). Without a snapshot (the wizard is not open, or a test
 * runs the wizard without its child) nothing is being saved.
 */
export function connectPlanSave(snapshot: unknown, saved: boolean): PlanSaveView {
  if (!isPlanSave(snapshot)) {
    const saveStatus: SaveStatus = saved ? 'saved' : 'none';
    return {
      saveStatus,
      saveLabel: SAVE_LABELS[saveStatus],
      canRetrySave: false,
      conflictMessage: null,
      isResolvingConflict: false,
      hasUnsavedChanges: false,
      error: null,
    };
  }
  const saveStatus: SaveStatus = snapshot.matches('idle')
    ? saved
      ? 'saved'
      : 'none'
    : snapshot.matches('incomplete')
      ? 'unsaved'
      : snapshot.matches('pending') || snapshot.matches('saving') || snapshot.matches('refreshingVersion')
        ? 'saving'
        : 'notSaved';
  const inConflict = snapshot.matches('conflict') || snapshot.matches('reloading');
  return {
    saveStatus,
    saveLabel: SAVE_LABELS[saveStatus],
    canRetrySave: snapshot.matches('notSaved') && Boolean(snapshot.context.unsaved?.valid),
    conflictMessage: inConflict ? PLAN_VERSION_CONFLICT_MESSAGE : null,
    isResolvingConflict: snapshot.matches('reloading'),
    hasUnsavedChanges: saveStatus !== 'saved' && saveStatus !== 'none',
    error: snapshot.context.error,
  };
}
