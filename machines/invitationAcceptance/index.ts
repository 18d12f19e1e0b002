export {
  connectInvitationAcceptance,
  type InvitationAcceptanceSnapshot,
  type InvitationAcceptanceView,
  type InvitationPhase,
  NOT_FOUND_MESSAGE,
} from './invitationAcceptance.connect';
export {
  FIRST_NAME_MESSAGE,
  type InvitationAcceptanceMachine,
  invitationAcceptanceMachine,
  LAST_NAME_MESSAGE,
  signInRequestOf,
  signUpRequestOf,
} from './invitationAcceptance.machine';
export * from './invitationAcceptance.types';
