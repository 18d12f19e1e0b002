export {
  type CodeEntrySnapshot,
  type CodeEntryView,
  type CodeFieldPhase,
  connectCodeEntry,
  type DeliveryPhase,
} from './codeEntry.connect';
export {
  CODE_REQUIRED_MESSAGE,
  type CodeEntryMachine,
  codeEntryMachine,
  isCompleteCode,
  sanitizeCode,
  wrongCodeMessage,
} from './codeEntry.machine';
export * from './codeEntry.types';
