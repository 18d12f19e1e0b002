import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: a single worker on the 2-core CI machine. The
    // files spend much of their time waiting (on PostgreSQL, on the views' promises and timers), so a
    // second worker shortens the run. A third shortened npm test (unit beside e2e) by ~40 s on the idle
    // machine but starved the property tests past their timeouts: two it is (README, "Tests"). Module
    // isolation stays on: the node files share module state without it and it saved nothing measurable.
    maxWorkers: 2,
    projects: [
      {
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
