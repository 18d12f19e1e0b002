import { defineChart } from '../chart';
import { challengeMachine } from './challenge.machine';

const user = { email: 'dana@example.com', phoneNumber: '+15555550123' };

export const challengeChart = defineChart({
  name: 'challenge',
  title: 'Step-up challenge dialog',
  machine: challengeMachine,
  description: challengeMachine.root.description ?? '',
  abstractContext: (context) => ({
    methods: context.methods.length,
    isListGiven: context.isListGiven,
    method: context.method,
  }),
  events: [
    { type: 'challenge.open', options: { token: 'challenge-token', user } },
    {
      type: 'challenge.open',
      options: {
        token: 'challenge-token',
        user,
        verificationMethods: ['EMAIL_OTP'],
        description: 'Delete campaign Spring Launch on Meta and TikTok',
      },
    },
    {
      type: 'challenge.open',
      options: {
        token: 'challenge-token',
        user,
        verificationMethods: ['PASSKEY', 'AUTHENTICATOR_APP'],
        defaultVerificationMethod: 'AUTHENTICATOR_APP',
        description: 'Remove the authenticator app added on 3 Mar 2026',
      },
    },
    { type: 'challenge.open', options: { token: ' ', user } },
    { type: 'method.select', method: 'PASSKEY' },
    { type: 'method.select', method: 'SECURITY_KEY' },
    { type: 'method.select', method: 'AUTHENTICATOR_APP' },
    { type: 'method.select', method: 'EMAIL_OTP' },
    { type: 'method.select', method: 'EMAIL_MAGIC_LINK' },
    { type: 'method.select', method: 'SMS' },
    { type: 'method.select', method: 'RECOVERY_CODE' },
    { type: 'method.choose' },
    { type: 'dialog.close' },
    { type: 'token.expire' },
    { type: 'xstate.done.actor.methodView', output: { token: 'verified-token' } },
    { type: 'xstate.after.tokenLifetime.challenge.open' },
  ],
});
