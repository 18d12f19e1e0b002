import {
  type PlatformAd,
  type PlatformCampaignRequest,
  PlatformError,
  SandboxConnector,
} from '@server/platforms';
import { type AssetValues, FITS_ALL_IMAGE, FITS_ALL_VIDEO } from '@tooling/fixtures/creative';
import { describe, expect, it } from 'vitest';
import { withSandboxAccess } from '../support/connections';
import { freshDatabase } from '../support/db';

/**
 * The sandbox platforms refuse ads that break their own creative specs, through `validate` and `launch`,
 * with the platform's reason (the shared checks' message, naming the ad).
 */

const { db } = await freshDatabase();
const options = { delayMs: 0, reviewMs: 60_000 };
const tiktok = withSandboxAccess(db, new SandboxConnector('tiktok', 'TikTok', db, options));
const meta = withSandboxAccess(db, new SandboxConnector('meta', 'Meta', db, options));
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const media = (facts: AssetValues, id: string) => ({
  assetId: id,
  ...facts,
  url: `/api/assets/${id}/file`,
  focalX: 0.5,
  focalY: 0.5,
  crops: [],
});
const tiktokAd = (adText: string): PlatformAd => ({
  name: 'Spring clip',
  format: 'video',
  texts: { adText: [adText], displayName: ['Shop'] },
  destination: 'https://example.com/?utm_source=tiktok',
  callToAction: 'SHOP_NOW',
  media: [media(FITS_ALL_VIDEO, '00000000-0000-4000-8000-0000000000a1')],
});
const request = (
  ads: PlatformAd[],
  over: Partial<PlatformCampaignRequest> = {},
): PlatformCampaignRequest => ({
  reference: `ref-${Math.random()}`,
  campaignId: '00000000-0000-4000-8000-000000000001',
  name: 'Spring sale',
  objectiveId: 2,
  startDate: day(10),
  endDate: day(19),
  budgetMinor: 100_000,
  currency: 'EUR',
  adSet: null,
  ads,
  ...over,
});

async function refusal(call: Promise<unknown>): Promise<string> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PlatformError);
  expect((error as PlatformError).kind).toBe('validation');
  return (error as PlatformError).message;
}

describe('sandbox creative checks', () => {
  it('refuses an ad text over TikTok’s 100 characters at validate and launch, with TikTok’s reason', async () => {
    const req = request([tiktokAd('a'.repeat(104))]);
    const reason = 'Ad "Spring clip": TikTok allows at most 100 characters here (this has 104)';
    expect(await refusal(tiktok.validate(req))).toBe(reason);
    expect(await refusal(tiktok.launch(req))).toBe(reason);
    expect(await refusal(tiktok.validate(req, { purpose: 'preflight' }))).toBe(reason);
  });

  it('takes ads inside its specs, and stores them with the campaign', async () => {
    const req = request([tiktokAd('a'.repeat(100))]);
    await tiktok.validate(req);
    const launched = await tiktok.launch(req);
    expect(launched.status).toBe('in_review');
    const [row] = await db.query.sandboxPlatformCampaigns.findMany({
      where: (t, { eq }) => eq(t.externalId, launched.externalId),
    });
    expect((row!.payload as { ads: PlatformAd[] }).ads).toEqual(req.ads);
  });

  it('refuses a picture its placements cannot crop, a call to action it does not have, a format it does not run', async () => {
    const small = { ...FITS_ALL_IMAGE, width: 400, height: 400 };
    const image: PlatformAd = {
      name: 'Square',
      format: 'single_image',
      texts: { primaryText: ['Hello'] },
      destination: 'https://example.com/',
      callToAction: 'LEARN_MORE',
      media: [media(small, '00000000-0000-4000-8000-0000000000b1')],
    };
    expect(await refusal(meta.validate(request([image])))).toBe(
      'Ad "Square": Meta Facebook Feed needs at least 600 × 600 pixels at 1:1; this picture gives 400 × 400',
    );
    expect(await refusal(meta.validate(request([{ ...tiktokAd('Hi'), format: 'responsive_search' }])))).toBe(
      'Ad "Spring clip": Meta does not run responsive search ad ads',
    );
    expect(
      await refusal(tiktok.validate(request([{ ...tiktokAd('Hi'), callToAction: 'SUBSCRIBE_NOW' }]))),
    ).toBe('Ad "Spring clip": Choose one of TikTok\'s calls to action');
  });

  it('asks nothing about ads of a campaign planned before ads existed', async () => {
    await meta.validate(request([]));
  });
});
