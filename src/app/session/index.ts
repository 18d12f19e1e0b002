export { type SessionApi, SessionContext, useSession, useSignedInUser } from './SessionContext';
