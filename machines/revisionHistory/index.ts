export {
  connectRevisionHistory,
  methodInWords,
  REVISION_STATUS_LABELS,
  type RevisionDecision,
  type RevisionHistorySnapshot,
  type RevisionHistoryView,
  type RevisionRow,
  revisionRows,
  type SendDialogApprover,
  type SendDialogView,
} from './revisionHistory.connect';
export {
  CHOOSE_APPROVERS_MESSAGE,
  draftOf,
  namesInWords,
  REVISION_UNCHANGED,
  type RevisionHistoryMachine,
  revisionHistoryMachine,
} from './revisionHistory.machine';
export * from './revisionHistory.types';
