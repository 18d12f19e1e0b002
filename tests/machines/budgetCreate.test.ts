import { BudgetFormSchema } from '@contract/resources';
import {
  AMOUNT_FORMAT_MESSAGE,
  budgetBody,
  budgetFormMachine,
  connectBudgetForm,
  type NewBudgetBody,
} from '@machines/budgetForm';
import { NETWORK_ERROR_MESSAGE } from '@machines/shared/errors';
import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';

const CUSTOMER_ID = '00000000-0000-4000-8000-0000000000c1';
const NEW_ID = '00000000-0000-4000-8000-0000000000b2';

function start(answer: (body: NewBudgetBody) => Promise<{ id: string }>, input = {}) {
  const createBudget = vi.fn(answer);
  const machine = budgetFormMachine.provide({
    actors: {
      submitBudget: fromPromise(({ input }) => createBudget(input as NewBudgetBody)),
    },
  });
  const actor = createActor(machine, { input: { mode: 'create', ...input } });
  const navigations: string[] = [];
  actor.on('navigate', (event) => navigations.push(event.to));
  actor.start();
  const view = () => connectBudgetForm(actor.getSnapshot(), actor.send);
  return { actor, createBudget, navigations, view };
}

const never = () => new Promise<never>(() => {});

function fillIn(view: () => ReturnType<typeof connectBudgetForm>) {
  view().changeField('name', ' Q3 performance ');
  view().changeField('customerId', CUSTOMER_ID);
  view().changeField('periodStart', '2026-07-01');
  view().changeField('periodEnd', '2026-09-30');
  view().changeField('amount', '40,000.5');
}

describe('budget create form', () => {
  it('starts empty, in euros, with the customer the page was opened for', () => {
    expect(start(never).view().values).toEqual({
      name: '',
      customerId: '',
      periodStart: '',
      periodEnd: '',
      amount: '',
      currency: 'EUR',
    });
    expect(start(never, { customerId: CUSTOMER_ID }).view().values.customerId).toBe(CUSTOMER_ID);
    expect(start(never).view().submitLabel).toBe('Create budget');
  });

  it('checks the edit form’s rules (BudgetFormSchema) and sends nothing when they fail', () => {
    const { actor, createBudget, view } = start(never);
    view().changeField('amount', '12.345');
    view().submit();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(view().fieldErrors).toEqual({
      name: 'Enter a budget name',
      customerId: null,
      periodStart: 'Choose the first day',
      periodEnd: 'Choose the last day',
      amount: AMOUNT_FORMAT_MESSAGE,
      currency: null,
    });
    view().changeField('name', 'Q3');
    view().changeField('periodStart', '2026-07-01');
    view().changeField('periodEnd', '2026-06-30');
    view().changeField('amount', '100');
    view().submit();
    expect(view().fieldErrors.periodEnd).toBe('The period ends after it starts');
    expect(v.safeParse(BudgetFormSchema, budgetBody(view().values).body).success).toBe(false);
    expect(createBudget).not.toHaveBeenCalled();
  });

  it('creates the budget (name trimmed, amount in cents, no customer as null) and opens its page', async () => {
    const { actor, createBudget, navigations, view } = start(async () => ({ id: NEW_ID }));
    fillIn(view);
    view().submit();
    expect(view().isLocked).toBe(true);
    expect(view().submitLabel).toBe('Creating…');
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(createBudget).toHaveBeenCalledWith({
      name: 'Q3 performance',
      customerId: CUSTOMER_ID,
      periodStart: '2026-07-01',
      periodEnd: '2026-09-30',
      amountMinor: 4_000_050,
      currency: 'EUR',
    });
    expect(navigations).toEqual([`/budgets/${NEW_ID}`]);
    expect(budgetBody({ ...view().values, customerId: '' }).body.customerId).toBeNull();
  });

  it('shows the server’s field messages under their fields and retries as it was', async () => {
    let calls = 0;
    const { actor, view } = start(() => {
      calls += 1;
      return calls === 1
        ? Promise.reject({
            status: 400,
            message: 'customerId: That customer does not exist',
            validationErrors: { customerId: { message: 'That customer does not exist' } },
          })
        : Promise.resolve({ id: NEW_ID });
    });
    fillIn(view);
    view().submit();
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(view().fieldErrors.customerId).toBe('That customer does not exist');
    expect(view().formError).toBeNull();
    view().submit();
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(calls).toBe(2);
  });

  it('says so above the form when no answer came, and keeps the values', async () => {
    const { actor, view } = start(() => Promise.reject(new TypeError('Failed to fetch')));
    fillIn(view);
    view().submit();
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(view().formError).toBe(NETWORK_ERROR_MESSAGE);
    expect(view().failure).toBeNull();
    expect(view().values.name).toBe(' Q3 performance ');
    view().changeField('name', 'Q3');
    expect(view().formError).toBeNull();
  });
});
