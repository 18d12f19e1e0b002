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
  type EnrolAuthenticatorMachine,
  enrolAuthenticatorMachine,
  PHONE_MESSAGE,
  PHONE_REQUIRED_MESSAGE,
} from './enrolAuthenticator.machine';
export * from './enrolAuthenticator.types';
