import type { AspectSpec, FormatSpec, TextFieldSpec } from '@contract/creative';

/** Shorthands for writing a platform's creative specs as data. */

export const MB = 1024 * 1024;
export const ALL_OBJECTIVES = [1, 2, 3, 4, 5, 6];

/** A text field; `count` is how many entries it takes (a plain field takes one, optional ones zero or one). */
export function text(
  key: string,
  label: string,
  maxLength: number,
  options: { truncateAt?: number; min?: number; count?: [number, number]; multiline?: boolean } = {},
): TextFieldSpec {
  const [minCount, maxCount] = options.count ?? [1, 1];
  return {
    key,
    label,
    minCount,
    maxCount,
    minLength: options.min ?? 1,
    maxLength,
    truncateAt: options.truncateAt ?? null,
    multiline: options.multiline ?? false,
  };
}

export function aspect(key: string, minWidth: number, minHeight: number): AspectSpec {
  const [w, h] = key.split(':').map(Number) as [number, number];
  return { key, width: w, height: h, minWidth, minHeight };
}

export const cta = (key: string, label: string) => ({ key, label });

/**
 * A responsive search ad as Google Ads and Microsoft Advertising both define it: 3 to 15 headlines of 30,
 * 2 to 4 descriptions of 90, two display-path fields of 15; traffic, leads and sales campaigns.
 */
export const responsiveSearchAd = (): FormatSpec => ({
  key: 'responsive_search',
  objectives: [2, 4, 6],
  texts: [
    text('headline', 'Headlines', 30, { count: [3, 15] }),
    text('description', 'Descriptions', 90, { count: [2, 4] }),
    text('path', 'Display path', 15, { count: [0, 2] }),
  ],
  media: null,
  placements: ['search'],
});
