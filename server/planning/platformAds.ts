import { aspectValue, type CreativeSpecs, cropRect, finalUrl, formatSpecOf } from '@contract/creative';
import type { Database } from '../db/connect';
import type { PlatformAd } from '../platforms/connector';
import { loadAds } from './ads';

/**
 * The plan's ads on one platform as its ad API takes them (connector.ts PlatformAd): the final URL with
 * the UTM parameters, and for every picture the crop of each aspect ratio the format's placements take,
 * cut around the planner's focal point as the previews draw it. `specs` are the platform's own (its
 * connector's rules), so the crops are the ones it asks for.
 */
export async function platformAds(
  db: Database,
  campaignId: string,
  platformKey: string,
  specs: CreativeSpecs | undefined,
): Promise<PlatformAd[]> {
  const { ads, assets } = await loadAds(db, campaignId);
  return ads
    .filter((ad) => ad.platform === platformKey)
    .map((ad) => {
      const format = formatSpecOf(specs, ad.format);
      const aspects = [
        ...new Set(
          (format?.placements ?? []).flatMap(
            (key) => specs?.placements.find((p) => p.key === key)?.aspects.map((a) => a.key) ?? [],
          ),
        ),
      ];
      return {
        name: ad.name,
        format: ad.format,
        texts: ad.texts,
        destination: finalUrl(ad.destinationUrl, ad.utm),
        callToAction: ad.callToAction,
        media: ad.assets.flatMap((use) => {
          const asset = assets.find((a) => a.id === use.assetId);
          if (!asset) return [];
          return [
            {
              assetId: asset.id,
              kind: asset.kind,
              mimeType: asset.mimeType,
              width: asset.width,
              height: asset.height,
              durationMs: asset.durationMs,
              byteSize: asset.byteSize,
              url: asset.fileUrl,
              focalX: use.focalX,
              focalY: use.focalY,
              crops:
                asset.kind === 'image'
                  ? aspects.map((aspect) => ({
                      aspect,
                      ...cropRect(asset.width, asset.height, aspectValue(aspect), use.focalX, use.focalY),
                    }))
                  : [],
            },
          ];
        }),
      };
    });
}
