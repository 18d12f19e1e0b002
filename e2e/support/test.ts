/**
 * `test` and `expect` for every e2e spec: Playwright's, with one automatic fixture that records which
 * transitions of which chart the app's actors take (browser-level path coverage, read by
 * `npm run test:paths`).
 *
 * Before any page script runs, every page of the test's context gets `window.__FLIGHTPLAN_INSPECT__ = true`,
 * which makes the app create its actors with an XState `inspect` observer (`src/lib/inspect.ts`). The page
 * reports each transition it has not reported yet through the binding `__flightplanRecordTransitions`, so
 * a full page load or a closed tab loses nothing; when the test ends, whatever the open pages still hold
 * is read too (a page that is gone or navigating is skipped), and the test's transitions are merged into
 * `test-results/browser-transitions.json` (`[{ machine, key }]`, one entry per transition; Playwright
 * empties `test-results/` at the start of each run). Recording never fails a test.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test as base } from '@playwright/test';
import { withDatabase } from './db';

export * from '@playwright/test';

interface TakenTransition {
  machine: string;
  key: string;
}

const FILE_NAME = 'browser-transitions.json';

const entryId = ({ machine, key }: TakenTransition) => `${machine}\n${key}`;

const isTaken = (value: unknown): value is TakenTransition =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as TakenTransition).machine === 'string' &&
  typeof (value as TakenTransition).key === 'string';

/** Adds `taken` to the file (read, merge, write a temporary file, rename: a reader never sees half of it). */
function mergeIntoFile(file: string, taken: Map<string, TakenTransition>): void {
  let known: TakenTransition[] = [];
  try {
    if (existsSync(file)) known = (JSON.parse(readFileSync(file, 'utf8')) as unknown[]).filter(isTaken);
  } catch {
    // A file that is not ours (or half written by an older run) is replaced.
  }
  const all = new Map(known.map((entry) => [entryId(entry), entry]));
  for (const [id, entry] of taken) all.set(id, entry);
  const sorted = [...all.values()].sort((a, b) => entryId(a).localeCompare(entryId(b)));
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(sorted, null, 1)}\n`);
  renameSync(temporary, file);
}

export const test = base.extend<{ recordTransitions: void; signUpAllowance: void }>({
  // The server lets one network address sign up 20 users an hour (THROTTLE_POLICIES.signup); the suite signs
  // up more than that from loopback, a new user for every journey that must not touch the demo user's data.
  // Each test starts with the allowance whole, so a retried journey cannot push a later one into a 429.
  signUpAllowance: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      await withDatabase((db) => db.query("DELETE FROM login_throttle WHERE key LIKE 'signup:%'"));
      await use();
    },
    { auto: true },
  ],
  recordTransitions: [
    async ({ context }, use, testInfo) => {
      const taken = new Map<string, TakenTransition>();
      const add = (entries: unknown) => {
        if (!Array.isArray(entries)) return;
        for (const entry of entries) if (isTaken(entry)) taken.set(entryId(entry), entry);
      };
      await context.exposeBinding('__flightplanRecordTransitions', (_source, entries: unknown) =>
        add(entries),
      );
      await context.addInitScript(() => {
        window.__FLIGHTPLAN_INSPECT__ = true;
      });

      await use();

      for (const page of context.pages()) {
        if (page.isClosed()) continue;
        try {
          add(await page.evaluate(() => window.__FLIGHTPLAN_TRANSITIONS__ ?? []));
        } catch {
          // Closed or navigating meanwhile: what it reported through the binding is kept.
        }
      }
      try {
        mergeIntoFile(path.join(testInfo.project.outputDir, FILE_NAME), taken);
      } catch (error) {
        console.warn(`browser transitions not recorded: ${String(error)}`);
      }
    },
    { auto: true },
  ],
});
