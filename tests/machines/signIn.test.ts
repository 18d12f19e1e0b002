import { NETWORK_ERROR_MESSAGE } from '@machines/shared/errors';
import { connectSignIn, type SignInCredentials, type SignInInput, signInMachine } from '@machines/signIn';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';

/** An actor whose `signIn` call is answered by `answer`. */
function start(answer: (credentials: SignInCredentials) => Promise<unknown>, input?: SignInInput) {
  const signIn = vi.fn(answer);
  const machine = signInMachine.provide({
    actors: { signIn: fromPromise(({ input }: { input: SignInCredentials }) => signIn(input)) },
  });
  const actor = createActor(machine, { input });
  const navigations: string[] = [];
  actor.on('navigate', (event) => navigations.push(event.to));
  actor.start();
  const type = (field: 'email' | 'password', value: string) =>
    actor.send({ type: 'field.change', field, value });
  const view = () => connectSignIn(actor.getSnapshot(), actor.send);
  return { actor, signIn, navigations, type, view };
}

const never = () => new Promise<never>(() => {});
const refuse = (error: unknown) => () => Promise.reject(error);

describe('sign-in form validation', () => {
  it('starts empty and editable', () => {
    const { actor, view } = start(never);
    expect(actor.getSnapshot().value).toBe('editing');
    // The view's commands (changeField, submit) are checked by the path oracle; here, what it shows.
    const { changeField: _changeField, submit: _submit, startSingleSignOn: _sso, ...shown } = view();
    expect(shown).toEqual({
      values: { email: '', password: '' },
      fieldErrors: { email: null, password: null },
      formError: null,
      isSubmitting: false,
      isLocked: false,
      isThrottled: false,
      isSignedIn: false,
      submitLabel: 'Sign in',
      isFederating: false,
      ssoLabel: 'Sign in with single sign-on',
    });
  });

  it('pre-fills the e-mail address from the input', () => {
    const { view } = start(never, { email: 'ada@example.com' });
    expect(view().values.email).toBe('ada@example.com');
  });

  it('asks for both fields when submitted empty, and sends nothing', () => {
    const { actor, signIn, view } = start(never);
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(view().fieldErrors).toEqual({
      email: 'Enter your e-mail address',
      password: 'Enter your password',
    });
    expect(signIn).not.toHaveBeenCalled();
  });

  it('treats a blank e-mail address as missing', () => {
    const { actor, type, view } = start(never);
    type('email', '   ');
    actor.send({ type: 'form.submit' });
    expect(view().fieldErrors.email).toBe('Enter your e-mail address');
  });

  it('rejects a malformed e-mail address', () => {
    const { actor, type, view } = start(never);
    type('email', 'ada@example');
    type('password', 'secret');
    actor.send({ type: 'form.submit' });
    expect(view().fieldErrors).toEqual({ email: 'Enter a valid e-mail address', password: null });
  });

  it('hides a field’s message when that field is edited, and only that one', () => {
    const { actor, type, view } = start(never);
    actor.send({ type: 'form.submit' });
    type('email', 'a');
    expect(view().fieldErrors).toEqual({ email: null, password: 'Enter your password' });
  });

  it('does not validate while typing', () => {
    const { type, view } = start(never);
    type('email', 'not an address');
    expect(view().fieldErrors.email).toBeNull();
  });
});

describe('sign-in submission', () => {
  it('sends the trimmed e-mail address and the password as typed, and locks the form', () => {
    const { actor, type, signIn, view } = start(never);
    type('email', '  ada@example.com ');
    type('password', ' secret ');
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(signIn).toHaveBeenCalledWith({ email: 'ada@example.com', password: ' secret ' });
    expect(view()).toMatchObject({ isSubmitting: true, isLocked: true, submitLabel: 'Signing in…' });
  });

  it('ignores typing and submitting while the server answers', () => {
    const { actor, type, signIn } = start(never);
    type('email', 'ada@example.com');
    type('password', 'secret');
    actor.send({ type: 'form.submit' });
    type('email', 'other@example.com');
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.values.email).toBe('ada@example.com');
    expect(signIn).toHaveBeenCalledTimes(1);
  });

  it('signs in, asks to navigate to the return URL and ends', async () => {
    const { actor, type, navigations } = start(() => Promise.resolve({ success: true }), {
      returnUrl: '/campaigns',
    });
    type('email', 'ada@example.com');
    type('password', 'secret');
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(actor.getSnapshot().value).toBe('succeeded');
    expect(actor.getSnapshot().output).toEqual({ returnUrl: '/campaigns' });
    expect(navigations).toEqual(['/campaigns']);
    expect(connectSignIn(actor.getSnapshot(), actor.send)).toMatchObject({
      isSignedIn: true,
      isLocked: true,
    });
  });

  it('navigates home by default', async () => {
    const { actor, type, navigations } = start(() => Promise.resolve({ success: true }));
    type('email', 'ada@example.com');
    type('password', 'secret');
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(navigations).toEqual(['/']);
  });
});

describe('sign-in failures', () => {
  async function failWith(error: unknown) {
    const started = start(refuse(error));
    started.type('email', 'ada@example.com');
    started.type('password', 'secret');
    started.actor.send({ type: 'form.submit' });
    await waitFor(started.actor, (snapshot) => snapshot.matches('failed'));
    return started;
  }

  it('shows the server’s message for wrong credentials', async () => {
    const { view } = await failWith({
      status: 401,
      message: 'The e-mail address or password is not correct.',
    });
    expect(view()).toMatchObject({
      formError: 'The e-mail address or password is not correct.',
      isThrottled: false,
      isSubmitting: false,
      isLocked: false,
      submitLabel: 'Sign in',
    });
  });

  it('shows the server’s message and flags throttling for too many attempts', async () => {
    const message = 'Too many failed sign-in attempts. Try again in 5 minutes.';
    const { view } = await failWith({ status: 429, message, errorCode: 'THROTTLED' });
    expect(view()).toMatchObject({ formError: message, isThrottled: true });
  });

  it('shows the message of a refusal without a status', async () => {
    const { view } = await failWith({ message: 'Sign in to continue' });
    expect(view().formError).toBe('Sign in to continue');
  });

  it.each([
    ['a fetch TypeError', new TypeError('Failed to fetch')],
    ['a plain Error', new Error('socket hang up')],
    ['nothing at all', undefined],
    ['a string', 'offline'],
    ['an object without a message', { status: 503 }],
  ])('says the server could not be reached for %s', async (_label, error) => {
    const { view } = await failWith(error);
    expect(view().formError).toBe(NETWORK_ERROR_MESSAGE);
    expect(view().formError).toBe('Could not reach the server. Check your connection and try again.');
  });

  it('hides the message and returns to editing when a field is edited', async () => {
    const { actor, type, view } = await failWith({ status: 401, message: 'Wrong.' });
    type('password', 'secret2');
    expect(actor.getSnapshot().value).toBe('editing');
    expect(view()).toMatchObject({ formError: null, isThrottled: false, values: { password: 'secret2' } });
  });

  it('retries with the same credentials when submitted again, hiding the message meanwhile', async () => {
    const { actor, signIn, view } = await failWith({ status: 401, message: 'Wrong.' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(view().formError).toBeNull();
    expect(signIn).toHaveBeenCalledTimes(2);
    expect(signIn).toHaveBeenLastCalledWith({ email: 'ada@example.com', password: 'secret' });
  });

  it('uses field messages from the server when it names fields', async () => {
    const { view } = await failWith({
      status: 400,
      message: 'Invalid request',
      validationErrors: { email: { message: 'That e-mail address is too long' } },
    });
    expect(view()).toMatchObject({
      formError: null,
      fieldErrors: { email: 'That e-mail address is too long' },
    });
  });
});

describe('sign-in machine without implementations', () => {
  it('fails loudly when src/ forgot to provide the signIn actor', async () => {
    const actor = createActor(signInMachine, { input: {} }).start();
    actor.send({ type: 'field.change', field: 'email', value: 'ada@example.com' });
    actor.send({ type: 'field.change', field: 'password', value: 'secret' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    // A bare Error is not a server answer, so the person sees the network message.
    expect(actor.getSnapshot().context.formError).toBe(NETWORK_ERROR_MESSAGE);
  });
});
