export { connectOnboarding, type OnboardingSnapshot, type OnboardingView } from './onboarding.connect';
export { ONBOARDING_RULES, type OnboardingMachine, onboardingMachine } from './onboarding.machine';
export * from './onboarding.types';
