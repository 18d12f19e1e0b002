export {
  CHOOSER_TITLE,
  connectEnrolAuthenticator,
  ENROL_CHOICE_COPY,
  ENROL_TITLES,
  type EnrolAuthenticatorSnapshot,
  type EnrolAuthenticatorView,
  type EnrolStep,
} from './enrolAuthenticator.connect';
export {
  addressError,
  codeAnswerOf,
  confirmCodeInput,
  type EnrolAuthenticatorMachine,
  enrolAuthenticatorMachine,
  PHONE_MESSAGE,
  PHONE_REQUIRED_MESSAGE,
  provideConfirmCode,
  type ResendRequest,
} from './enrolAuthenticator.machine';
export * from './enrolAuthenticator.types';
