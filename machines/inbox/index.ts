export { connectInbox, type InboxSnapshot, type InboxView } from './inbox.connect';
export { type InboxMachine, inboxMachine } from './inbox.machine';
export * from './inbox.types';
