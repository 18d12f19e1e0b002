export {
  connectModalAction,
  type ModalActionPhase,
  type ModalActionSnapshot,
  type ModalActionView,
} from './modalAction.connect';
export {
  describeRefusal,
  type ModalActionMachine,
  modalActionMachine,
} from './modalAction.machine';
export * from './modalAction.types';
