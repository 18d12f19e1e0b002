import {
  type CustomerFormRecord,
  connectCustomerForm,
  customerFormMachine,
  describeSaveFailure,
  type SaveCustomerInput,
  validateCustomerName,
} from '@machines/customerForm';
import { NETWORK_ERROR_MESSAGE } from '@machines/shared/errors';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';

const ID = '00000000-0000-4000-8000-0000000000c1';

function start(
  save: (input: SaveCustomerInput) => Promise<unknown> = async () => ({}),
  load: (id: string) => Promise<CustomerFormRecord | null> = async () => ({ name: 'Northwind' }),
) {
  const saveCustomer = vi.fn(save);
  const machine = customerFormMachine.provide({
    actors: {
      loadCustomer: fromPromise(({ input }: { input: { customerId: string } }) => load(input.customerId)),
      saveCustomer: fromPromise(({ input }: { input: SaveCustomerInput }) => saveCustomer(input)),
    },
  });
  const actor = createActor(machine);
  const emitted: unknown[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, saveCustomer, emitted, view: () => connectCustomerForm(actor.getSnapshot(), actor.send) };
}

describe('customer form', () => {
  it('allows an empty name (the spec: a customer’s name may be empty) but not one over 200 characters', () => {
    expect(validateCustomerName('')).toBeNull();
    expect(validateCustomerName('   ')).toBeNull();
    expect(validateCustomerName(` ${'x'.repeat(200)} `)).toBeNull();
    expect(validateCustomerName('x'.repeat(201))).toBe('Use at most 200 characters');
  });

  it('creates with the trimmed name and announces customerCreated', async () => {
    const { actor, saveCustomer, emitted, view } = start();
    expect(view().isOpen).toBe(false);
    actor.send({ type: 'route.enter', customerId: null });
    expect(view()).toMatchObject({ phase: 'editing', title: 'Create customer', name: '', isRename: false });
    actor.send({ type: 'name.change', value: '  Contoso ' });
    actor.send({ type: 'form.submit' });
    expect(view()).toMatchObject({ isSubmitting: true, submitLabel: 'Creating...', isLocked: true });
    await waitFor(actor, (s) => s.matches('succeeded'));
    expect(saveCustomer).toHaveBeenCalledWith({ customerId: null, name: 'Contoso' });
    expect(emitted).toEqual([{ type: 'modal.succeeded', flag: 'customerCreated' }]);
  });

  it('renames: prefilled after the lookup, announces customerRenamed', async () => {
    const { actor, saveCustomer, emitted, view } = start();
    actor.send({ type: 'route.enter', customerId: ID });
    expect(view()).toMatchObject({ phase: 'loading', title: 'Rename customer' });
    await waitFor(actor, (s) => s.matches({ open: 'editing' }));
    expect(view()).toMatchObject({ name: 'Northwind', submitLabel: 'Save' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('succeeded'));
    expect(saveCustomer).toHaveBeenCalledWith({ customerId: ID, name: 'Northwind' });
    expect(emitted).toEqual([{ type: 'modal.succeeded', flag: 'customerRenamed' }]);
    actor.send({ type: 'route.leave' });
    expect(view()).toMatchObject({ isOpen: false, name: '' });
  });

  it('a missing customer is “not found”; Cancel closes in any phase', async () => {
    const { actor, emitted, view } = start(undefined, async () => null);
    actor.send({ type: 'route.enter', customerId: ID });
    await waitFor(actor, (s) => s.matches({ open: 'notFound' }));
    expect(view().phase).toBe('notFound');
    actor.send({ type: 'modal.cancel' });
    expect(view().isOpen).toBe(false);
    expect(emitted).toEqual([{ type: 'modal.close' }]);
  });

  it('puts the server’s refusal under the field, or above the buttons when it names no field', () => {
    expect(
      describeSaveFailure({ status: 400, message: 'x', validationErrors: { name: { message: 'Too long' } } }),
    ).toEqual({ fieldError: 'Too long', formError: null });
    expect(describeSaveFailure({ status: 409, message: 'x', businessError: { message: 'Taken' } })).toEqual({
      fieldError: 'Taken',
      formError: null,
    });
    expect(describeSaveFailure(new TypeError('Failed to fetch'))).toEqual({
      fieldError: null,
      formError: NETWORK_ERROR_MESSAGE,
    });
  });
});
