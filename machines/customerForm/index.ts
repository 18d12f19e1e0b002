export {
  type CustomerFormPhase,
  type CustomerFormSnapshot,
  type CustomerFormView,
  connectCustomerForm,
} from './customerForm.connect';
export {
  type CustomerFormMachine,
  customerFormMachine,
  describeSaveFailure,
  validateCustomerName,
} from './customerForm.machine';
export * from './customerForm.types';
