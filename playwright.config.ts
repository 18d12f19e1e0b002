import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3210);
const DATA_DIR = 'data/e2e';

/**
 * Specs that sign up their own users and never touch the seeded demo user's data. They run in a second
 * worker beside the others, against the same server. Every other spec signs in as the demo user and
 * changes what the others count, enrol or delete (campaigns, methods, step-up cooldowns), so those stay
 * one at a time in their own lane. A new spec joins the independent lane only if it holds to that too.
 */
const INDEPENDENT_SPECS = [
  '**/challenge.spec.ts',
  '**/settings.spec.ts',
  '**/platforms.spec.ts',
  '**/delivery-loop.spec.ts',
];

const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  },
};

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  // One worker per lane (see INDEPENDENT_SPECS); more would make the demo user's specs race each other.
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? 'line' : 'list',
  timeout: 30_000,
  // The lanes record browser transitions into separate folders (two writers of one file could lose an
  // update); the teardown merges them into test-results/browser-transitions.json for `npm run test:paths`.
  globalTeardown: './scripts/test-e2e-transitions.ts',
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: INDEPENDENT_SPECS,
      workers: 1,
      use: chromium,
    },
    {
      name: 'chromium-own-users',
      testMatch: INDEPENDENT_SPECS,
      workers: 1,
      outputDir: 'test-results/own-users',
      use: chromium,
    },
  ],
  // A fresh embedded database per run: the journeys start from the seeded demo data.
  webServer: {
    command: `rm -rf ${DATA_DIR} && tsx server/main.ts`,
    env: {
      PORT: String(PORT),
      DATA_DIR,
      SANDBOX_DELAY_MS: '50',
      SANDBOX_REVIEW_MS: '800',
      JOBS_POLL_SECONDS: '0.5',
      JOBS_STATUS_POLL_MS: '300',
    },
    url: `http://localhost:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
  },
});
