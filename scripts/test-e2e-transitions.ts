/**
 * Playwright's global teardown: merges the browser transitions each lane recorded
 * (`test-results/**\/browser-transitions.json`, see playwright.config.ts) into
 * `test-results/browser-transitions.json`, the one file `npm run test:paths` reads.
 * The lanes write separate files because two workers merging into one could lose an update.
 * The file's format, and the merge, are tooling/charts/browserTransitions.ts (the e2e fixture writes with it too).
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import {
  BROWSER_TRANSITIONS_FILE,
  BROWSER_TRANSITIONS_FILE_NAME,
  mergeTakenTransitions,
  readTakenTransitions,
} from '@tooling/charts/browserTransitions';

const ROOT = path.dirname(BROWSER_TRANSITIONS_FILE);

export default function mergeBrowserTransitions(): void {
  if (!existsSync(ROOT)) return;
  const laneFiles = readdirSync(ROOT, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join(ROOT, entry.name, BROWSER_TRANSITIONS_FILE_NAME))
    .filter((file) => existsSync(file));
  if (laneFiles.length === 0) return;
  mergeTakenTransitions(BROWSER_TRANSITIONS_FILE, laneFiles.flatMap(readTakenTransitions));
}
