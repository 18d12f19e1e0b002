/**
 * Playwright's global teardown: merges the browser transitions each lane recorded
 * (`test-results/**\/browser-transitions.json`, see playwright.config.ts) into
 * `test-results/browser-transitions.json`, the one file `npm run test:paths` reads.
 * The lanes write separate files because two workers merging into one could lose an update.
 */
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = 'test-results';
const FILE_NAME = 'browser-transitions.json';

interface TakenTransition {
  machine: string;
  key: string;
}

const isTaken = (value: unknown): value is TakenTransition =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as TakenTransition).machine === 'string' &&
  typeof (value as TakenTransition).key === 'string';

function read(file: string): TakenTransition[] {
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return Array.isArray(parsed) ? parsed.filter(isTaken) : [];
  } catch {
    return [];
  }
}

export default function mergeBrowserTransitions(): void {
  if (!existsSync(ROOT)) return;
  const laneFiles = readdirSync(ROOT, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join(ROOT, entry.name, FILE_NAME))
    .filter((file) => existsSync(file));
  if (laneFiles.length === 0) return;
  const target = path.join(ROOT, FILE_NAME);
  const all = new Map<string, TakenTransition>();
  for (const file of [target, ...laneFiles]) {
    for (const entry of read(file)) all.set(`${entry.machine}\n${entry.key}`, entry);
  }
  // Same order and layout as e2e/support/test.ts writes, so a merged file reads like a one-lane one.
  const sorted = [...all.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, entry]) => entry);
  const temporary = `${target}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(sorted, null, 1)}\n`);
  renameSync(temporary, target);
}
