export { connectSignIn, type SignInSnapshot, type SignInView } from './signIn.connect';
export { type SignInMachine, signInMachine } from './signIn.machine';
export * from './signIn.types';
