export {
  type CreateRecordSnapshot,
  type CreateRecordView,
  connectCreateRecord,
} from './createRecord.connect';
export {
  type CreateRecordMachine,
  createRecordMachine,
  DEFAULT_NAME_MAX_LENGTH,
  validateName,
} from './createRecord.machine';
export * from './createRecord.types';
