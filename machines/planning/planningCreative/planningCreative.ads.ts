import {
  AD_FORMAT_LABELS,
  type AdFormat,
  type CreativeSpecs,
  defaultUtm,
  type FormatSpec,
  formatSpecOf,
  formatsFor,
  slug,
  type Utm,
} from '@contract/creative';
import type { Plan, RulesByPlatform } from '@contract/planning';
import type { AdDraft } from './planningCreative.types';

/**
 * How an ad as typed is made and reshaped: a new ad's defaults, a change of format (the texts and
 * assets that still fit are kept), a rename (the UTM tags that followed the name follow it on).
 */

export const specsFor = (rules: RulesByPlatform, platform: string): CreativeSpecs | undefined =>
  rules[platform]?.creative;

/** A field's entries when empty: as many as it needs, at least the one to type in. */
const emptyEntries = (count: number) => Array.from({ length: Math.max(count, 1) }, () => '');

/** The texts of `format`, keeping what was typed in fields of the same key. */
function textsFor(format: FormatSpec | undefined, before: Record<string, string[]> = {}) {
  const texts: Record<string, string[]> = {};
  for (const field of format?.texts ?? []) {
    const kept = (before[field.key] ?? []).slice(0, field.maxCount);
    texts[field.key] = kept.length > 0 ? kept : emptyEntries(field.minCount);
  }
  return texts;
}

export function newAd(
  context: { rules: RulesByPlatform; plan: Plan | null; ads: readonly AdDraft[] },
  platform: string,
  key: string,
): AdDraft {
  const specs = specsFor(context.rules, platform);
  const format = formatsFor(specs, context.plan?.campaign.objectiveId ?? 0)[0];
  const number = context.ads.filter((ad) => ad.platform === platform).length + 1;
  const name = `${specs?.displayName ?? platform} ad ${number}`;
  // The planner's ads usually lead to the same page: a new one starts where the last one led.
  const destinationUrl = context.ads.findLast((ad) => ad.destinationUrl.trim() !== '')?.destinationUrl ?? '';
  return {
    key,
    platform,
    name,
    format: format?.key ?? '',
    texts: textsFor(format),
    assets: [],
    destinationUrl,
    utm: defaultUtm(platform, context.plan?.campaign.name ?? '', name),
    callToAction: specs?.callsToAction[0]?.key ?? '',
  };
}

export function withFormat(ad: AdDraft, specs: CreativeSpecs | undefined, format: string): AdDraft {
  const spec = formatSpecOf(specs, format);
  const media = spec?.media;
  // Assets of another kind cannot serve the new format; a shorter list keeps its first ones.
  const assets = media ? ad.assets.slice(0, media.maxCount) : [];
  return { ...ad, format, texts: textsFor(spec, ad.texts), assets };
}

/** The new name; UTM values that were the old name's slug become the new one's. */
export function renamed(ad: AdDraft, name: string): AdDraft {
  const utm: Utm | null =
    ad.utm && ad.utm.content === slug(ad.name) ? { ...ad.utm, content: slug(name) } : ad.utm;
  return { ...ad, name, utm };
}

export const formatLabel = (format: string) => AD_FORMAT_LABELS[format as AdFormat] ?? format;

/** The list with `from` moved to `to` (both inside it). */
export function moved<T>(items: readonly T[], from: number, to: number): T[] {
  const copy = [...items];
  const [item] = copy.splice(from, 1);
  if (item === undefined) return copy;
  copy.splice(to, 0, item);
  return copy;
}
