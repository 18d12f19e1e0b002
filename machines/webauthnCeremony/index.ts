export {
  connectWebAuthnCeremony,
  WEBAUTHN_TEXTS,
  type WebAuthnCeremonySnapshot,
  type WebAuthnCeremonyView,
  type WebAuthnPhase,
} from './webauthnCeremony.connect';
export { type WebAuthnCeremonyMachine, webauthnCeremonyMachine } from './webauthnCeremony.machine';
export * from './webauthnCeremony.types';
