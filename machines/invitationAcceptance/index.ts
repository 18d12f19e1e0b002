export {
  connectInvitationAcceptance,
  type InvitationAcceptanceSnapshot,
  type InvitationAcceptanceView,
  type InvitationPhase,
  NOT_FOUND_MESSAGE,
} from './invitationAcceptance.connect';
export {
  type InvitationAcceptanceMachine,
  invitationAcceptanceMachine,
  signInRequestOf,
  signUpRequestOf,
} from './invitationAcceptance.machine';
export * from './invitationAcceptance.types';
