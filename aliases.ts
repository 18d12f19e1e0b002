import path from 'node:path';

/**
 * The import aliases of the top-level folders (`@contract/…`, `@machines/…`, …): one list for Vite and
 * Vitest; tsconfig.json's `paths` say the same for tsc, tsx and Playwright. An import that leaves its
 * top-level folder uses one (tests/lint/boundaries.test.ts), so the layer rules in biome.boundaries.jsonc
 * are written against these names.
 */
export const ALIASES: Record<string, string> = Object.fromEntries(
  ['contract', 'machines', 'server', 'src', 'tooling'].map((folder) => [
    `@${folder}`,
    path.resolve(import.meta.dirname, folder),
  ]),
);
