export { connectSignUp, type SignUpSnapshot, type SignUpView } from './signUp.connect';
export { type SignUpMachine, signUpMachine } from './signUp.machine';
export * from './signUp.types';
