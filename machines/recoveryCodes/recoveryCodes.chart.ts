import { defineChart } from '../chart';
import { recoveryCodesMachine } from './recoveryCodes.machine';

const enrolment = { token: 'enroll-token', baseUrl: '/provider/v1', tenantId: 'flightplan-local' };
const codes = [
  '4f7k2-9q8xm',
  'h3n8p-2wz6r',
  'b7c2d-k9m4t',
  'x5q1v-8g3js',
  'r2w9e-6n7cy',
  'm8t4a-3k5fp',
  'z6j1h-9d2qb',
  'c3v7n-5w8xe',
  'p9y2g-4r6kt',
  'e1s5m-7h3wz',
];

export const recoveryCodesChart = defineChart({
  name: 'recoveryCodes',
  title: 'Security: recovery codes',
  machine: recoveryCodesMachine,
  description: recoveryCodesMachine.root.description ?? '',
  input: { hasCodes: true },
  abstractContext: (context) => ({
    hasCodes: context.hasCodes,
    enrolment: context.enrolment !== null,
    codes: context.codes.length,
    error: context.error !== null,
    isCopied: context.isCopied,
  }),
  events: [
    { type: 'xstate.done.actor.authorize', output: { status: 'sent', response: enrolment } },
    { type: 'xstate.done.actor.authorize', output: { status: 'cancelled' } },
    { type: 'xstate.done.actor.authorize', output: { status: 'expired' } },
    {
      type: 'xstate.done.actor.authorize',
      output: {
        status: 'refused',
        error: { status: 403, message: 'That confirmation was for something else.' },
      },
    },
    { type: 'xstate.done.actor.generateCodes', output: codes },
    {
      type: 'xstate.error.actor.generateCodes',
      error: { status: 400, message: 'This took longer than 10 minutes, so it has to start again.' },
    },
    { type: 'codes.copied' },
    { type: 'codes.acknowledge' },
    { type: 'retry' },
    { type: 'dialog.close' },
  ],
});
