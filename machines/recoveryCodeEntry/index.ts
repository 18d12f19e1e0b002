export {
  connectRecoveryCodeEntry,
  type RecoveryCodeEntrySnapshot,
  type RecoveryCodeEntryView,
} from './recoveryCodeEntry.connect';
export {
  RECOVERY_CODE_REQUIRED_MESSAGE,
  type RecoveryCodeEntryMachine,
  recoveryCodeEntryMachine,
  wrongRecoveryCodeMessage,
} from './recoveryCodeEntry.machine';
export * from './recoveryCodeEntry.types';
