import type { TextCounting } from './specs';

/**
 * A text's length as a platform counts it (specs.ts TextCounting). Graphemes, not UTF-16 code units:
 * "👍🏽" and "é" written as e + ◌́ are one character each, as a reader and the platforms see them.
 */

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Double-width: CJK ideographs, kana, Hangul, and the full-width forms (U+FF01–FF60, U+FFE0–FFE6). */
const WIDE =
  /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff01-\uff60\uffe0-\uffe6]/u;

export function graphemes(text: string): string[] {
  return Array.from(segmenter.segment(text), (s) => s.segment);
}

export function textLength(text: string, counting: TextCounting): number {
  let length = 0;
  for (const { segment } of segmenter.segment(text)) {
    length += counting === 'graphemes_wide_double' && WIDE.test(segment) ? 2 : 1;
  }
  return length;
}

/**
 * The start of `text` that fits in `limit` characters of `counting` (for drawing a truncated preview:
 * the cut never splits a grapheme). The whole text when it fits.
 */
export function clipText(text: string, limit: number, counting: TextCounting): string {
  let length = 0;
  let end = 0;
  for (const { segment, index } of segmenter.segment(text)) {
    const width = counting === 'graphemes_wide_double' && WIDE.test(segment) ? 2 : 1;
    if (length + width > limit) return text.slice(0, index);
    length += width;
    end = index + segment.length;
  }
  return text.slice(0, end);
}

/** Where a text stands against its field: the counter's colour. */
export type LengthState = 'ok' | 'truncated' | 'over';

export function lengthState(
  length: number,
  field: { maxLength: number; truncateAt: number | null },
): LengthState {
  if (length > field.maxLength) return 'over';
  if (field.truncateAt !== null && length > field.truncateAt) return 'truncated';
  return 'ok';
}
