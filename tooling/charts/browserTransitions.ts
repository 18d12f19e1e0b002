/**
 * The browser level of path coverage, as a file: which transitions of which chart the real app's actors
 * took in a Playwright run (`[{ machine, key }]`, `key` as `transitionKey` of machines/chart.ts, one entry
 * per transition, sorted). The e2e fixture (e2e/support/test.ts) merges each test's transitions into its
 * lane's file, Playwright's global teardown (scripts/test-e2e-transitions.ts) merges the lanes' files into
 * `test-results/browser-transitions.json`, and `npm run test:paths` reads that one.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const BROWSER_TRANSITIONS_FILE_NAME = 'browser-transitions.json';
/** The merged file `npm run test:paths` reads (Playwright empties `test-results/` at the start of a run). */
export const BROWSER_TRANSITIONS_FILE = `test-results/${BROWSER_TRANSITIONS_FILE_NAME}`;

export interface TakenTransition {
  machine: string;
  key: string;
}

export const takenTransitionId = ({ machine, key }: TakenTransition) => `${machine}\n${key}`;

export const isTakenTransition = (value: unknown): value is TakenTransition =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as TakenTransition).machine === 'string' &&
  typeof (value as TakenTransition).key === 'string';

/** The entries of `file`; none when it is missing or not such a list (a file that is not ours). */
export function readTakenTransitions(file: string): TakenTransition[] {
  try {
    if (!existsSync(file)) return [];
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return Array.isArray(parsed) ? parsed.filter(isTakenTransition) : [];
  } catch {
    return [];
  }
}

/**
 * Adds `taken` to `file`: read, merge (one entry per transition), sort, write a temporary file, rename, so a
 * reader never sees half of it. A file that is not ours (or half written by an older run) is replaced.
 */
export function mergeTakenTransitions(file: string, taken: Iterable<TakenTransition>): void {
  const all = new Map(readTakenTransitions(file).map((entry) => [takenTransitionId(entry), entry]));
  for (const entry of taken) all.set(takenTransitionId(entry), entry);
  const sorted = [...all.values()].sort((a, b) => takenTransitionId(a).localeCompare(takenTransitionId(b)));
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(sorted, null, 1)}\n`);
  renameSync(temporary, file);
}
