import { defineChart } from '../chart';
import { webauthnCeremonyMachine } from './webauthnCeremony.machine';

export const webauthnCeremonyChart = defineChart({
  name: 'webauthnCeremony',
  title: 'Step-up: passkey and security key',
  machine: webauthnCeremonyMachine,
  description: webauthnCeremonyMachine.root.description ?? '',
  input: { method: 'PASSKEY' },
  events: [
    { type: 'ceremony.start' },
    { type: 'ceremony.retry' },
    { type: 'xstate.done.actor.checkSupport', output: { supported: true, needsClick: false } },
    { type: 'xstate.done.actor.checkSupport', output: { supported: true, needsClick: true } },
    { type: 'xstate.done.actor.checkSupport', output: { supported: false, needsClick: false } },
    { type: 'xstate.error.actor.checkSupport', error: new TypeError('PublicKeyCredential is not defined') },
    { type: 'xstate.done.actor.authenticate', output: { token: 'verified-token' } },
    { type: 'xstate.done.actor.authenticate', output: { error: 'Authentication was not completed' } },
    { type: 'xstate.error.actor.authenticate', error: new TypeError('Failed to fetch') },
  ],
});
