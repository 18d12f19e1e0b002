import { defineConfig, devices } from '@playwright/test';
import { OWN_USERS, READS_ONLY } from './e2e/support/lanes';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/support/chromium';

const PORT = Number(process.env.E2E_PORT ?? 3210);
const DATA_DIR = 'data/e2e';
/**
 * A second server with Meta and Google Ads on their real API connectors (issue 29), for the journey of
 * e2e/real-platforms.spec.ts: its own database, so its sandbox clock moves nobody else's day.
 */
const REAL_PORT = PORT + 2;
const REAL_SPEC = /real-platforms\.spec\.ts$/;

/**
 * The second lane: journeys that sign up their own users (or stay signed out) and never touch the seeded demo
 * user's data. They run in a second worker beside the others, against the same server. Every other journey
 * signs in as the demo user and changes what the others count, enrol or delete (campaigns, customers,
 * budgets, step-up cooldowns), so those stay one at a time in their own lane. A journey joins the own-users
 * lane only if it holds to that too: a whole spec file by its name here, a single test by the tag
 * `@own-users` (`test('…', { tag: OWN_USERS }, …)`, e2e/support/lanes.ts), or by `@reads-only` when it signs
 * in as the demo user but only reads and asserts nothing the demo lane's journeys could change.
 *
 * The demo lane is the run's critical path (one journey at a time); whatever can leave it, should.
 */
const INDEPENDENT_SPECS = [
  'challenge.spec.ts',
  'settings.spec.ts',
  'platforms.spec.ts',
  'delivery-loop.spec.ts',
  'security.spec.ts',
  'recovery-codes.spec.ts',
  'shell.spec.ts',
];
/** Matched against "project file describe… title tags" (Playwright's grep). */
const OWN_USERS_LANE = [
  new RegExp(`(^|\\s)${OWN_USERS}(\\s|$)`),
  new RegExp(`(^|\\s)${READS_ONLY}(\\s|$)`),
  ...INDEPENDENT_SPECS.map((file) => new RegExp(`(^|[\\s/])${file.replaceAll('.', '\\.')}(\\s|$)`)),
];

const chromium = {
  ...devices['Desktop Chrome'],
  // *.brand.test is this machine: an organization's custom domain, served by the same server (e2e/settings.spec.ts).
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP *.brand.test 127.0.0.1'],
  },
};

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  // One worker per lane (see INDEPENDENT_SPECS); more would make the demo user's specs race each other.
  workers: 2,
  // No retries: a journey passes first time or the run fails (a retry hid real races, e.g. "Sync now" just
  // after the quarter-hour schedule). The suite waits for what the page shows, never for a time, so a slow
  // or busy machine makes it slower, not red.
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // The JSON report has each test's duration and lane: where the run's time goes (README, "Tests").
  reporter: process.env.CI ? [['line'], ['json', { outputFile: 'test-results/e2e-report.json' }]] : 'list',
  // Guards against a hang, sized for a slow 2-core machine with one core busy elsewhere, never a measure:
  // a journey takes 3–25 s on an idle machine; an expectation's wait ends as soon as the page shows it.
  timeout: 180_000,
  expect: { timeout: 20_000 },
  // The lanes record browser transitions into separate folders (two writers of one file could lose an
  // update); the teardown merges them into test-results/browser-transitions.json for `npm run test:paths`.
  globalTeardown: './scripts/test-e2e-transitions.ts',
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    actionTimeout: 30_000,
    navigationTimeout: 60_000,
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      grepInvert: OWN_USERS_LANE,
      testIgnore: REAL_SPEC,
      workers: 1,
      use: chromium,
    },
    {
      name: 'chromium-own-users',
      grep: OWN_USERS_LANE,
      testIgnore: REAL_SPEC,
      workers: 1,
      outputDir: 'test-results/own-users',
      use: chromium,
    },
    {
      name: 'chromium-real-platforms',
      testMatch: REAL_SPEC,
      workers: 1,
      outputDir: 'test-results/real-platforms',
      use: { ...chromium, baseURL: `http://localhost:${REAL_PORT}` },
    },
  ],
  // A fresh embedded database per run: the journeys start from the seeded demo data.
  webServer: [
    {
      command: `rm -rf ${DATA_DIR} && tsx server/main.ts`,
      env: {
        PORT: String(PORT),
        DATA_DIR,
        SANDBOX_DELAY_MS: '50',
        // The delivery journey moves the sandbox platforms' day (a development control, off in a normal start).
        SANDBOX_CLOCK_CONTROL: 'on',
        // The local identity provider of the single sign-on journey (docs/sso.md), on a port of its own.
        DEMO_IDP: 'on',
        DEMO_IDP_PORT: String(PORT + 1),
        SANDBOX_REVIEW_MS: '800',
        JOBS_POLL_SECONDS: '0.5',
        JOBS_STATUS_POLL_MS: '300',
        // The charts explorer's journey reads a coverage file of its own (e2e/fixtures/chart-coverage.json).
        CHARTS_COVERAGE_FILE: 'e2e/fixtures/chart-coverage.json',
      },
      url: `http://localhost:${PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
    },
    {
      command: `rm -rf ${DATA_DIR}-real && tsx server/main.ts`,
      env: {
        PORT: String(REAL_PORT),
        DATA_DIR: `${DATA_DIR}-real`,
        PLATFORM_CONNECTORS: 'meta=graph,google=googleads,*=sandbox',
        SANDBOX_DELAY_MS: '20',
        SANDBOX_CLOCK_CONTROL: 'on',
        SANDBOX_REVIEW_MS: '800',
        JOBS_POLL_SECONDS: '0.5',
        JOBS_STATUS_POLL_MS: '300',
      },
      url: `http://localhost:${REAL_PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
    },
  ],
});
