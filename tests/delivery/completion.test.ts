import * as t from '@server/db/schema';
import { CampaignJobs } from '@server/jobs';
import { addDays } from '@server/platforms/sandbox/clock';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../support/db';
import { liveCampaign, newAccount, today } from './fixtures';

/** A campaign completes when its last flight ends (through the lifecycle chart), and its bookings follow. */

const { db } = await freshDatabase();
const jobs = CampaignJobs.sendOnly(db);
afterAll(() => jobs.stop());

const statusOf = async (id: string) =>
  (await db.select({ status: t.campaigns.status }).from(t.campaigns).where(eq(t.campaigns.id, id)))[0]!
    .status;
const bookingsOf = (id: string) =>
  db
    .select({ status: t.bookings.status, endDate: t.bookings.endDate })
    .from(t.bookings)
    .where(eq(t.bookings.campaignId, id));

describe('completing ended campaigns', () => {
  it('completes a campaign whose last flight has ended though its end date is ahead, with its bookings', async () => {
    const accountId = await newAccount(db);
    const ended = await liveCampaign(db, accountId, {
      platforms: ['meta', 'google'],
      flights: [
        {
          startDate: addDays(today(), -30),
          endDate: addDays(today(), -20),
          amountMinor: 10_000,
          pacing: 'even',
        },
        {
          startDate: addDays(today(), -10),
          endDate: addDays(today(), -1),
          amountMinor: 10_000,
          pacing: 'even',
        },
      ],
    });
    const running = await liveCampaign(db, accountId, {
      platforms: ['meta'],
      flights: [
        {
          startDate: addDays(today(), -30),
          endDate: addDays(today(), -20),
          amountMinor: 10_000,
          pacing: 'even',
        },
        { startDate: addDays(today(), -10), endDate: today(), amountMinor: 10_000, pacing: 'even' },
      ],
    });
    // The fixture's campaign dates run a week past the last flight: only the flights say it has ended.
    const [campaign] = await db.select().from(t.campaigns).where(eq(t.campaigns.id, ended.id));
    expect(campaign!.endDate! > today()).toBe(true);

    expect(await jobs.completeEnded(today())).toBeGreaterThanOrEqual(1);
    expect(await statusOf(ended.id)).toBe('completed');
    expect((await bookingsOf(ended.id)).map((b) => b.status)).toEqual([
      'completed',
      'completed',
      'completed',
      'completed',
    ]);

    expect(await statusOf(running.id)).toBe('active');
    const runningBookings = await bookingsOf(running.id);
    expect(runningBookings.find((b) => b.endDate === today())?.status).toBe('confirmed');
    // Its first flight is over: that booking is done, while the campaign runs on.
    expect(runningBookings.find((b) => b.endDate < today())?.status).toBe('completed');

    // The next day its last flight has ended too.
    await jobs.completeEnded(addDays(today(), 1));
    expect(await statusOf(running.id)).toBe('completed');
    expect((await bookingsOf(running.id)).every((b) => b.status === 'completed')).toBe(true);
  });
});
