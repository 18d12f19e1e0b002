import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { ALIASES } from './aliases';

const resolve = { alias: ALIASES };

/** The API suites of launching, changing, pausing, deleting and delivery: run again through the real connectors. */
const REAL_CONNECTOR_SUITES = [
  'tests/api/connections-launch.test.ts',
  'tests/api/jobs-campaigns.test.ts',
  'tests/api/live-change.test.ts',
  'tests/api/planning-preflight.test.ts',
  'tests/api/planning-interests-google-ads.test.ts',
  'tests/delivery/sync.test.ts',
  'tests/delivery/sync-jobs.test.ts',
  'tests/delivery/sync-pipeline.test.ts',
];

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: a single worker on the 2-core CI machine. The
    // files spend much of their time waiting (on PostgreSQL, on the views' promises and timers), so a
    // second worker shortens the run. A third shortened npm test (unit beside e2e) by ~40 s on the idle
    // machine but starved the property tests past their timeouts: two it is (README, "Tests").
    //
    // Module isolation: off for the two jsdom projects, on for `node`. Isolated, every jsdom file imported
    // React, Ark UI, XState and the app afresh in a new worker: over half of their CPU time. Without it a
    // worker's files share one module graph and one jsdom page, which is safe because what a file changes
    // is put back: Testing Library's cleanup and Ark UI's focus-visible tracking after every test, module
    // loads still in flight before a file ends (a cut load would stay failed for the later files; all in
    // tests/support/webSetup.ts), fetch stubs and spies by each file, the step-up the shell provides
    // (tests/web/support/stepUp.ts), and vitest restores spies after each file. `vi.mock` is no longer per
    // file: a module evaluated before the mock was registered keeps what it imported, and the mock stays
    // registered for the files after. So a file mocks a module only where no other file of its project
    // evaluates its importers first (uPlot's report chart, the platforms page's leavePage; the pacing chart
    // then gets the uPlot stub, and draws nothing under jsdom either way), or mocks it exactly as every other
    // file that loads it does (the view path files' `@xstate/react`), or swaps a seam at run time instead
    // (`answerStepUps`). The node files keep isolation: they share module state (database pools, env), and
    // the whole suite without isolation was not measurably faster and failed one more test (README, "Tests").
    // `npm test` passes `--maxWorkers` itself: the cores the browser tests leave (scripts/run-tests.ts).
    maxWorkers: 2,
    projects: [
      {
        resolve,
        test: {
          name: 'node',
          environment: 'node',
          include: ['tests/**/*.test.ts'],
          exclude: ['tests/web/**'],
          globalSetup: ['tests/support/globalSetup.ts'],
          // A guard against hangs, not a measure: the property tests and password hashing run beside the
          // browser tests at nice 10 in npm test, and 20 s was too tight for them there.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Issue 29: the launch and delivery suites once more, with Meta and Google Ads through their real API
        // connectors (HTTP in the Marketing API and Google Ads API formats) to the local stand-ins
        // (tests/support/connectors.ts). Every other platform stays on the in-process sandbox.
        resolve,
        test: {
          name: 'real-connectors',
          environment: 'node',
          include: REAL_CONNECTOR_SUITES,
          globalSetup: ['tests/support/globalSetup.ts'],
          env: { TEST_PLATFORM_CONNECTORS: 'meta=graph,google=googleads' },
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react(), vanillaExtractPlugin()],
        resolve,
        test: {
          name: 'web',
          environment: 'jsdom',
          isolate: false,
          include: ['tests/web/**/*.test.{ts,tsx}'],
          exclude: ['tests/web/paths/**'],
          setupFiles: ['tests/support/webSetup.ts'],
          testTimeout: 60_000,
        },
      },
      {
        // The generated view path tests (every chart path through its real view) are the slowest files of
        // the run: their own project, so `vitest run --project view-paths` runs them alone and the report
        // shows their share; they share the two workers with the others and start first (slowest first).
        plugins: [react(), vanillaExtractPlugin()],
        resolve,
        test: {
          name: 'view-paths',
          environment: 'jsdom',
          isolate: false,
          include: ['tests/web/paths/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/support/webSetup.ts'],
          testTimeout: 60_000,
        },
      },
    ],
  },
});
