export { type SignInSnapshot, type SignInView, connectSignIn } from './signIn.connect';
export { type SignInMachine, signInMachine } from './signIn.machine';
export * from './signIn.types';
