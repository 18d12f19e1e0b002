import { addDays, daysInclusive } from '@contract/planning';
import { followCampaignDate } from '@machines/planning/planningSchedule';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

/**
 * Issue 28: moving the campaign's start or end date moves the flights that ran to that edge, and a flight
 * never ends before it starts (a copy's Meta flight once became Apr 5 → Feb 7).
 */

const day = fc.integer({ min: 0, max: 2000 }).map((n) => addDays('2026-01-01', n));
const flightOf = (startDate: string, endDate: string) => ({
  key: 'f',
  platform: 'meta',
  startDate,
  endDate,
  amount: '100',
  pacing: 'even' as const,
});

describe('a flight follows the campaign’s dates', () => {
  it('never ends before it starts, keeps its length when pushed whole, and follows the edge it touched', () => {
    fc.assert(
      fc.property(
        day,
        fc.integer({ min: 0, max: 120 }),
        day,
        fc.constantFrom('startDate', 'endDate'),
        (start, length, value, field) => {
          const flight = flightOf(start, addDays(start, length));
          const before = flight[field as 'startDate' | 'endDate'];
          const after = followCampaignDate(flight, field as 'startDate' | 'endDate', before, value);
          expect(after.startDate <= after.endDate).toBe(true);
          expect(after[field as 'startDate' | 'endDate']).toBe(value);
          const kept = daysInclusive(after.startDate, after.endDate);
          const other = field === 'startDate' ? 'endDate' : 'startDate';
          // Either the other end stayed and the flight got shorter or longer, or it moved whole.
          expect(after[other] === flight[other] || kept === length + 1).toBe(true);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('leaves a flight that did not touch that edge alone', () => {
    const flight = flightOf('2027-03-10', '2027-03-20');
    expect(followCampaignDate(flight, 'startDate', '2027-03-01', '2027-05-01')).toBe(flight);
  });

  it('the reported case: a copy moved two months later keeps its Meta flight whole', () => {
    const flight = flightOf('2027-02-01', '2027-02-07');
    expect(followCampaignDate(flight, 'startDate', '2027-02-01', '2027-04-05')).toMatchObject({
      startDate: '2027-04-05',
      endDate: '2027-04-11',
    });
  });
});
