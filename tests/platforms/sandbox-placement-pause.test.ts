import { type PlatformCampaignRequest, PlatformError, SandboxConnector } from '@server/platforms';
import { describe, expect, it } from 'vitest';
import { withSandboxAccess } from '../support/connections';
import { freshDatabase } from '../support/db';

/**
 * One placement at a time (issue 28): a campaign planned on Meta and TikTok is one campaign on each
 * platform, so pausing it on TikTok is `pause(tiktokExternalId)` on TikTok's connector — Meta's keeps
 * delivering. The sandbox answers as the platforms do: a pause or resume asked twice is harmless, and a
 * campaign the platform does not run cannot be paused.
 */

const { db } = await freshDatabase();
const options = { delayMs: 0, reviewMs: 0 };
const meta = withSandboxAccess(db, new SandboxConnector('meta', 'Meta', db, options));
const tiktok = withSandboxAccess(db, new SandboxConnector('tiktok', 'TikTok', db, options));

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

function request(platformKey: string): PlatformCampaignRequest {
  return {
    reference: `placement-${platformKey}-${Math.random()}`,
    campaignId: '00000000-0000-4000-8000-000000000028',
    name: 'Spring sale',
    objectiveId: 2,
    startDate: day(0),
    endDate: day(29),
    budgetMinor: 300_000,
    currency: 'EUR',
    adSet: null,
    ads: [],
  };
}

describe('sandbox: pausing and resuming one placement', () => {
  it('pauses the campaign on TikTok alone; Meta keeps running; both calls are idempotent', async () => {
    const onMeta = await meta.launch(request('meta'));
    const onTiktok = await tiktok.launch(request('tiktok'));
    expect((await meta.status(onMeta.externalId)).status).toBe('active');
    expect((await tiktok.status(onTiktok.externalId)).status).toBe('active');

    expect((await tiktok.pause(onTiktok.externalId)).status).toBe('paused');
    expect((await tiktok.status(onTiktok.externalId)).status).toBe('paused');
    expect((await meta.status(onMeta.externalId)).status).toBe('active');
    // Asked again (a job retried after a crash): still paused, no error.
    expect((await tiktok.pause(onTiktok.externalId)).status).toBe('paused');

    expect((await tiktok.resume(onTiktok.externalId)).status).toBe('active');
    expect((await tiktok.resume(onTiktok.externalId)).status).toBe('active');
    expect((await meta.status(onMeta.externalId)).status).toBe('active');
  });

  it('knows a placement only by its own platform’s id', async () => {
    const onMeta = await meta.launch(request('meta'));
    const error = await tiktok.pause(onMeta.externalId).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformError);
    expect((error as PlatformError).kind).toBe('not_found');
    expect((await meta.status(onMeta.externalId)).status).toBe('active');
  });

  it('refuses to pause a placement the platform removed', async () => {
    const onTiktok = await tiktok.launch(request('tiktok'));
    await tiktok.delete(onTiktok.externalId);
    const error = await tiktok.pause(onTiktok.externalId).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformError);
  });
});
