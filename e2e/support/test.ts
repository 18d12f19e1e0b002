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
 * empties `test-results/` at the start of each run; the file's format and the merge:
 * tooling/charts/browserTransitions.ts). Recording never fails a test.
 */
import path from 'node:path';
import { test as base } from '@playwright/test';
import {
  BROWSER_TRANSITIONS_FILE_NAME,
  isTakenTransition,
  mergeTakenTransitions,
  type TakenTransition,
  takenTransitionId,
} from '@tooling/charts/browserTransitions';
import { withDatabase } from './db';

export * from '@playwright/test';

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
        for (const entry of entries) if (isTakenTransition(entry)) taken.set(takenTransitionId(entry), entry);
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
        mergeTakenTransitions(
          path.join(testInfo.project.outputDir, BROWSER_TRANSITIONS_FILE_NAME),
          taken.values(),
        );
      } catch (error) {
        console.warn(`browser transitions not recorded: ${String(error)}`);
      }
    },
    { auto: true },
  ],
});
