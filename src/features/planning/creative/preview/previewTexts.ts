import {
  type Ad,
  type CreativeSpecs,
  clipText,
  type FormatSpec,
  type PlacementKind,
  type TextFieldSpec,
  textLength,
} from '@contract/creative';

/**
 * Which of the ad's text fields each part of a mock shows. The platforms name the same part differently
 * (Meta's primary text is LinkedIn's introductory text and TikTok's ad text), so a part lists the keys it
 * reads, the first the ad's format has winning.
 */
export type TextRole = 'brand' | 'body' | 'headline' | 'description';

const ROLE_KEYS: Record<Exclude<PlacementKind, 'search'>, Partial<Record<TextRole, readonly string[]>>> = {
  feed: {
    brand: ['businessName', 'displayName', 'brandName'],
    body: ['primaryText', 'introText', 'adText'],
    headline: ['headline', 'longHeadline', 'title'],
    description: ['description'],
  },
  story: {
    brand: ['displayName', 'brandName', 'businessName'],
    body: ['adText', 'primaryText', 'introText'],
    headline: ['headline', 'title'],
  },
  spotlight: {
    brand: ['brandName', 'displayName', 'businessName'],
    headline: ['headline', 'title'],
  },
  pin: {
    brand: ['businessName', 'brandName'],
    headline: ['title', 'headline'],
  },
};

/** What a mock draws for one text: the part the platform shows, and whether it cut the rest off. */
export interface ShownText {
  text: string;
  /** The platform cuts the text here with "…" (or "… See more"). */
  truncated: boolean;
}

/**
 * The text as the placement shows it: cut at the field's truncation point, or past its hard limit at the
 * limit (the platform would refuse the rest; the counter under the field says so).
 */
export function shownText(text: string, field: TextFieldSpec | undefined, specs: CreativeSpecs): ShownText {
  if (!field) return { text, truncated: false };
  const length = textLength(text, specs.counting);
  if (field.truncateAt !== null && length > field.truncateAt) {
    return { text: clipText(text, field.truncateAt, specs.counting).trimEnd(), truncated: true };
  }
  if (length > field.maxLength)
    return { text: clipText(text, field.maxLength, specs.counting), truncated: false };
  return { text, truncated: false };
}

/** A part of the mock: absent when the ad's format has no such field, empty (a grey block) when unwritten. */
export type PreviewText = { kind: 'absent' } | { kind: 'empty' } | ({ kind: 'text' } & ShownText);

const ABSENT: PreviewText = { kind: 'absent' };

function fieldFor(format: FormatSpec | undefined, ad: Ad, keys: readonly string[]) {
  if (format) {
    const field = format.texts.find((f) => keys.includes(f.key));
    return field ? { key: field.key, field } : undefined;
  }
  // A format the specs do not know (a plan saved before a platform dropped it): draw what was typed.
  const key = keys.find((k) => ad.texts[k] !== undefined);
  return key ? { key, field: undefined } : undefined;
}

/** The `index`th entry of the field the role reads in `kind`'s mock. */
export function roleText(
  kind: Exclude<PlacementKind, 'search'>,
  role: TextRole,
  ad: Ad,
  format: FormatSpec | undefined,
  specs: CreativeSpecs,
  index = 0,
): PreviewText {
  const keys = ROLE_KEYS[kind][role];
  if (!keys) return ABSENT;
  const found = fieldFor(format, ad, keys);
  if (!found) return ABSENT;
  const value = ad.texts[found.key]?.[index] ?? '';
  if (value.trim() === '') return { kind: 'empty' };
  return { kind: 'text', ...shownText(value, found.field, specs) };
}

/** The advertiser's name as the placement shows it: the ad's own brand field, else the account's brand. */
export function brandText(
  kind: Exclude<PlacementKind, 'search'>,
  ad: Ad,
  format: FormatSpec | undefined,
  specs: CreativeSpecs,
  fallback: string,
): string {
  const own = roleText(kind, 'brand', ad, format, specs);
  if (own.kind === 'text') return own.truncated ? `${own.text}…` : own.text;
  return fallback.trim();
}

/** The call to action's label on the platform's button; null before one is chosen. */
export function callToActionLabel(ad: Ad, specs: CreativeSpecs): string | null {
  return specs.callsToAction.find((c) => c.key === ad.callToAction)?.label ?? null;
}

/** The initial on the avatar circle, a whole grapheme ("É", "👟"), upper case. */
export function initialOf(name: string): string {
  const first = Array.from(
    new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(name.trim()),
  )[0];
  return first ? first.segment.toLocaleUpperCase() : '';
}
