export {
  connectTrialGate,
  type TrialBanner,
  type TrialGateSnapshot,
  type TrialGateView,
} from './trialGate.connect';
export { type TrialGateMachine, trialGateMachine } from './trialGate.machine';
export * from './trialGate.rules';
export * from './trialGate.types';
