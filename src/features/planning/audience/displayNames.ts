/**
 * Country and language names in the person's language (`Intl.DisplayNames`): the contract keeps codes
 * only, so a French planner reads "Allemagne" where an English one reads "Germany".
 */

const locale = () => (typeof navigator !== 'undefined' && navigator.language) || 'en-US';

const cache = new Map<string, Intl.DisplayNames | null>();
function names(type: 'region' | 'language'): Intl.DisplayNames | null {
  const key = `${locale()}|${type}`;
  if (!cache.has(key)) {
    try {
      cache.set(key, new Intl.DisplayNames([locale()], { type, fallback: 'code' }));
    } catch {
      cache.set(key, null);
    }
  }
  return cache.get(key) ?? null;
}

export const countryName = (code: string) => names('region')?.of(code) ?? code;
export const languageName = (code: string) => names('language')?.of(code) ?? code;

/** Accents and case ignored: "cote" finds "Côte d’Ivoire". */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase();

export interface NamedCode {
  value: string;
  label: string;
}

/**
 * The codes whose name (or code) matches what was typed, names starting with it first, then containing
 * it; chosen ones left out. Every code when nothing is typed, alphabetically.
 */
export function matchingCodes(
  codes: readonly string[],
  nameOf: (code: string) => string,
  query: string,
  chosen: readonly string[],
  limit = 50,
): NamedCode[] {
  const q = fold(query.trim());
  const named = codes
    .filter((code) => !chosen.includes(code))
    .map((code) => ({ value: code, label: nameOf(code), folded: fold(nameOf(code)) }));
  const starts = named.filter((n) => n.folded.startsWith(q) || n.value.toLowerCase() === q);
  const contains = q ? named.filter((n) => !starts.includes(n) && n.folded.includes(q)) : [];
  const byName = (a: NamedCode, b: NamedCode) => a.label.localeCompare(b.label, locale());
  return [...starts.sort(byName), ...contains.sort(byName)]
    .slice(0, limit)
    .map(({ value, label }) => ({ value, label }));
}

const compact = () => new Intl.NumberFormat(locale(), { notation: 'compact', maximumFractionDigits: 1 });

/** 1_200_000, 1_400_000 → "1.2M – 1.4M people". */
export function formatReach(lower: number, upper: number): string {
  const format = compact();
  return lower === upper
    ? `${format.format(lower)} people`
    : `${format.format(lower)} – ${format.format(upper)} people`;
}
