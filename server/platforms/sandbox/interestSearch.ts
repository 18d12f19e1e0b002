import type { Interest } from '@contract/planning';

/** Lower case without accents, so "cafe" finds "Cafés" and "ECONOMIE" finds "Économie". */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

/**
 * How well `interest` matches the folded `query`: 0 its name starts with it, 1 a word of its name does,
 * 2 its name contains it, 3 only its place in the taxonomy does; null no match.
 */
function rank(interest: Interest, query: string): number | null {
  const name = foldForSearch(interest.name);
  if (name.startsWith(query)) return 0;
  if (name.split(/[^\p{L}\p{N}]+/u).some((word) => word.startsWith(query))) return 1;
  if (name.includes(query)) return 2;
  if (interest.path.some((part) => foldForSearch(part).includes(query))) return 3;
  return null;
}

/**
 * A taxonomy searched like the platforms' own type-ahead: prefix matches first, then the largest
 * audiences; an empty query lists the most popular interests.
 */
export function searchTaxonomy(taxonomy: readonly Interest[], query: string, limit: number): Interest[] {
  const folded = foldForSearch(query);
  const matches: { interest: Interest; rank: number }[] = [];
  for (const interest of taxonomy) {
    const r = folded === '' ? 0 : rank(interest, folded);
    if (r !== null) matches.push({ interest, rank: r });
  }
  matches.sort(
    (a, b) =>
      a.rank - b.rank ||
      b.interest.audienceSize - a.interest.audienceSize ||
      a.interest.name.localeCompare(b.interest.name),
  );
  return matches.slice(0, Math.max(0, limit)).map((m) => m.interest);
}
