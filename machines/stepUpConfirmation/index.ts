export {
  challengeOf,
  provideStepUpConfirmation,
  type StepUpConfirmationMachine,
  stepUpConfirmationMachine,
} from './stepUpConfirmation.machine';
export * from './stepUpConfirmation.types';
