import {
  connectOnboarding,
  type OnboardingField,
  type OnboardingRequest,
  onboardingMachine,
} from '@machines/onboarding';
import { NETWORK_ERROR_MESSAGE } from '@machines/shared/errors';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';

function start(answer: (request: OnboardingRequest) => Promise<unknown>, input = {}) {
  const completeOnboarding = vi.fn(answer);
  const machine = onboardingMachine.provide({
    actors: {
      completeOnboarding: fromPromise(({ input }: { input: OnboardingRequest }) => completeOnboarding(input)),
    },
  });
  const actor = createActor(machine, { input });
  const ready: string[] = [];
  actor.on('workspace.ready', (event) => ready.push(event.to));
  actor.start();
  const type = (field: OnboardingField, value: string) => actor.send({ type: 'field.change', field, value });
  const fillAll = () => {
    type('firstName', ' Ada ');
    type('lastName', 'Lovelace');
    type('organizationName', ' Northwind Media ');
    type('accountName', 'Acme Shoes');
  };
  return {
    actor,
    completeOnboarding,
    ready,
    type,
    fillAll,
    view: () => connectOnboarding(actor.getSnapshot(), actor.send),
  };
}

const never = () => new Promise<never>(() => {});

describe('onboarding form', () => {
  it('pre-fills the names given at sign-up', () => {
    const { view } = start(never, { firstName: 'Ada', lastName: 'Lovelace' });
    expect(view().values).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      organizationName: '',
      accountName: '',
    });
    expect(view().submitLabel).toBe('Continue');
  });

  it('requires every field, with the server’s words, and sends nothing', () => {
    const { actor, completeOnboarding, view } = start(never);
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(view().fieldErrors).toEqual({
      firstName: 'Enter your first name',
      lastName: 'Enter your last name',
      organizationName: 'Enter a name for your organization',
      accountName: 'Enter a name for your first account',
    });
    expect(view().firstInvalidField).toBe('firstName');
    expect(completeOnboarding).not.toHaveBeenCalled();
  });

  it('treats blank values as missing and checks lengths after trimming', () => {
    const { actor, type, fillAll, view } = start(never);
    fillAll();
    type('lastName', '   ');
    type('firstName', `${'a'.repeat(100)}  `);
    type('organizationName', 'x'.repeat(201));
    actor.send({ type: 'form.submit' });
    expect(view().fieldErrors).toEqual({
      firstName: null,
      lastName: 'Enter your last name',
      organizationName: 'Use at most 200 characters',
      accountName: null,
    });
  });

  it('hides a field’s message when it is edited', () => {
    const { actor, type, view } = start(never);
    actor.send({ type: 'form.submit' });
    type('accountName', 'A');
    expect(view().fieldErrors.accountName).toBeNull();
    expect(view().fieldErrors.organizationName).toBe('Enter a name for your organization');
  });

  it('sends trimmed values and locks the form', () => {
    const { actor, fillAll, completeOnboarding, view } = start(never);
    fillAll();
    actor.send({ type: 'form.submit' });
    expect(completeOnboarding).toHaveBeenCalledWith({
      firstName: 'Ada',
      lastName: 'Lovelace',
      organizationName: 'Northwind Media',
      accountName: 'Acme Shoes',
    });
    expect(view()).toMatchObject({ isSubmitting: true, isLocked: true, submitLabel: 'Setting up…' });
  });

  it('asks for the app to reload at / once the workspace exists', async () => {
    const { actor, fillAll, ready, view } = start(() => Promise.resolve({ success: true }));
    fillAll();
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(ready).toEqual(['/']);
    expect(view()).toMatchObject({ isDone: true, isLocked: true, submitLabel: 'Opening your workspace…' });
  });

  it('carries on into the app when onboarding was already finished elsewhere', async () => {
    const { actor, fillAll, ready } = start(() =>
      Promise.reject({
        status: 409,
        message: 'You have already finished onboarding.',
        errorCode: 'ALREADY_ONBOARDED',
      }),
    );
    fillAll();
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(ready).toEqual(['/']);
  });

  it('shows the server’s field messages under the fields', async () => {
    const { actor, fillAll, view } = start(() =>
      Promise.reject({
        status: 400,
        message: 'Invalid request',
        validationErrors: { organizationName: { message: 'Remove the control characters' } },
      }),
    );
    fillAll();
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(view()).toMatchObject({
      formError: null,
      fieldErrors: { organizationName: 'Remove the control characters' },
      isLocked: false,
    });
  });

  it('says when the server cannot be reached, hides it on edit and retries on submit', async () => {
    const { actor, fillAll, type, completeOnboarding, view } = start(() =>
      Promise.reject(new TypeError('Failed to fetch')),
    );
    fillAll();
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(view().formError).toBe(NETWORK_ERROR_MESSAGE);
    actor.send({ type: 'form.submit' });
    expect(completeOnboarding).toHaveBeenCalledTimes(2);
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    type('accountName', 'Acme');
    expect(actor.getSnapshot().value).toBe('editing');
    expect(view().formError).toBeNull();
  });
});
