import { connectSignUp, type SignUpField, type SignUpRequest, signUpMachine } from '@machines/signUp';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';

function start(answer: (request: SignUpRequest) => Promise<unknown>) {
  const signUp = vi.fn(answer);
  const machine = signUpMachine.provide({
    actors: { signUp: fromPromise(({ input }: { input: SignUpRequest }) => signUp(input)) },
  });
  const actor = createActor(machine, { input: {} }).start();
  const type = (field: SignUpField, value: string) => actor.send({ type: 'field.change', field, value });
  return { actor, signUp, type, view: () => connectSignUp(actor.getSnapshot(), actor.send) };
}

describe('sign-up form', () => {
  it('asks for an e-mail address and a password; names are optional', () => {
    const { actor, view } = start(() => new Promise(() => {}));
    actor.send({ type: 'form.submit' });
    expect(view().fieldErrors).toEqual({
      email: 'Enter your e-mail address',
      password: 'Enter a password',
      firstName: null,
      lastName: null,
    });
  });

  it('needs at least 8 characters of password', () => {
    const { actor, type, view } = start(() => new Promise(() => {}));
    type('email', 'ada@example.com');
    type('password', '1234567');
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(view().fieldErrors.password).toBe('Use at least 8 characters');
  });

  it('sends trimmed names, empty when left out', () => {
    const { actor, type, signUp, view } = start(() => new Promise(() => {}));
    type('email', 'ada@example.com');
    type('password', '12345678');
    type('firstName', ' Ada ');
    actor.send({ type: 'form.submit' });
    expect(signUp).toHaveBeenCalledWith({
      email: 'ada@example.com',
      password: '12345678',
      firstName: 'Ada',
      lastName: '',
    });
    expect(view()).toMatchObject({ isSubmitting: true, submitLabel: 'Creating account…' });
  });

  it('flags an e-mail address that already has an account next to the field', async () => {
    const message = 'An account with this e-mail address already exists.';
    const { actor, type, view } = start(() =>
      Promise.reject({ status: 409, message, validationErrors: { email: { message } } }),
    );
    type('email', 'ada@example.com');
    type('password', '12345678');
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(view()).toMatchObject({ formError: null, fieldErrors: { email: message } });
    type('email', 'ada2@example.com');
    expect(actor.getSnapshot().value).toBe('editing');
    expect(view().fieldErrors.email).toBeNull();
  });

  it('signs the person in once the account exists', async () => {
    const { actor, type } = start(() => Promise.resolve({ success: true }));
    const navigations: string[] = [];
    actor.on('navigate', (event) => navigations.push(event.to));
    type('email', 'ada@example.com');
    type('password', '12345678');
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(navigations).toEqual(['/']);
  });
});
