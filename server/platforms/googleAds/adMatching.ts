import type { PlatformAd } from '../connector';
import { googleCreative } from '../sandbox/data/creative/google';

type Json = Record<string, unknown>;

/** The aspect ratios a display ad's pictures are uploaded in, each into its own image slot. */
export const DISPLAY_IMAGE_SLOTS = [
  ['1.91:1', 'marketingImages'],
  ['1:1', 'squareMarketingImages'],
] as const;

/** The name an uploaded picture gets: what lets a change recognise it among the account's assets. */
export const imageAssetName = (ad: PlatformAd, aspect: string, assetId: string) =>
  `${ad.name} ${aspect} ${assetId}`.slice(0, 120);

/** The plan's texts of a field as Google takes them: the non-empty ones, in order. */
export const textsOf = (ad: PlatformAd, field: string) =>
  (ad.texts[field] ?? []).filter((t) => t.trim() !== '');

/** The call to action's words on a display ad (none for "automated": Google picks). */
export const ctaLabelOf = (ad: PlatformAd) => {
  const cta = googleCreative.callsToAction.find((c) => c.key === ad.callToAction);
  return cta && cta.key !== 'AUTOMATED' ? cta.label : null;
};

/**
 * What an ad says and shows, as one comparable string: from the plan (`planAdKey`) or from the ad Google
 * holds (`heldAdKey`, read by GAQL). A change keeps the ads whose key is still in the plan (an ad is
 * immutable on Google, and a kept one keeps its policy approval and history), removes the others and creates
 * the new ones. Anything the two sides would spell differently only makes an ad look new: it is replaced,
 * as before, never kept wrongly.
 */
export function planAdKey(ad: PlatformAd): string {
  if (ad.format === 'responsive_search') {
    const [path1, path2] = ad.texts.path ?? [];
    return key({
      finalUrls: [ad.destination],
      headlines: textsOf(ad, 'headline'),
      descriptions: textsOf(ad, 'description'),
      path1: path1 || null,
      path2: (path1 && path2) || null,
    });
  }
  const images = (aspect: string) => ad.media.map((m) => imageAssetName(ad, aspect, m.assetId));
  return key({
    finalUrls: [ad.destination],
    headlines: textsOf(ad, 'headline'),
    longHeadline: ad.texts.longHeadline?.[0] || null,
    descriptions: textsOf(ad, 'description'),
    businessName: ad.texts.businessName?.[0] || null,
    callToActionText: ctaLabelOf(ad),
    marketingImages: images('1.91:1'),
    squareMarketingImages: images('1:1'),
  });
}

/** The key of an ad Google holds; `assetNames` names its pictures' assets (resource name → name). */
export function heldAdKey(ad: Json, assetNames: ReadonlyMap<string, string>): string {
  const texts = (list: unknown) => ((list ?? []) as { text?: string }[]).map((t) => String(t.text ?? ''));
  const finalUrls = (ad.finalUrls ?? []) as string[];
  const search = ad.responsiveSearchAd as Json | undefined;
  if (search)
    return key({
      finalUrls,
      headlines: texts(search.headlines),
      descriptions: texts(search.descriptions),
      path1: (search.path1 as string | undefined) || null,
      path2: (search.path2 as string | undefined) || null,
    });
  const display = (ad.responsiveDisplayAd ?? {}) as Json;
  const images = (list: unknown) =>
    ((list ?? []) as { asset?: string }[]).map((i) => assetNames.get(String(i.asset)) ?? String(i.asset));
  return key({
    finalUrls,
    headlines: texts(display.headlines),
    longHeadline: (display.longHeadline as { text?: string } | undefined)?.text || null,
    descriptions: texts(display.descriptions),
    businessName: (display.businessName as string | undefined) || null,
    callToActionText: (display.callToActionText as string | undefined) || null,
    marketingImages: images(display.marketingImages),
    squareMarketingImages: images(display.squareMarketingImages),
  });
}

const key = (fields: Json) => JSON.stringify(fields);

/** The ad fields a change reads to recognise the ads Google holds. */
export const HELD_AD_FIELDS = [
  'ad_group_ad.resource_name',
  'ad_group_ad.ad.final_urls',
  'ad_group_ad.ad.responsive_search_ad.headlines',
  'ad_group_ad.ad.responsive_search_ad.descriptions',
  'ad_group_ad.ad.responsive_search_ad.path1',
  'ad_group_ad.ad.responsive_search_ad.path2',
  'ad_group_ad.ad.responsive_display_ad.headlines',
  'ad_group_ad.ad.responsive_display_ad.long_headline',
  'ad_group_ad.ad.responsive_display_ad.descriptions',
  'ad_group_ad.ad.responsive_display_ad.business_name',
  'ad_group_ad.ad.responsive_display_ad.call_to_action_text',
  'ad_group_ad.ad.responsive_display_ad.marketing_images',
  'ad_group_ad.ad.responsive_display_ad.square_marketing_images',
] as const;
