import {
  campaignProgressMachine,
  connectCampaignProgress,
  isDetailInProgress,
  type ProgressDetail,
} from '@machines/campaignProgress';
import { POLL_MS } from '@machines/delays';
import { NETWORK_ERROR_MESSAGE } from '@machines/shared/errors';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';

type PlatformStatus = ProgressDetail['platforms'][number]['status'];

function detail(status: ProgressDetail['status'], platforms: PlatformStatus[]): ProgressDetail {
  return {
    id: 'c1',
    name: 'Spring Launch',
    status,
    customerId: null,
    objectiveId: 1,
    startDate: '2030-03-01',
    endDate: '2030-03-31',
    budgetMinor: 500_000,
    currency: 'EUR',
    failureReason: null,
    platforms: platforms.map((s, i) => ({
      key: `p${i}`,
      displayName: `Platform ${i}`,
      status: s,
      externalId: s === 'active' ? `ext-${i}` : null,
      lastError: null,
      attempts: 1,
      nextAttemptAt: null,
      updatedAt: null,
    })),
    updatedAt: '2030-02-01T10:00:00.000Z',
  };
}

function start(answers: Array<ProgressDetail | Error>) {
  const load = vi.fn(async (_id: string) => {
    const next = answers.length > 1 ? answers.shift()! : answers[0]!;
    if (next instanceof Error) throw next;
    return next;
  });
  const actor = createActor(
    campaignProgressMachine.provide({
      actors: {
        loadDetail: fromPromise(({ input }: { input: { campaignId: string } }) => load(input.campaignId)),
      },
    }),
    { input: { campaignId: 'c1' } },
  );
  actor.start();
  return { actor, load, view: () => connectCampaignProgress(actor.getSnapshot(), actor.send) };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('campaign progress', () => {
  it('knows when a job (launch, pause, resume, delete) is still under way: the campaign status says so', () => {
    expect(isDetailInProgress(detail('launching', ['active']))).toBe(true);
    expect(isDetailInProgress(detail('pausing', ['active', 'paused']))).toBe(true);
    expect(isDetailInProgress(detail('resuming', ['paused']))).toBe(true);
    expect(isDetailInProgress(detail('deleting', ['deleting']))).toBe(true);
    // A draft's platforms show pending, but nothing moves them: no polling.
    expect(isDetailInProgress(detail('draft', ['pending']))).toBe(false);
    expect(isDetailInProgress(detail('active', ['active', 'rejected']))).toBe(false);
    expect(isDetailInProgress(detail('paused', ['paused']))).toBe(false);
    expect(isDetailInProgress(detail('failed', ['failed']))).toBe(false);
  });

  it('polls every POLL_MS while platforms are in review, then settles when all are active', async () => {
    const { actor, load, view } = start([
      detail('launching', ['in_review', 'in_review']),
      detail('launching', ['active', 'in_review']),
      detail('active', ['active', 'active']),
    ]);
    expect(view().phase).toBe('loading');
    await vi.advanceTimersByTimeAsync(0);
    expect(view()).toMatchObject({ phase: 'watching', isLive: true });
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(POLL_MS - 1);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(2);
    expect(view().detail?.platforms.map((p) => p.status)).toEqual(['active', 'in_review']);
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(load).toHaveBeenCalledTimes(3);
    expect(view()).toMatchObject({ phase: 'settled', isLive: false });
    expect(view().detail?.platforms.map((p) => p.externalId)).toEqual(['ext-0', 'ext-1']);
    await vi.advanceTimersByTimeAsync(POLL_MS * 5);
    expect(load).toHaveBeenCalledTimes(3);
    actor.stop();
  });

  it('settles at once when nothing is under way, and reloads on refresh', async () => {
    const { actor, load, view } = start([detail('draft', ['pending']), detail('pausing', ['active'])]);
    await vi.advanceTimersByTimeAsync(0);
    expect(view().phase).toBe('settled');
    await vi.advanceTimersByTimeAsync(POLL_MS * 3);
    expect(load).toHaveBeenCalledTimes(1);
    // After a pause was asked for, the page reloads and follows the job.
    actor.send({ type: 'progress.refresh' });
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(2);
    expect(view().phase).toBe('watching');
  });

  it('shows a failed load, keeps the last statuses, and retries', async () => {
    const { actor, load, view } = start([
      detail('launching', ['in_review']),
      new TypeError('Failed to fetch'),
      detail('active', ['active']),
    ]);
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(view()).toMatchObject({ phase: 'failed', errorMessage: NETWORK_ERROR_MESSAGE });
    expect(view().detail?.status).toBe('launching');
    actor.send({ type: 'progress.retry' });
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(3);
    expect(view()).toMatchObject({ phase: 'settled', errorMessage: null });
  });
});
