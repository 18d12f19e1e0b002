export { connectSession, type SessionSnapshot, type SessionView } from './session.connect';
export { type SessionMachine, sessionMachine } from './session.machine';
export * from './session.routes';
export * from './session.types';
