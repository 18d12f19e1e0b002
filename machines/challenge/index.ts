export {
  CHALLENGE_TEXTS,
  type ChallengeSnapshot,
  type ChallengeView,
  connectChallenge,
  methodPrompt,
  type SwitchLink,
} from './challenge.connect';
export {
  allowedMethods,
  type ChallengeMachine,
  canReturnToChooser,
  challengeMachine,
  initialMethod,
  METHOD_STATES,
} from './challenge.machine';
export * from './challenge.types';
export * from './methods';
