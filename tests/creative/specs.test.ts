import {
  type Ad,
  type AssetFacts,
  aspectValue,
  type CreativeSpecs,
  checkCreative,
  creativeWarnings,
  cropRect,
  type FormatSpec,
  formatsFor,
  type TextFieldSpec,
} from '@contract/creative';
import type { RulesByPlatform } from '@contract/planning';
import { PLATFORMS } from '@contract/reference';
import { SANDBOX_PLATFORMS } from '@server/platforms/sandbox/data';
import { FITS_ALL_IMAGE, FITS_ALL_VIDEO, validAd } from '@tooling/fixtures/creative';
import { describe, expect, it } from 'vitest';

/**
 * Each platform's creative specs as data (server/platforms/sandbox/data/creative/), through the checks
 * the wizard, the server and the sandbox platforms share: every limit at, below and above it, the
 * truncation points, the picture and video specs, the calls to action, an ad missing for a platform.
 */

const RULES: RulesByPlatform = Object.fromEntries(
  [...SANDBOX_PLATFORMS].map(([key, platform]) => [key, platform.rules]),
);
const LIBRARY = { image: 'image-1', video: 'video-1' };
const assetsOf = (image: Partial<AssetFacts> = {}, video: Partial<AssetFacts> = {}) => ({
  [LIBRARY.image]: { id: LIBRARY.image, ...FITS_ALL_IMAGE, ...image },
  [LIBRARY.video]: { id: LIBRARY.video, ...FITS_ALL_VIDEO, ...video },
});

/** A video of the first ratio of `format`'s first placement, 1920 pixels on its long side. */
function fittingVideo(specs: CreativeSpecs, format: FormatSpec): Partial<AssetFacts> {
  const placement = specs.placements.find((p) => p.key === format.placements[0])!;
  const ratio = aspectValue(placement.aspects[0]!.key);
  return ratio >= 1
    ? { width: 1920, height: Math.round(1920 / ratio) }
    : { width: Math.round(1920 * ratio), height: 1920 };
}

/** An ad of `format` that passes `specs`: `validAd`'s texts for the format, the library's assets. */
function adOf(specs: CreativeSpecs, format: FormatSpec): Ad {
  const objectiveId = format.objectives[0]!;
  const base = validAd(specs, objectiveId, LIBRARY);
  const texts = Object.fromEntries(
    format.texts.map((f) => [f.key, Array.from({ length: f.minCount }, (_, i) => `${f.label} ${i + 1}`)]),
  );
  const assets = format.media
    ? Array.from({ length: format.media.minCount }, () => ({
        assetId: format.media!.kind === 'image' ? LIBRARY.image : LIBRARY.video,
        focalX: 0.5,
        focalY: 0.5,
      }))
    : [];
  return { ...base, format: format.key, texts, assets };
}

function check(
  specs: CreativeSpecs,
  format: FormatSpec,
  ad: Ad,
  assets = assetsOf({}, format.media?.kind === 'video' ? fittingVideo(specs, format) : {}),
) {
  return checkCreative([ad], {
    rules: RULES,
    objectiveId: format.objectives[0]!,
    platforms: [specs.platform],
    assets,
  });
}

/** `field`'s entries set to one text of `length` characters (for a field of several, the first entry). */
const withText = (ad: Ad, field: TextFieldSpec, text: string): Ad => ({
  ...ad,
  texts: {
    ...ad.texts,
    [field.key]: [text, ...Array.from({ length: Math.max(0, field.minCount - 1) }, (_, i) => `x${i}`)],
  },
});
const pathOf = (field: TextFieldSpec) => `ads.0.texts.${field.key}${field.maxCount > 1 ? '.0' : ''}`;

describe.each(PLATFORMS.map((p) => p.key))('%s creative specs', (key) => {
  const rules = RULES[key]!;
  const specs = rules.creative;
  const name = specs.displayName;
  const fields = specs.formats.flatMap((format) => format.texts.map((field) => [format, field] as const));

  it('names its platform, and every objective the platform runs has at least one format', () => {
    expect([specs.platform, specs.displayName]).toEqual([key, rules.displayName]);
    for (const objectiveId of rules.objectives)
      expect(formatsFor(specs, objectiveId).length, `objective ${objectiveId}`).toBeGreaterThan(0);
  });

  it('places each format where the platform shows it, each picture placement with known ratios', () => {
    for (const format of specs.formats) {
      expect(format.placements.length, format.key).toBeGreaterThan(0);
      for (const placementKey of format.placements) {
        const placement = specs.placements.find((p) => p.key === placementKey);
        expect(placement, `${format.key} → ${placementKey}`).toBeDefined();
        if (format.media?.kind === 'image') expect(placement!.aspects.length).toBeGreaterThan(0);
        for (const aspect of placement!.aspects) {
          expect(aspectValue(aspect.key), aspect.key).toBeCloseTo(aspect.width / aspect.height, 5);
          expect(aspect.minWidth / aspect.minHeight, aspect.key).toBeCloseTo(aspectValue(aspect.key), 1);
        }
      }
    }
  });

  it('cites the help pages its figures come from', () => {
    expect(specs.sources.length).toBeGreaterThan(0);
    for (const source of specs.sources) expect(source.url).toMatch(/^https:\/\//);
  });

  it('accepts a plain ad of each format', () => {
    for (const format of specs.formats)
      expect(check(specs, format, adOf(specs, format)), format.key).toEqual({});
  });

  it.each(fields.map(([format, field]) => [`${format.key}.${field.key}`, format, field] as const))(
    '%s: accepts its limit and below, refuses above with the limit and the count',
    (_, format, field) => {
      const ad = adOf(specs, format);
      for (const length of [field.maxLength - 1, field.maxLength])
        expect(check(specs, format, withText(ad, field, 'a'.repeat(length))), `${length}`).toEqual({});
      const over = check(specs, format, withText(ad, field, 'a'.repeat(field.maxLength + 1)));
      expect(over).toEqual({
        [pathOf(field)]:
          `${name} allows at most ${field.maxLength.toLocaleString('en')} characters here (this has ${(field.maxLength + 1).toLocaleString('en')})`,
      });
      if (field.minLength > 1)
        expect(check(specs, format, withText(ad, field, 'a'.repeat(field.minLength - 1)))).toEqual({
          [pathOf(field)]: `${name} needs at least ${field.minLength} characters here`,
        });
    },
  );

  it.each(fields.map(([format, field]) => [`${format.key}.${field.key}`, format, field] as const))(
    '%s: takes as many entries as the platform, no fewer and no more',
    (_, format, field) => {
      const ad = adOf(specs, format);
      const path = `ads.0.texts.${field.key}`;
      const entries = (n: number) => ({
        ...ad,
        texts: { ...ad.texts, [field.key]: Array.from({ length: n }, (_, i) => `T${i}`) },
      });
      expect(check(specs, format, entries(field.maxCount))).toEqual({});
      expect(check(specs, format, entries(field.maxCount + 1))[path]).toBe(
        `${name} takes at most ${field.maxCount} ${field.label.toLowerCase()}`,
      );
      if (field.minCount > 0)
        expect(check(specs, format, entries(field.minCount - 1))[path]).toMatch(
          field.maxCount > 1
            ? `${name} needs at least ${field.minCount}`
            : `Enter the ${field.label.toLowerCase()}`,
        );
    },
  );

  it('warns where the platform truncates a text, not before it and not past the limit', () => {
    for (const [format, field] of fields) {
      const ad = adOf(specs, format);
      const warnings = (length: number) => creativeWarnings([withText(ad, field, 'a'.repeat(length))], RULES);
      if (field.truncateAt === null) {
        expect(warnings(field.maxLength), field.key).toEqual({});
        continue;
      }
      expect(warnings(field.truncateAt), field.key).toEqual({});
      expect(warnings(field.truncateAt + 1), field.key).toEqual({
        [pathOf(field)]: `${name} shows about ${field.truncateAt} characters before cutting it off`,
      });
      expect(warnings(field.maxLength + 1), field.key).toEqual({}); // past the limit it is an error instead
    }
  });

  it('offers calls to action with unique keys, and refuses any other', () => {
    expect(specs.callsToAction.length).toBeGreaterThan(0);
    expect(new Set(specs.callsToAction.map((c) => c.key)).size).toBe(specs.callsToAction.length);
    const format = specs.formats[0]!;
    for (const { key: callToAction } of specs.callsToAction)
      expect(check(specs, format, { ...adOf(specs, format), callToAction })).toEqual({});
    expect(check(specs, format, { ...adOf(specs, format), callToAction: 'NOPE' })).toEqual({
      'ads.0.callToAction': `Choose one of ${name}'s calls to action`,
    });
  });

  const imageFormats = specs.formats.filter((f) => f.media?.kind === 'image');
  it.each(imageFormats.map((f) => [f.key, f] as const))(
    '%s: refuses a picture too small for a placement’s first ratio, naming the placement and the pixels',
    (_, format) => {
      const ad = adOf(specs, format);
      const path = 'ads.0.assets.0.assetId';
      // Just big enough for each placement's first ratio in turn: every smaller one names the first that fails.
      for (const placementKey of format.placements) {
        const placement = specs.placements.find((p) => p.key === placementKey)!;
        const aspect = placement.aspects[0]!;
        const width = aspect.minWidth - 1;
        const height = Math.round(width / aspectValue(aspect.key));
        const issues = check(specs, format, ad, assetsOf({ width, height }));
        expect(issues[path], placementKey).toMatch(
          new RegExp(
            `^${name} .+ needs at least \\d+ × \\d+ pixels at [\\d.:]+; this picture gives \\d+ × \\d+$`,
          ),
        );
      }
      const first = specs.placements.find((p) => p.key === format.placements[0])!;
      const aspect = first.aspects[0]!;
      const crop = cropRect(100, 100, aspectValue(aspect.key), 0.5, 0.5);
      expect(check(specs, format, ad, assetsOf({ width: 100, height: 100 }))[path]).toBe(
        `${name} ${first.label} needs at least ${aspect.minWidth} × ${aspect.minHeight} pixels at ${aspect.key}; this picture gives ${crop.width} × ${crop.height}`,
      );
      expect(check(specs, format, ad, assetsOf({ mimeType: 'image/webp' }))[path]).toBe(
        `${name} takes JPEG or PNG images, not WebP`,
      );
      expect(check(specs, format, ad, assetsOf({ byteSize: specs.image.maxBytes + 1 }))[path]).toMatch(
        new RegExp(`^${name} images are at most `),
      );
      expect(check(specs, format, ad, assetsOf({ byteSize: specs.image.maxBytes }))).toEqual({});
      expect(
        check(
          specs,
          format,
          { ...ad, assets: ad.assets.map((a) => ({ ...a, assetId: LIBRARY.video })) },
          assetsOf(),
        )[path],
      ).toBe(`Choose an image for ${name} ${format.key === 'carousel' ? 'carousel' : 'single image'} ads`);
    },
  );

  const videoFormats = specs.formats.filter((f) => f.media?.kind === 'video');
  it.each(videoFormats.map((f) => [f.key, f] as const))(
    '%s: takes videos inside the platform’s length, size, resolution and ratios only',
    (_, format) => {
      const ad = adOf(specs, format);
      const path = 'ads.0.assets.0.assetId';
      const { video } = specs;
      const refused = (facts: Partial<AssetFacts>) =>
        check(specs, format, ad, assetsOf({}, { ...fittingVideo(specs, format), ...facts }))[path];
      expect(refused({ durationMs: video.minSeconds * 1000 })).toBeUndefined();
      expect(refused({ durationMs: video.maxSeconds * 1000 })).toBeUndefined();
      expect(refused({ durationMs: video.minSeconds * 1000 - 600 })).toMatch(
        new RegExp(`^${name} videos run .+ \\(this one runs`),
      );
      expect(refused({ durationMs: video.maxSeconds * 1000 + 1000 })).toMatch(
        new RegExp(`^${name} videos run `),
      );
      expect(refused({ byteSize: video.maxBytes + 1 })).toMatch(new RegExp(`^${name} videos are at most `));
      expect(
        refused({ width: video.minWidth - 1, height: Math.round(((video.minWidth - 1) * 16) / 9) }),
      ).toMatch(new RegExp(`^${name} videos are at least ${video.minWidth} × ${video.minHeight} pixels`));
      const aspects = new Set(
        format.placements.flatMap((k) =>
          specs.placements.find((p) => p.key === k)!.aspects.map((a) => a.key),
        ),
      );
      // A 3:1 banner is no placement's ratio.
      expect(refused({ width: 5760, height: 1920 })).toMatch(
        new RegExp(
          `^${name} videos are ${[...aspects].map((a) => a.replace('.', '\\.')).join('.*')}; this one is 5760 × 1920$`,
        ),
      );
    },
  );

  it('asks for an ad when the plan runs the platform without one', () => {
    expect(
      checkCreative([], { rules: RULES, objectiveId: rules.objectives[0]!, platforms: [key], assets: {} }),
    ).toEqual({
      ads: `Add an ad for ${name}`,
    });
  });
});
