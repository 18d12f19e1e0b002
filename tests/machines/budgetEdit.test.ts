import { BudgetFormSchema, BudgetUpdateSchema } from '@contract/resources';
import {
  AMOUNT_FORMAT_MESSAGE,
  budgetBody,
  budgetFormMachine,
  connectBudgetForm,
  type SaveBudgetInput,
} from '@machines/budgetForm';
import { NETWORK_ERROR_MESSAGE } from '@machines/shared/errors';
import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';

const BUDGET = {
  id: '00000000-0000-4000-8000-0000000000b1',
  name: 'Q1 brand',
  periodStart: '2026-01-01',
  periodEnd: '2026-03-31',
  amountMinor: 1_250_000,
  currency: 'EUR',
};

function start(answer: (input: SaveBudgetInput) => Promise<unknown>) {
  const saveBudget = vi.fn(answer);
  const machine = budgetFormMachine.provide({
    actors: { submitBudget: fromPromise(({ input }) => saveBudget(input as SaveBudgetInput)) },
  });
  const actor = createActor(machine, { input: { mode: 'edit', budget: BUDGET } });
  const navigations: string[] = [];
  actor.on('navigate', (event) => navigations.push(event.to));
  actor.start();
  const view = () => connectBudgetForm(actor.getSnapshot(), actor.send);
  return { actor, saveBudget, navigations, view };
}

const never = () => new Promise<never>(() => {});

describe('budget edit form', () => {
  it('starts from the budget as loaded, the amount written with two decimals', () => {
    const { view } = start(never);
    expect(view().values).toEqual({
      name: 'Q1 brand',
      customerId: '',
      periodStart: '2026-01-01',
      periodEnd: '2026-03-31',
      amount: '12500.00',
      currency: 'EUR',
    });
    expect(view().submitLabel).toBe('Save budget');
  });

  it('checks the form with the contract’s budget schema and sends nothing when it fails', () => {
    const { actor, saveBudget, view } = start(never);
    view().changeField('name', '   ');
    view().changeField('periodStart', '');
    view().changeField('periodEnd', '');
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
    expect(saveBudget).not.toHaveBeenCalled();
  });

  it('wants the period in order, as the server does', () => {
    const { view } = start(never);
    view().changeField('periodEnd', '2025-12-31');
    view().submit();
    expect(view().fieldErrors.periodEnd).toBe('The period ends after it starts');
    const { body: changes } = budgetBody(view().values);
    expect(v.safeParse(BudgetFormSchema, changes).success).toBe(false);
    // The PATCH schema accepts each field; the order is the data provider's date-range rule.
    expect(v.safeParse(BudgetUpdateSchema, changes).success).toBe(true);
    view().changeField('periodEnd', '2026-06-30');
    expect(view().fieldErrors.periodEnd).toBeNull();
  });

  it('saves the trimmed changes and goes back to the budget', async () => {
    const { actor, saveBudget, navigations, view } = start(async () => ({ id: BUDGET.id }));
    view().changeField('name', ' Q1 brand and search ');
    view().changeField('amount', '15,000.5');
    view().changeField('currency', 'USD');
    view().submit();
    expect(view().isLocked).toBe(true);
    expect(view().submitLabel).toBe('Saving…');
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(saveBudget).toHaveBeenCalledWith({
      budgetId: BUDGET.id,
      changes: {
        name: 'Q1 brand and search',
        customerId: null,
        periodStart: '2026-01-01',
        periodEnd: '2026-03-31',
        amountMinor: 1_500_050,
        currency: 'USD',
      },
    });
    expect(navigations).toEqual([`/budgets/${BUDGET.id}`]);
  });

  it('starts from the budget’s customer and sends no customer as null', async () => {
    const customerId = '00000000-0000-4000-8000-0000000000c1';
    const saveBudget = vi.fn(async (_: SaveBudgetInput): Promise<unknown> => ({ id: BUDGET.id }));
    const machine = budgetFormMachine.provide({
      actors: { submitBudget: fromPromise(({ input }) => saveBudget(input as SaveBudgetInput)) },
    });
    const actor = createActor(machine, {
      input: { mode: 'edit', budget: { ...BUDGET, customerId } },
    }).start();
    const view = () => connectBudgetForm(actor.getSnapshot(), actor.send);
    expect(view().values.customerId).toBe(customerId);
    view().changeField('customerId', '');
    view().submit();
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(saveBudget.mock.calls[0]?.[0].changes.customerId).toBeNull();
  });

  it('shows the server’s field messages under their fields (amountMinor under the amount)', async () => {
    const { actor, view } = start(() =>
      Promise.reject({
        status: 400,
        message: 'amountMinor: That amount is too large',
        validationErrors: { amountMinor: { message: 'That amount is too large' } },
      }),
    );
    view().submit();
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(view().fieldErrors.amount).toBe('That amount is too large');
    expect(view().formError).toBeNull();
  });

  it('shows a business error or a refusal naming no field above the form', async () => {
    const { actor, view } = start(() =>
      Promise.reject({
        status: 422,
        message: 'Unprocessable',
        errorCode: 'BUDGET_LOCKED',
        businessError: { message: 'This budget is closed.' },
      }),
    );
    view().submit();
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(view().formError).toBe('This budget is closed.');
    expect(view().failure).toEqual({ errorCode: 'BUDGET_LOCKED', message: 'Unprocessable' });
  });

  it('says when the server could not be reached; editing hides it', async () => {
    const { actor, view } = start(() => Promise.reject(new TypeError('Failed to fetch')));
    view().submit();
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(view().formError).toBe(NETWORK_ERROR_MESSAGE);
    view().changeField('name', 'Q1');
    expect(actor.getSnapshot().value).toBe('editing');
    expect(view().formError).toBeNull();
  });
});
