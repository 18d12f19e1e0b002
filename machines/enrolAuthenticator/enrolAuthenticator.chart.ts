import { defineChart } from '../chart';
import { enrolAuthenticatorMachine } from './enrolAuthenticator.machine';

const refusal = (message: string, status = 400) => ({ status, message });

export const enrolAuthenticatorChart = defineChart({
  name: 'enrolAuthenticator',
  title: 'Security settings: add a sign-in method',
  machine: enrolAuthenticatorMachine,
  description: enrolAuthenticatorMachine.root.description ?? '',
  input: {
    email: 'dana@example.com',
    enrolment: { token: 'enrol.token.sample', baseUrl: '/provider/v1', tenantId: 'flightplan-local' },
  },
  abstractContext: (context) => ({
    method: context.method,
    address: context.address === '' ? '' : context.address.startsWith('+') ? 'phone' : 'email',
    addressError: context.addressError !== null,
    app: context.app !== null,
    sentTo: context.sentTo !== null,
    error: context.error !== null,
  }),
  events: [
    { type: 'method.select', method: 'PASSKEY' },
    { type: 'method.select', method: 'SECURITY_KEY' },
    { type: 'method.select', method: 'AUTHENTICATOR_APP' },
    { type: 'method.select', method: 'EMAIL_OTP' },
    { type: 'method.select', method: 'SMS' },
    { type: 'method.choose' },
    { type: 'delivery.select', method: 'EMAIL_MAGIC_LINK' },
    { type: 'delivery.select', method: 'EMAIL_OTP' },
    { type: 'address.change', value: '+14155550123' },
    { type: 'address.change', value: 'not an address' },
    { type: 'address.change', value: 'dana@example.com' },
    { type: 'address.submit' },
    { type: 'address.edit' },
    { type: 'code.change', value: '12' },
    { type: 'code.change', value: '123456' },
    { type: 'code.submit' },
    { type: 'code.resend' },
    { type: 'retry' },
    { type: 'xstate.done.actor.registerCredential' },
    {
      type: 'xstate.error.actor.registerCredential',
      error: { message: 'Authentication was not completed', errorCode: 'CEREMONY_ABORTED' },
    },
    {
      type: 'xstate.done.actor.startApp',
      output: {
        uri: 'otpauth://totp/Flightplan:dana%40example.com?secret=JBSWY3DPEHPK3PXP',
        secret: 'JBSWY3DPEHPK3PXP',
      },
    },
    { type: 'xstate.error.actor.startApp', error: new TypeError('Failed to fetch') },
    { type: 'xstate.done.actor.sendCode', output: { address: 'dana@example.com' } },
    {
      type: 'xstate.error.actor.sendCode',
      error: refusal('Wait 30 seconds before asking for another code.', 429),
    },
    // The first code confirmed in the code view's chart (codeEntry: its output is its token, none here).
    { type: 'xstate.done.actor.codeEntry', output: { token: '' } },
    { type: 'xstate.done.actor.waitForLink' },
    {
      type: 'xstate.error.actor.waitForLink',
      error: refusal('The verification link was not used in time'),
    },
  ],
});
