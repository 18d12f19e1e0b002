import type {
  Ad,
  AdAsset,
  Asset,
  CreativeSpecs,
  FormatSpec,
  MediaKind,
  PlacementSpec,
} from '@contract/creative';
import { parseHttpsUrl } from '@contract/creative';

/** What every placement's mock draws from. */
export interface MockProps {
  ad: Ad;
  specs: CreativeSpecs;
  format: FormatSpec | undefined;
  placement: PlacementSpec;
  assets: Readonly<Record<string, Asset>>;
  brandName: string;
}

export interface MediaSlot {
  adAsset: AdAsset | undefined;
  asset: Asset | undefined;
}

/**
 * The pictures the mock draws: the ad's assets, or one empty slot while the format wants media and none is
 * chosen (so the mock keeps its shape). Empty for a text-only format.
 */
export function mediaSlots({ ad, format, assets }: MockProps): MediaSlot[] {
  const wantsMedia = format ? format.media !== null : ad.assets.length > 0;
  if (!wantsMedia) return [];
  const slots = ad.assets.map((adAsset) => ({ adAsset, asset: assets[adAsset.assetId] }));
  return slots.length > 0 ? slots : [{ adAsset: undefined, asset: undefined }];
}

export const expectedMedia = (format: FormatSpec | undefined): MediaKind => format?.media?.kind ?? 'image';

/** The landing page's host as a feed's link bar writes it (`EXAMPLE.COM`); null while it is no https URL. */
export function linkHost(ad: Ad): string | null {
  return parseHttpsUrl(ad.destinationUrl.trim())?.hostname.replace(/^www\./, '') ?? null;
}
