import * as v from 'valibot';

/**
 * What an ad platform accepts as an ad, as data its connector supplies (the sandbox's files live in
 * server/platforms/sandbox/data/creative/, each with the help pages it was read from). The creative
 * step's checks (checks.ts) take these as input, so the browser's counters and the server's 400 (and the
 * sandbox platform's refusal at launch) name the same rule in the same words.
 */

/** How a platform counts a text's length (docs/creative.md, "Creative specs"). */
export const TEXT_COUNTINGS = ['graphemes', 'graphemes_wide_double'] as const;
/**
 * - `graphemes`: what a reader sees as one character is one (an emoji, a letter with combining marks).
 * - `graphemes_wide_double`: the same, but a double-width character (Chinese, Japanese, Korean, full-width
 *   forms) counts as two, as Google Ads and Microsoft Advertising count.
 */
export type TextCounting = (typeof TEXT_COUNTINGS)[number];

export const TextFieldSpecSchema = v.object({
  /** The wire's key in an ad's `texts` (`headline`, `description`, `primaryText`, ...). */
  key: v.string(),
  label: v.string(),
  /** How many entries the field takes: 1..1 for a plain field, 3..15 for a search ad's headlines. */
  minCount: v.number(),
  maxCount: v.number(),
  /** Each entry's hard limit, in the platform's counting: past it the platform refuses the ad. */
  maxLength: v.number(),
  /** Each entry's minimum length (1 for a required text). */
  minLength: v.number(),
  /** Where the platform cuts the text off with "…" / "See more" in its placements; null = never. */
  truncateAt: v.nullable(v.number()),
  /** A long text (a textarea), not a line. */
  multiline: v.boolean(),
});
export type TextFieldSpec = v.InferOutput<typeof TextFieldSpecSchema>;

export const MEDIA_KINDS = ['image', 'video'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/** The ad formats we plan; each platform supports some of them. */
export const AD_FORMATS = ['single_image', 'video', 'carousel', 'responsive_search'] as const;
export type AdFormat = (typeof AD_FORMATS)[number];
export const AD_FORMAT_LABELS: Record<AdFormat, string> = {
  single_image: 'Single image',
  video: 'Video',
  carousel: 'Carousel',
  responsive_search: 'Responsive search ad',
};

export const FormatSpecSchema = v.object({
  key: v.picklist(AD_FORMATS),
  /** Objective ids (contract/reference.ts OBJECTIVES) the format runs for on this platform. */
  objectives: v.array(v.number()),
  /** The text fields, in the order the platform's own ad editor shows them. */
  texts: v.array(TextFieldSpecSchema),
  /** Null = a text-only format (a search ad). */
  media: v.nullable(v.object({ kind: v.picklist(MEDIA_KINDS), minCount: v.number(), maxCount: v.number() })),
  /** Where an ad of this format shows (keys of the spec's `placements`). */
  placements: v.array(v.string()),
});
export type FormatSpec = v.InferOutput<typeof FormatSpecSchema>;

/** An aspect ratio a placement takes, with the smallest picture the platform accepts for it. */
export const AspectSpecSchema = v.object({
  /** '1:1', '4:5', '1.91:1', '9:16', '2:3', '16:9' */
  key: v.string(),
  width: v.number(),
  height: v.number(),
  minWidth: v.number(),
  minHeight: v.number(),
});
export type AspectSpec = v.InferOutput<typeof AspectSpecSchema>;

/** How the placement looks (the preview draws one mock per kind). */
export const PLACEMENT_KINDS = ['feed', 'story', 'search', 'pin', 'spotlight'] as const;
export type PlacementKind = (typeof PLACEMENT_KINDS)[number];

export const PlacementSpecSchema = v.object({
  key: v.string(),
  label: v.string(),
  kind: v.picklist(PLACEMENT_KINDS),
  /** The ratios it takes, the one it is drawn in first; empty for text-only placements. */
  aspects: v.array(AspectSpecSchema),
});
export type PlacementSpec = v.InferOutput<typeof PlacementSpecSchema>;

export const CreativeSpecsSchema = v.object({
  platform: v.string(),
  displayName: v.string(),
  counting: v.picklist(TEXT_COUNTINGS),
  formats: v.array(FormatSpecSchema),
  placements: v.array(PlacementSpecSchema),
  image: v.object({
    mimeTypes: v.array(v.string()),
    maxBytes: v.number(),
  }),
  video: v.object({
    mimeTypes: v.array(v.string()),
    maxBytes: v.number(),
    minSeconds: v.number(),
    maxSeconds: v.number(),
    minWidth: v.number(),
    minHeight: v.number(),
  }),
  /** The platform's call-to-action buttons: `key` is what its API takes. */
  callsToAction: v.array(v.object({ key: v.string(), label: v.string() })),
  /** Where these figures come from (the platform's help pages), for the table in docs/creative.md. */
  sources: v.array(v.object({ title: v.string(), url: v.string() })),
});
export type CreativeSpecs = v.InferOutput<typeof CreativeSpecsSchema>;

/** `GET /planning/creative-specs`: every platform's specs, by key. */
export const CreativeSpecsByPlatformSchema = v.record(v.string(), CreativeSpecsSchema);
export type CreativeSpecsByPlatform = Readonly<Record<string, CreativeSpecs>>;

export const formatSpecOf = (specs: CreativeSpecs | undefined, format: string): FormatSpec | undefined =>
  specs?.formats.find((f) => f.key === format);

/** The formats `specs` runs for `objectiveId`, in the platform's order. */
export const formatsFor = (specs: CreativeSpecs | undefined, objectiveId: number): FormatSpec[] =>
  specs?.formats.filter((f) => f.objectives.includes(objectiveId)) ?? [];
