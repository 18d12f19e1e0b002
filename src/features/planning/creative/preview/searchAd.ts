import { type Ad, type CreativeSpecs, type FormatSpec, parseHttpsUrl } from '@contract/creative';
import { shownText } from './previewTexts';

/**
 * A responsive search ad as Google and Microsoft draw it on a results page: the display URL (the landing
 * page's host and the ad's display path), up to three headlines joined by " | " and up to two descriptions.
 * The platforms pick and rotate the entries; the preview shows them in the order typed.
 */

const SHOWN_HEADLINES = 3;
const SHOWN_DESCRIPTIONS = 2;

const written = (entries: readonly string[] | undefined) => (entries ?? []).filter((e) => e.trim() !== '');

/** `www.example.com/shoes/running`; null while the destination URL is not a full https address. */
export function displayUrl(ad: Ad): string | null {
  const url = parseHttpsUrl(ad.destinationUrl.trim());
  if (!url) return null;
  const path = written(ad.texts.path).map((p) => p.trim());
  return [url.hostname, ...path].join('/');
}

function entries(ad: Ad, format: FormatSpec | undefined, specs: CreativeSpecs, key: string, count: number) {
  const field = format?.texts.find((f) => f.key === key);
  return written(ad.texts[key])
    .slice(0, count)
    .map((text) => shownText(text, field, specs).text);
}

export function searchHeadline(ad: Ad, format: FormatSpec | undefined, specs: CreativeSpecs): string {
  return entries(ad, format, specs, 'headline', SHOWN_HEADLINES).join(' | ');
}

export function searchDescription(ad: Ad, format: FormatSpec | undefined, specs: CreativeSpecs): string {
  return entries(ad, format, specs, 'description', SHOWN_DESCRIPTIONS).join(' ');
}
