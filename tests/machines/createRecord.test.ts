import {
  type CreatedRecord,
  connectCreateRecord,
  createRecordMachine,
  validateName,
} from '@machines/createRecord';
import { NETWORK_ERROR_MESSAGE } from '@machines/shared/errors';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';

function start(answer: (input: { name: string }) => Promise<CreatedRecord>) {
  const createRecord = vi.fn(answer);
  const machine = createRecordMachine.provide({
    actors: { createRecord: fromPromise(({ input }: { input: { name: string } }) => createRecord(input)) },
  });
  const actor = createActor(machine, { input: { requiredMessage: 'Enter an account name' } });
  const created: CreatedRecord[] = [];
  actor.on('record.created', (event) => created.push(event.record));
  actor.start();
  return { actor, createRecord, created, view: () => connectCreateRecord(actor.getSnapshot(), actor.send) };
}

const record = { id: '00000000-0000-4000-8000-000000000042', name: 'Acme Shoes' };

describe('create record dialog', () => {
  it('validates the trimmed name', () => {
    const context = { requiredMessage: 'Enter a name', maxLength: 5 };
    expect(validateName('  ', context)).toBe('Enter a name');
    expect(validateName(' abcde ', context)).toBeNull();
    expect(validateName('abcdef', context)).toBe('Use at most 5 characters');
  });

  it('asks for a name and sends nothing when it is empty; typing hides the message', () => {
    const { actor, createRecord, view } = start(() => new Promise(() => {}));
    actor.send({ type: 'form.submit' });
    expect(view()).toMatchObject({ fieldError: 'Enter an account name', isSubmitting: false, created: null });
    expect(createRecord).not.toHaveBeenCalled();
    actor.send({ type: 'name.change', value: 'A' });
    expect(view().fieldError).toBeNull();
  });

  it('refuses names over 200 characters', () => {
    const { actor, view } = start(() => new Promise(() => {}));
    actor.send({ type: 'name.change', value: 'x'.repeat(201) });
    actor.send({ type: 'form.submit' });
    expect(view().fieldError).toBe('Use at most 200 characters');
  });

  it('creates the record with the trimmed name, announces it and offers to open it', async () => {
    const { actor, createRecord, created, view } = start(() => Promise.resolve(record));
    actor.send({ type: 'name.change', value: '  Acme Shoes ' });
    actor.send({ type: 'form.submit' });
    expect(view()).toMatchObject({ isSubmitting: true, isLocked: true, submitLabel: 'Creating…' });
    expect(createRecord).toHaveBeenCalledWith({ name: 'Acme Shoes' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(view().created).toEqual(record);
    expect(created).toEqual([record]);
  });

  it('shows the server’s field message under the field, anything else above the form', async () => {
    const first = start(() =>
      Promise.reject({
        status: 400,
        message: 'Invalid',
        validationErrors: { name: { message: 'Enter an account name' } },
      }),
    );
    first.actor.send({ type: 'name.change', value: 'x' });
    first.actor.send({ type: 'form.submit' });
    await waitFor(first.actor, (s) => s.matches('failed'));
    expect(first.view()).toMatchObject({ fieldError: 'Enter an account name', formError: null });

    const second = start(() => Promise.reject(new TypeError('Failed to fetch')));
    second.actor.send({ type: 'name.change', value: 'x' });
    second.actor.send({ type: 'form.submit' });
    await waitFor(second.actor, (s) => s.matches('failed'));
    expect(second.view()).toMatchObject({
      fieldError: null,
      formError: NETWORK_ERROR_MESSAGE,
      isLocked: false,
    });
    second.actor.send({ type: 'form.submit' });
    expect(second.createRecord).toHaveBeenCalledTimes(2);
    await waitFor(second.actor, (s) => s.matches('failed'));
    second.actor.send({ type: 'name.change', value: 'y' });
    expect(second.actor.getSnapshot().value).toBe('editing');
    expect(second.view().formError).toBeNull();
  });
});
