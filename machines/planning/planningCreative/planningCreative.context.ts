import { newAd } from './planningCreative.ads';
import type {
  AdDraft,
  CreativeErrorKey,
  PlanningCreativeContext,
  PlanningCreativeInput,
} from './planningCreative.types';
import { initialAds } from './planningCreative.values';

/** The creative chart's context helpers: which messages a change shows, and the ads a step opens with. */

/** `keys` now show their messages, and the server's messages there (and below them) are answered. */
export const touch = (context: PlanningCreativeContext, ...keys: CreativeErrorKey[]) => ({
  touched: [...new Set([...context.touched, ...keys])],
  serverErrors: Object.fromEntries(
    Object.entries(context.serverErrors).filter(
      ([path]) => !keys.some((key) => path === key || path.startsWith(`${key}.`)),
    ),
  ),
});

export const updateAd = (
  context: PlanningCreativeContext,
  key: string,
  change: (ad: AdDraft) => AdDraft,
): AdDraft[] => context.ads.map((ad) => (ad.key === key ? change(ad) : ad));

/** Every key of an ad's assets, so a change to the list shows what it now breaks. */
export const assetKeys = (key: string, count: number) => [
  `${key}.assets`,
  ...Array.from({ length: count }, (_, i) => `${key}.assets.${i}.assetId`),
];

export const adOf = (context: PlanningCreativeContext, key: string) =>
  context.ads.find((ad) => ad.key === key);

/** A plan without ads opens with one per platform, to start typing in (not saved until an edit). */
export function openingAds(input: PlanningCreativeInput): AdDraft[] {
  const ads = initialAds(input);
  if (ads.length > 0 || input.draft || !input.plan || input.readOnly) return ads;
  const opened: AdDraft[] = [];
  for (const platform of input.plan.platforms)
    opened.push(
      newAd({ rules: input.rules, plan: input.plan, ads: opened }, platform, `default-${platform}`),
    );
  return opened;
}
