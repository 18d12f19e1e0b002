import { OBJECTIVES } from '../reference';

/**
 * A campaign's objective as the standard's free text (`campaign.objective`, a line item's `kpi`) and
 * back. The words are what planners and tools write ("Lead Generation", "Conversions", "Reach").
 */

/** The line items' `kpi` we write per objective id. */
export const OBJECTIVE_KPIS: Readonly<Record<number, string>> = {
  1: 'Reach',
  2: 'Clicks',
  3: 'Engagements',
  4: 'Leads',
  5: 'App installs',
  6: 'Conversions',
};

// First match wins, most specific first: "App install conversions" is app promotion, "Lead conversions" leads.
const WORDS: readonly [RegExp, number][] = [
  [/\bapp\b|install/, 5],
  [/\blead/, 4],
  [/sale|conversion|purchase|revenue|\broas\b|\bcpa\b/, 6],
  [/traffic|click|visit|\bcpc\b/, 2],
  [/engag|interaction|\blike|video view/, 3],
  [/awareness|reach|impression|brand|\bcpm\b/, 1],
];

/** The objective id a text names, or null when none of the words fits. */
export function objectiveOfText(text: string | undefined): number | null {
  if (!text) return null;
  const lower = text.toLowerCase();
  return WORDS.find(([pattern]) => pattern.test(lower))?.[1] ?? null;
}

export const objectiveLabel = (id: number) => OBJECTIVES.find((o) => o.id === id)?.label ?? String(id);
