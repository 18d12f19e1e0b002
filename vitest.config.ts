import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: a single worker on the 2-core CI machine. The
    // files spend much of their time waiting (on PostgreSQL, on the views' promises and timers). Alone, a
    // third worker did not pay; beside the browser tests at nice 10 (npm test) it shortened the stage from
    // 12m24s to 11m47s on the idle machine (README, "Tests"). Module isolation stays on: the node files
    // share module state without it (the sign-in throttle fails) and it saved nothing measurable.
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['tests/**/*.test.ts'],
          exclude: ['tests/web/**'],
          globalSetup: ['tests/support/globalSetup.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react(), vanillaExtractPlugin()],
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['tests/web/**/*.test.{ts,tsx}'],
          exclude: ['tests/web/paths/**'],
          setupFiles: ['tests/support/webSetup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        // The generated view path tests (every chart path through its real view) are the slowest files of
        // the run: their own project, so `vitest run --project view-paths` runs them alone and the report
        // shows their share; they share the two workers with the others and start first (slowest first).
        plugins: [react(), vanillaExtractPlugin()],
        test: {
          name: 'view-paths',
          environment: 'jsdom',
          include: ['tests/web/paths/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/support/webSetup.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
