import type { PlanIssues, RulesByPlatform } from '../planning/checks';
import type { AssetFacts } from './assets';
import type { Ad } from './bodies';
import { aspectValue, cropRect, matchesAspect } from './crop';
import { textLength } from './length';
import {
  AD_FORMAT_LABELS,
  type AdFormat,
  type CreativeSpecs,
  formatSpecOf,
  type TextFieldSpec,
} from './specs';

/**
 * The creative step's checks against each platform's specs (specs.ts), shared by the wizard (errors
 * under the fields, Next refused), the server (400 with the same messages at the same paths) and the
 * sandbox platforms (a launch refused with the platform's reason). `checkCreative` is every problem: what
 * breaks a platform's rule as typed (hard) and what is merely missing yet (incomplete: an empty required
 * text, too few pictures, a platform without an ad). `checkCreativeSavable` is the hard ones only, so a
 * half-written set of ads can be saved while Next and the launch still wait for the rest.
 * `creativeWarnings` is what the platform would cut off (the planner is told, the save goes through).
 */

export interface CreativeContext {
  /** Every platform's rules; each carries its `creative` specs. */
  rules: RulesByPlatform;
  objectiveId: number;
  /** The plan's platforms: an ad for another one is refused, and each of them needs an ad. */
  platforms: readonly string[];
  /** What the server read from the files of the assets the ads use, by id. */
  assets: Readonly<Record<string, AssetFacts>>;
}

/** An ad with the fields the checks read (the plan's saved ads and the step's typed ones alike). */
export type CheckedAd = Pick<Ad, 'platform' | 'format' | 'texts' | 'assets' | 'callToAction'> & {
  /** Checked when given (a platform's own request carries the final URL instead). */
  destinationUrl?: string;
};

const MB = 1024 * 1024;
const megabytes = (bytes: number) =>
  bytes >= MB
    ? `${Number((bytes / MB).toFixed(1)).toLocaleString('en')} MB`
    : `${Math.ceil(bytes / 1024)} KB`;
const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en')} ${n === 1 ? one : many}`;
const duration = (seconds: number) =>
  seconds < 60
    ? plural(Math.round(seconds), 'second')
    : `${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, '0')} minutes`;
const lower = (label: string) => label.charAt(0).toLowerCase() + label.slice(1);
const formatName = (format: string) => lower(AD_FORMAT_LABELS[format as AdFormat] ?? format);
const mimeName = (mime: string) =>
  ({ 'image/png': 'PNG', 'image/jpeg': 'JPEG', 'image/webp': 'WebP', 'video/mp4': 'MP4' })[mime] ?? mime;
const listOf = (items: readonly string[], joiner = 'or') =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${joiner} ${items.at(-1)}`;

/** The specs of `platform` in `rules`, if the platform publishes any. */
export const specsOf = (rules: RulesByPlatform, platform: string): CreativeSpecs | undefined =>
  rules[platform]?.creative;

/** A problem is hard (breaks a rule as typed) or incomplete (something still to be added). */
export type CreativeProblemKind = 'hard' | 'incomplete';
type Report = (path: string, message: string, kind?: CreativeProblemKind) => void;

/** Every problem of the ads: what the launch, the plan's checks and the step list go by. */
export function checkCreative(ads: readonly CheckedAd[], context: CreativeContext): PlanIssues {
  return collect(ads, context, () => true);
}

/** Only what breaks a platform's rule as typed: what refuses a save of the creative step. */
export function checkCreativeSavable(ads: readonly CheckedAd[], context: CreativeContext): PlanIssues {
  return collect(ads, context, (kind) => kind === 'hard');
}

function collect(
  ads: readonly CheckedAd[],
  context: CreativeContext,
  keep: (kind: CreativeProblemKind) => boolean,
): PlanIssues {
  const issues: PlanIssues = {};
  // The first problem found at a path is the one shown; filtering before that choice lets a hard problem
  // surface where an incomplete one at the same path would have hidden it.
  const set: Report = (path, message, kind = 'hard') => {
    if (keep(kind)) issues[path] ??= message;
  };
  for (const [i, ad] of ads.entries()) checkAd(ad, `ads.${i}`, context, set);
  const missing = context.platforms.filter((key) => !ads.some((ad) => ad.platform === key));
  if (missing.length > 0)
    set(
      'ads',
      `Add an ad for ${listOf(
        missing.map((key) => context.rules[key]?.displayName ?? key),
        'and',
      )}`,
      'incomplete',
    );
  return issues;
}

function checkAd(ad: CheckedAd, at: string, context: CreativeContext, set: Report) {
  // The body schema lets an empty address through so an unfinished ad can be saved; a finished one needs it.
  if (ad.destinationUrl?.trim() === '')
    set(`${at}.destinationUrl`, 'Enter the destination URL', 'incomplete');
  const rules = context.rules[ad.platform];
  const name = rules?.displayName ?? ad.platform;
  if (!context.platforms.includes(ad.platform)) {
    set(`${at}.platform`, `${name} is not in this plan`);
    return;
  }
  const specs = rules?.creative;
  const format = formatSpecOf(specs, ad.format);
  if (!specs || !format) {
    set(`${at}.format`, `${name} does not run ${formatName(ad.format)} ads`);
    return;
  }
  if (!format.objectives.includes(context.objectiveId)) {
    set(`${at}.format`, `${name} does not run ${formatName(ad.format)} ads for this campaign's objective`);
  }

  const known = new Set(format.texts.map((t) => t.key));
  for (const key of Object.keys(ad.texts)) {
    if (!known.has(key))
      set(`${at}.texts.${key}`, `${name} ${formatName(ad.format)} ads have no ${key} text`);
  }
  for (const field of format.texts)
    checkText(field, ad.texts[field.key] ?? [], `${at}.texts.${field.key}`, specs, set);

  const media = format.media;
  if (!media) {
    if (ad.assets.length > 0)
      set(`${at}.assets`, `${name} ${formatName(ad.format)} ads have no pictures or videos`);
  } else {
    const what = media.kind === 'image' ? 'image' : 'video';
    if (ad.assets.length < media.minCount)
      set(
        `${at}.assets`,
        `${name} ${formatName(ad.format)} ads need ${media.minCount === media.maxCount ? '' : 'at least '}${plural(media.minCount, what)}`,
        'incomplete',
      );
    else if (ad.assets.length > media.maxCount)
      set(
        `${at}.assets`,
        `${name} ${formatName(ad.format)} ads take at most ${plural(media.maxCount, what)}`,
      );
    for (const [j, use] of ad.assets.entries()) {
      const path = `${at}.assets.${j}`;
      const asset = context.assets[use.assetId];
      if (!asset) {
        set(`${path}.assetId`, 'Asset not found');
        continue;
      }
      if (asset.kind !== media.kind) {
        set(
          `${path}.assetId`,
          `Choose ${media.kind === 'image' ? 'an image' : 'a video'} for ${name} ${formatName(ad.format)} ads`,
        );
        continue;
      }
      if (asset.kind === 'image') checkImage(asset, use, format.placements, specs, path, set);
      else checkVideo(asset, format.placements, specs, path, set);
    }
  }

  if (!specs.callsToAction.some((c) => c.key === ad.callToAction))
    set(`${at}.callToAction`, `Choose one of ${name}'s calls to action`);
}

function checkText(
  field: TextFieldSpec,
  entries: readonly string[],
  path: string,
  specs: CreativeSpecs,
  set: Report,
) {
  const label = lower(field.label);
  const name = specs.displayName;
  entries.forEach((text, j) => {
    const length = textLength(text, specs.counting);
    const at = field.maxCount > 1 ? `${path}.${j}` : path;
    if (length < field.minLength) {
      if (text.trim() === '') set(at, `Enter the ${label}`, 'incomplete');
      else set(at, `${name} needs at least ${plural(field.minLength, 'character')} here`);
    } else if (length > field.maxLength)
      set(
        at,
        `${name} allows at most ${plural(field.maxLength, 'character')} here (this has ${length.toLocaleString('en')})`,
      );
  });
  const filled = entries.filter((t) => t.trim() !== '').length;
  if (filled < field.minCount)
    set(
      path,
      field.maxCount > 1
        ? `${name} needs at least ${plural(field.minCount, label, label)}`
        : `Enter the ${label}`,
      'incomplete',
    );
  // Not `else`: too many entries, some of them empty, is still too many for a save.
  if (entries.length > field.maxCount)
    set(path, `${name} takes at most ${field.maxCount.toLocaleString('en')} ${label}`);
}

function checkImage(
  asset: AssetFacts,
  use: { focalX: number; focalY: number },
  placements: readonly string[],
  specs: CreativeSpecs,
  path: string,
  set: Report,
) {
  const name = specs.displayName;
  if (!specs.image.mimeTypes.includes(asset.mimeType))
    return set(
      `${path}.assetId`,
      `${name} takes ${listOf(specs.image.mimeTypes.map(mimeName))} images, not ${mimeName(asset.mimeType)}`,
    );
  if (asset.byteSize > specs.image.maxBytes)
    return set(
      `${path}.assetId`,
      `${name} images are at most ${megabytes(specs.image.maxBytes)} (this one is ${megabytes(asset.byteSize)})`,
    );
  for (const key of placements) {
    const placement = specs.placements.find((p) => p.key === key);
    const aspect = placement?.aspects[0];
    if (!placement || !aspect) continue;
    const crop = cropRect(asset.width, asset.height, aspectValue(aspect.key), use.focalX, use.focalY);
    if (crop.width < aspect.minWidth || crop.height < aspect.minHeight)
      return set(
        `${path}.assetId`,
        `${name} ${placement.label} needs at least ${aspect.minWidth} × ${aspect.minHeight} pixels at ${aspect.key}; this picture gives ${crop.width} × ${crop.height}`,
      );
  }
}

function checkVideo(
  asset: AssetFacts,
  placements: readonly string[],
  specs: CreativeSpecs,
  path: string,
  set: Report,
) {
  const { video, displayName: name } = specs;
  const seconds = (asset.durationMs ?? 0) / 1000;
  if (!video.mimeTypes.includes(asset.mimeType))
    return set(`${path}.assetId`, `${name} takes ${listOf(video.mimeTypes.map(mimeName))} videos`);
  if (asset.byteSize > video.maxBytes)
    return set(
      `${path}.assetId`,
      `${name} videos are at most ${megabytes(video.maxBytes)} (this one is ${megabytes(asset.byteSize)})`,
    );
  if (seconds < video.minSeconds || seconds > video.maxSeconds)
    return set(
      `${path}.assetId`,
      `${name} videos run ${duration(video.minSeconds)} to ${duration(video.maxSeconds)} (this one runs ${duration(seconds)})`,
    );
  if (asset.width < video.minWidth || asset.height < video.minHeight)
    return set(
      `${path}.assetId`,
      `${name} videos are at least ${video.minWidth} × ${video.minHeight} pixels (this one is ${asset.width} × ${asset.height})`,
    );
  const aspects = [
    ...new Set(
      placements.flatMap(
        (key) => specs.placements.find((p) => p.key === key)?.aspects.map((a) => a.key) ?? [],
      ),
    ),
  ];
  if (
    aspects.length > 0 &&
    !aspects.some((key) => matchesAspect(asset.width, asset.height, aspectValue(key)))
  )
    return set(
      `${path}.assetId`,
      `${name} videos are ${listOf(aspects)}; this one is ${asset.width} × ${asset.height}`,
    );
}

/** What the platform would cut off: `{ path: message }` for the texts past their truncation point. */
export function creativeWarnings(ads: readonly CheckedAd[], rules: RulesByPlatform): PlanIssues {
  const warnings: PlanIssues = {};
  ads.forEach((ad, i) => {
    const specs = specsOf(rules, ad.platform);
    const format = formatSpecOf(specs, ad.format);
    if (!specs || !format) return;
    for (const field of format.texts) {
      if (field.truncateAt === null) continue;
      (ad.texts[field.key] ?? []).forEach((text, j) => {
        const length = textLength(text, specs.counting);
        if (length > field.truncateAt! && length <= field.maxLength)
          warnings[field.maxCount > 1 ? `ads.${i}.texts.${field.key}.${j}` : `ads.${i}.texts.${field.key}`] =
            `${specs.displayName} shows about ${plural(field.truncateAt!, 'character')} before cutting it off`;
      });
    }
  });
  return warnings;
}
