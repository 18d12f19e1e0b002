export {
  connectRecoveryCodes,
  RECOVERY_CODES_FILE_NAME,
  type RecoveryCodesSnapshot,
  type RecoveryCodesView,
  recoveryCodesText,
} from './recoveryCodes.connect';
export { type RecoveryCodesMachine, recoveryCodesMachine } from './recoveryCodes.machine';
export * from './recoveryCodes.types';
