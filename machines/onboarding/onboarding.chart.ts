import { defineChart } from '../chart';
import { onboardingMachine } from './onboarding.machine';

const fill = (field: 'firstName' | 'lastName' | 'organizationName' | 'accountName', value: string) =>
  ({ type: 'field.change', field, value }) as const;

export const onboardingChart = defineChart({
  name: 'onboarding',
  title: 'Onboarding: set up your workspace',
  machine: onboardingMachine,
  description: onboardingMachine.root.description ?? '',
  input: { firstName: 'Ada', lastName: 'Lovelace' },
  events: [
    fill('organizationName', ''),
    fill('organizationName', 'Northwind Media'),
    fill('accountName', 'Acme Shoes'),
    { type: 'form.submit' },
    { type: 'xstate.done.actor.completeOnboarding', output: { success: true } },
    {
      type: 'xstate.error.actor.completeOnboarding',
      error: {
        status: 400,
        message: 'Invalid request',
        validationErrors: { organizationName: { message: 'Use at most 200 characters' } },
      },
    },
    { type: 'xstate.error.actor.completeOnboarding', error: new TypeError('Failed to fetch') },
    {
      type: 'xstate.error.actor.completeOnboarding',
      error: {
        status: 409,
        message: 'You have already finished onboarding.',
        errorCode: 'ALREADY_ONBOARDED',
      },
    },
  ],
});
