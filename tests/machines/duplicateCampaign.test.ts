import {
  connectDuplicateCampaign,
  type DuplicateRequest,
  type DuplicateResult,
  type DuplicateSource,
  duplicateCampaignMachine,
} from '@machines/duplicateCampaign';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';

/** The duplicate dialog's chart (issue 28), with its actors provided as the app does. */
const SOURCE: DuplicateSource = {
  name: 'Spring Launch',
  startDate: '2027-01-04',
  endDate: '2027-03-28',
  currency: 'EUR',
  customerName: 'Northwind Traders',
  budgets: [
    { id: 'b1', name: 'Q1 2027', periodStart: '2027-01-01', periodEnd: '2027-03-31' },
    { id: 'b2', name: 'Q2 2027', periodStart: '2027-04-01', periodEnd: '2027-06-30' },
    { id: 'b0', name: 'All of 2027', periodStart: '2027-01-01', periodEnd: '2027-12-31' },
  ],
};

function start(source: DuplicateSource | null = SOURCE, result?: () => Promise<DuplicateResult>) {
  const duplicate = vi.fn(
    async (_: DuplicateRequest) => (await result?.()) ?? { campaignId: 'c2', budget: null },
  );
  const actor = createActor(
    duplicateCampaignMachine.provide({
      actors: {
        loadSource: fromPromise(async () => source),
        duplicate: fromPromise(({ input }: { input: DuplicateRequest }) => duplicate(input)),
      },
    }),
    { input: { id: 'c1' } },
  );
  const emitted: unknown[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  const view = () => connectDuplicateCampaign(actor.getSnapshot(), actor.send);
  return { actor, duplicate, emitted, view };
}

describe('duplicating for the next period', () => {
  it('shifts by 13 weeks: the new dates, the budget that covers them, the request in days', async () => {
    const { actor, duplicate, emitted, view } = start(SOURCE, async () => ({
      campaignId: 'c2',
      budget: { id: 'b0', name: 'All of 2027' },
    }));
    await waitFor(actor, (s) => s.matches('idle'));
    expect(view().preview).toEqual({
      dates: 'Jan 4, 2027 – Mar 28, 2027',
      // Two cover the dates: the earliest period first, then by name.
      budget: 'The copy draws on the budget All of 2027.',
    });
    view().changeName(' Spring Launch Q2 ');
    view().changeShift('13');
    view().changeShiftUnit('weeks');
    expect(view().preview?.dates).toBe('Apr 5, 2027 – Jun 27, 2027');
    view().submit();
    expect(view().submitLabel).toBe('Duplicating...');
    await waitFor(actor, (s) => s.status === 'done');
    expect(duplicate).toHaveBeenCalledWith({ campaignId: 'c1', name: 'Spring Launch Q2', shiftDays: 91 });
    expect(emitted).toEqual([
      {
        type: 'modal.succeeded',
        flag: 'campaignDuplicated',
        createdId: 'c2',
        budget: { id: 'b0', name: 'All of 2027' },
      },
    ]);
  });

  it('works the shift out from a new start date, and says when no budget covers the new dates', async () => {
    const { actor, duplicate, view } = start({ ...SOURCE, budgets: SOURCE.budgets.slice(0, 2) });
    await waitFor(actor, (s) => s.matches('idle'));
    view().changeName('Next year');
    view().chooseMode('startDate');
    view().submit();
    expect(view().datesError).toBe('Choose the copy’s start date');
    view().changeStart('2028-01-03');
    expect(view().preview).toEqual({
      dates: 'Jan 3, 2028 – Mar 26, 2028',
      budget: 'No budget of Northwind Traders in EUR covers these dates: the copy draws on none.',
    });
    view().submit();
    await waitFor(actor, (s) => s.status === 'done');
    expect(duplicate).toHaveBeenCalledWith({ campaignId: 'c1', name: 'Next year', shiftDays: 364 });
  });

  it('sends nothing without a name or with a shift that is not one, and says why under each field', async () => {
    const { actor, duplicate, view } = start();
    await waitFor(actor, (s) => s.matches('idle'));
    view().changeShift('1.5');
    view().submit();
    expect(view()).toMatchObject({
      phase: 'idle',
      nameError: 'Enter a name for the new campaign.',
      datesError: 'Enter a whole number of days or weeks, at most ten years either way',
      preview: null,
    });
    view().changeShift('3651');
    view().changeName('x');
    view().submit();
    expect(view().datesError).toBe('Enter a whole number of days or weeks, at most ten years either way');
    expect(duplicate).not.toHaveBeenCalled();
  });

  it('a campaign without dates or customer copies as it is, and says so', async () => {
    const { actor, view } = start({
      ...SOURCE,
      startDate: null,
      endDate: null,
      customerName: null,
      budgets: [],
    });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(view()).toMatchObject({
      canMoveDates: false,
      preview: { dates: 'The campaign has no dates yet: the copy has none either.', budget: '' },
    });
    const withDates = start({ ...SOURCE, customerName: null, budgets: [] });
    await waitFor(withDates.actor, (s) => s.matches('idle'));
    expect(withDates.view().preview?.budget).toBe(
      'The campaign has no customer, so the copy draws on no budget.',
    );
  });

  it('cannot be closed while the copy is being made', async () => {
    let finish: (result: DuplicateResult) => void = () => {};
    const { actor, emitted, view } = start(SOURCE, () => new Promise((resolve) => (finish = resolve)));
    await waitFor(actor, (s) => s.matches('idle'));
    view().changeName('Copy');
    view().submit();
    await waitFor(actor, (s) => s.matches('submitting'));
    view().cancel();
    expect(emitted).toEqual([]);
    finish({ campaignId: 'c2', budget: null });
    await waitFor(actor, (s) => s.status === 'done');
    expect(emitted).toEqual([
      { type: 'modal.succeeded', flag: 'campaignDuplicated', createdId: 'c2', budget: null },
    ]);
  });
});
