import { checkCreative } from '@contract/creative';
import type { PlatformAd, PlatformCampaignRequest } from '../connector';
import type { SandboxPlatform } from './data';

/**
 * Why the platform would refuse these ads, in its own words (the first problem the creative checks find
 * against its published specs), or null. Our wizard checks the same before saving; this is the platform's
 * word at launch, for ads checked against specs that have changed since, or an ad that slipped past them.
 * A campaign planned before ads existed sends none and is not asked about them.
 */
export function adProblem(platform: SandboxPlatform, request: PlatformCampaignRequest): string | null {
  if (request.ads.length === 0) return null;
  const { rules } = platform;
  const issues = checkCreative(
    request.ads.map((ad) => ({
      platform: rules.key,
      format: ad.format,
      texts: ad.texts,
      callToAction: ad.callToAction,
      assets: ad.media.map((m) => ({ assetId: m.assetId, focalX: m.focalX, focalY: m.focalY })),
    })),
    {
      rules: { [rules.key]: rules },
      objectiveId: request.objectiveId,
      platforms: [rules.key],
      assets: Object.fromEntries(request.ads.flatMap((ad) => ad.media.map((m) => [m.assetId, facts(m)]))),
    },
  );
  const [first] = Object.entries(issues);
  if (!first) return null;
  const [path, message] = first;
  const index = Number(/^ads\.(\d+)/.exec(path)?.[1]);
  const ad = Number.isInteger(index) ? request.ads[index] : undefined;
  return ad ? `Ad "${ad.name}": ${message}` : message;
}

const facts = (m: PlatformAd['media'][number]) => ({
  id: m.assetId,
  kind: m.kind,
  mimeType: m.mimeType,
  byteSize: m.byteSize,
  width: m.width,
  height: m.height,
  durationMs: m.durationMs,
});
