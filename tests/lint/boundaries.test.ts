/**
 * The layer boundaries of docs/architecture.md are lint errors (`noRestrictedImports` and `noProcessEnv` in the
 * `overrides` of biome.boundaries.jsonc, which biome.json extends), so `npm run lint` — and `npm test` — fail
 * when one is crossed. The rules name the aliases (@contract/…, @src/ui/…): a relative import that leaves its
 * unit (tests/lint/units.ts) is refused here, so no crossing can hide behind `../../`.
 *
 * Each fixture below is a file as if it were at `path` in the repository. They are written to a temporary
 * directory beside copies of the real biome.json and biome.boundaries.jsonc (only version control is switched
 * off there), and Biome lints
 * them: every fixture that crosses a boundary must be refused, every legal one must pass. A last check lints
 * the repository itself (every layer outside tests/, and the configuration files) with the same two rules.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { relativeCrossings, unitOf } from './units';

const run = promisify(execFile);
/** The top-level TypeScript files (configuration), linted with the layers in the last check. */
const ROOT_FILES = [
  'aliases.ts',
  'vite.config.ts',
  'vitest.config.ts',
  'playwright.config.ts',
  'drizzle.config.ts',
];
const ROOT = path.resolve(import.meta.dirname, '../..');
const BIOME = path.join(ROOT, 'node_modules/.bin/biome');
const BOUNDARY_CATEGORIES = new Set(['lint/style/noRestrictedImports', 'lint/style/noProcessEnv']);

interface Fixture {
  /** Where the file would live in the repository. */
  path: string;
  source: string;
  /** True: some boundary must refuse it. False: it is a legal file of that layer. */
  refused: boolean;
}

const use = (...names: string[]) => `\nconsole.log(${names.join(', ')});\n`;

const FIXTURES: Fixture[] = [
  // Relative imports stay inside their unit; leaving it takes the alias (which the rules below then check).
  {
    path: 'machines/flow/relative.ts',
    source: `import { TRIAL_DAYS } from '../../contract/billing';${use('TRIAL_DAYS')}`,
    refused: true,
  },
  {
    path: 'src/features/alpha/relativeUi.tsx',
    source: `import { Button } from '../../ui/Button';${use('Button')}`,
    refused: true,
  },
  {
    path: 'src/ui/relativeApi.ts',
    source: `import { useSession } from '../api/session';${use('useSession')}`,
    refused: true,
  },
  {
    path: 'server/shell/relativeContract.ts',
    source: `import { PLANS } from '../../contract/plans';${use('PLANS')}`,
    refused: true,
  },
  {
    path: 'playwright.config.ts',
    source: `import { lanes } from './e2e/support/lanes';
import { chromium } from './scripts/support/chromium';
import { ALIASES } from './aliases';${use('lanes', 'chromium', 'ALIASES')}`,
    refused: false,
  },
  // (a) machines/: pure XState; only machines/, contract/, xstate and valibot.
  {
    path: 'machines/flow/react.ts',
    source: `import { useState } from 'react';${use('useState')}`,
    refused: true,
  },
  {
    path: 'machines/flow/reactDom.ts',
    source: `import { createRoot } from 'react-dom/client';${use('createRoot')}`,
    refused: true,
  },
  {
    path: 'machines/flow/xstateReact.ts',
    source: `import { useActorRef } from '@xstate/react';${use('useActorRef')}`,
    refused: true,
  },
  {
    path: 'machines/flow/dom.ts',
    source: `import { startRegistration } from '@simplewebauthn/browser';${use('startRegistration')}`,
    refused: true,
  },
  {
    path: 'machines/flow/typeOnly.ts',
    source: `import type { ReactNode } from 'react';\nexport type Slot = ReactNode;\n`,
    refused: true,
  },
  {
    path: 'machines/flow/node.ts',
    source: `import { readFileSync } from 'node:fs';${use('readFileSync')}`,
    refused: true,
  },
  {
    path: 'machines/flow/src.ts',
    source: `import { routes } from '@src/app/routes';${use('routes')}`,
    refused: true,
  },
  {
    path: 'machines/flow/server.ts',
    source: `import { readConfig } from '@server/config';${use('readConfig')}`,
    refused: true,
  },
  {
    path: 'machines/flow/lazy.ts',
    source: `export const load = () => import('@src/features/challenge/stepUp');\n`,
    refused: true,
  },
  {
    path: 'machines/top.ts',
    source: `import { Button } from '@src/ui/Button';${use('Button')}`,
    refused: true,
  },
  {
    path: 'machines/flow/legal.ts',
    source: `import * as v from 'valibot';
import { setup } from 'xstate';
import { TRIAL_DAYS } from '@contract/billing';
import { POLL_MS } from '../delays';
import { helper } from './helper';${use('v', 'setup', 'TRIAL_DAYS', 'POLL_MS', 'helper')}`,
    refused: false,
  },
  // A feature's charts in one folder (machines/planning/<chart>/): the same rules one level deeper.
  {
    path: 'machines/feature/flow/src.ts',
    source: `import { routes } from '@src/app/routes';${use('routes')}`,
    refused: true,
  },
  {
    path: 'machines/feature/flow/react.ts',
    source: `import { useState } from 'react';${use('useState')}`,
    refused: true,
  },
  {
    path: 'machines/feature/flow/legal.ts',
    source: `import { setup } from 'xstate';
import { TRIAL_DAYS } from '@contract/billing';
import { POLL_MS } from '../../delays';
import { frame } from '../stepFrame';
import { helper } from './helper';${use('setup', 'TRIAL_DAYS', 'POLL_MS', 'frame', 'helper')}`,
    refused: false,
  },
  {
    path: 'machines/legal.ts',
    source: `import { PLANS } from '@contract/plans';
import { trialGateMachine } from './trialGate';${use('PLANS', 'trialGateMachine')}`,
    refused: false,
  },

  // (a) contract/: wire schemas; only contract/ and valibot (and the WebAuthn JSON types).
  { path: 'contract/react.ts', source: `import { useState } from 'react';${use('useState')}`, refused: true },
  {
    path: 'contract/node.ts',
    source: `import { randomUUID } from 'node:crypto';${use('randomUUID')}`,
    refused: true,
  },
  {
    path: 'contract/src.ts',
    source: `import { requestJson } from '@src/api/http';${use('requestJson')}`,
    refused: true,
  },
  {
    path: 'contract/server.ts',
    source: `import { readConfig } from '@server/config';${use('readConfig')}`,
    refused: true,
  },
  {
    path: 'contract/machines.ts',
    source: `import { POLL_MS } from '@machines/delays';${use('POLL_MS')}`,
    refused: true,
  },
  {
    path: 'contract/webauthnCode.ts',
    source: `import { startRegistration } from '@simplewebauthn/browser';${use('startRegistration')}`,
    refused: true,
  },
  {
    path: 'contract/legal.ts',
    source: `import type { RegistrationResponseJSON } from '@simplewebauthn/browser';
import * as v from 'valibot';
import { PLANS } from './plans';
export type Registration = RegistrationResponseJSON;${use('v', 'PLANS')}`,
    refused: false,
  },

  // (b) server/: never src/; the environment is read in server/config.ts only.
  {
    path: 'server/shell/src.ts',
    source: `import { requestJson } from '@src/api/http';${use('requestJson')}`,
    refused: true,
  },
  {
    path: 'server/top.ts',
    source: `import { formatMoney } from '@src/lib/format';${use('formatMoney')}`,
    refused: true,
  },
  {
    path: 'server/billing/env.ts',
    source: `export const provider = process.env.BILLING_PROVIDER;\n`,
    refused: true,
  },
  { path: 'server/config.ts', source: `export const port = process.env.PORT;\n`, refused: false },
  {
    path: 'server/shell/legal.ts',
    source: `import path from 'node:path';
import { Hono } from 'hono';
import { billingState } from '@contract/billing';
import { trialGateMachine } from '@machines/trialGate';
import type { ServerConfig } from '../config';${use('path', 'Hono', 'billingState', 'trialGateMachine')}
export type C = ServerConfig;\n`,
    refused: false,
  },

  // (c) a feature: never src/app, src/analytics or another feature.
  {
    path: 'src/features/alpha/app.tsx',
    source: `import { routes } from '@src/app/routes';${use('routes')}`,
    refused: true,
  },
  {
    path: 'src/features/alpha/other.tsx',
    source: `import { CampaignsView } from '@src/features/campaigns/CampaignsView';${use('CampaignsView')}`,
    refused: true,
  },
  {
    path: 'src/features/alpha/viaRoot.tsx',
    source: `import { View } from '@src/features/beta/View';${use('View')}`,
    refused: true,
  },
  {
    path: 'src/features/alpha/analytics.ts',
    source: `import { trackPage } from '@src/analytics';${use('trackPage')}`,
    refused: true,
  },
  {
    path: 'src/features/alpha/server.ts',
    source: `import { createApp } from '@server/app';${use('createApp')}`,
    refused: true,
  },
  {
    path: 'src/features/alpha/nested/other.ts',
    source: `import { View } from '@src/features/beta/View';${use('View')}`,
    refused: true,
  },
  {
    path: 'src/features/alpha/nested/app.ts',
    source: `import { routes } from '@src/app/routes';${use('routes')}`,
    refused: true,
  },
  {
    path: 'src/features/alpha/legal.tsx',
    source: `import { useState } from 'react';
import { billingState } from '@contract/billing';
import { sessionMachine } from '@machines/session';
import { useSession } from '@src/api/session';
import { createAuthClient } from '@src/auth-client';
import { formatMoney } from '@src/lib/format';
import { vars } from '@src/theme/contract.css';
import { Button } from '@src/ui/Button';
import { useAlpha } from './useAlpha';${use('useState', 'billingState', 'sessionMachine', 'useSession', 'createAuthClient', 'formatMoney', 'vars', 'Button', 'useAlpha')}`,
    refused: false,
  },
  {
    path: 'src/features/alpha/nested/legal.ts',
    source: `import { useAlpha } from '../useAlpha';
import { Button } from '@src/ui/Button';${use('useAlpha', 'Button')}`,
    refused: false,
  },

  // What the features share never reaches back into the app or a feature.
  {
    path: 'src/ui/shared.tsx',
    source: `import { View } from '@src/features/alpha/View';${use('View')}`,
    refused: true,
  },
  {
    path: 'src/api/session/back.ts',
    source: `import { SessionRoot } from '@src/app/session/SessionRoot';${use('SessionRoot')}`,
    refused: true,
  },
  {
    path: 'src/ui/legal.tsx',
    source: `import { useSession } from '@src/api/session';${use('useSession')}`,
    refused: false,
  },

  // Nothing outside tests/ imports tests/: what scripts/, e2e/ and tests/ share lives in tooling/.
  {
    path: 'scripts/paths.ts',
    source: `import { analyzeChart } from '../tests/paths/coverage';${use('analyzeChart')}`,
    refused: true,
  },
  {
    path: 'scripts/charts/oracles.ts',
    source: `import { oracles } from '../../tests/machines/oracles';${use('oracles')}`,
    refused: true,
  },
  {
    path: 'e2e/support/creative.ts',
    source: `import { validAd } from '../../tests/support/creative';${use('validAd')}`,
    refused: true,
  },
  {
    path: 'e2e/journey.spec.ts',
    source: `export const load = () => import('../tests/support/media');\n`,
    refused: true,
  },
  {
    path: 'vitest.config.ts',
    source: `import { setup } from './tests/support/globalSetup';${use('setup')}`,
    refused: true,
  },
  {
    path: 'src/app/testing.ts',
    source: `import { setup } from '../../tests/support/webSetup';${use('setup')}`,
    refused: true,
  },
  {
    path: 'src/ui/testing.tsx',
    source: `import { setup } from '../../tests/support/webSetup';${use('setup')}`,
    refused: true,
  },
  {
    path: 'src/features/alpha/nested/deeper/testing.ts',
    source: `import { setup } from '../../../../../tests/support/webSetup';${use('setup')}`,
    refused: true,
  },
  {
    path: 'server/jobs/testing.ts',
    source: `import { withDatabase } from '../../tests/support/db';${use('withDatabase')}`,
    refused: true,
  },
  {
    path: 'scripts/legal.ts',
    source: `import { charts } from '@machines';
import { analyzeChart } from '@tooling/charts/coverage';
import { oracles } from '@tooling/charts/oracles';${use('charts', 'analyzeChart', 'oracles')}`,
    refused: false,
  },
  {
    path: 'e2e/support/legal.ts',
    source: `import { expect } from '@playwright/test';
import { validAd } from '@tooling/fixtures/creative';
import { session } from './session';${use('expect', 'validAd', 'session')}`,
    refused: false,
  },

  // tooling/ (chart tooling, shared fixtures): only tooling/, machines/, contract/ and packages that are no test runner.
  {
    path: 'tooling/charts/tests.ts',
    source: `import { describePathTests } from '../../tests/paths/pathTests';${use('describePathTests')}`,
    refused: true,
  },
  {
    path: 'tooling/charts/e2e.ts',
    source: `import { test } from '../../e2e/support/test';${use('test')}`,
    refused: true,
  },
  {
    path: 'tooling/charts/src.ts',
    source: `import { formatMoney } from '@src/lib/format';${use('formatMoney')}`,
    refused: true,
  },
  {
    path: 'tooling/charts/server.ts',
    source: `import { readConfig } from '@server/config';${use('readConfig')}`,
    refused: true,
  },
  {
    path: 'tooling/charts/scripts.ts',
    source: `import { launchChromium } from '../../scripts/support/chromium';${use('launchChromium')}`,
    refused: true,
  },
  {
    path: 'tooling/charts/oracles/tests.ts',
    source: `import { withDatabase } from '../../../tests/support/db';${use('withDatabase')}`,
    refused: true,
  },
  {
    path: 'tooling/charts/oracles/lazy.ts',
    source: `export const load = () => import('@src/features/challenge/stepUp');\n`,
    refused: true,
  },
  {
    path: 'tooling/index.ts',
    source: `import { createApp } from '@server/app';${use('createApp')}`,
    refused: true,
  },
  {
    path: 'tooling/charts/vitest.ts',
    source: `import { describe } from 'vitest';${use('describe')}`,
    refused: true,
  },
  {
    path: 'tooling/fixtures/testingLibrary.ts',
    source: `import { render } from '@testing-library/react';${use('render')}`,
    refused: true,
  },
  {
    path: 'tooling/charts/legal.ts',
    source: `import { isDeepStrictEqual } from 'node:util';
import { setup } from 'xstate';
import { TestModel } from 'xstate/graph';
import { defaultUtm } from '@contract/creative';
import { charts } from '@machines';
import { defineChart } from '@machines/chart';
import { image } from '../fixtures/media';
import { analyzeChart } from './coverage';${use('isDeepStrictEqual', 'setup', 'TestModel', 'defaultUtm', 'charts', 'defineChart', 'image', 'analyzeChart')}`,
    refused: false,
  },
  {
    path: 'tooling/charts/oracles/legal.ts',
    source: `import { challengeMachine } from '@machines/challenge/challenge.machine';
import { defineOracle } from '../oracle';
import { formMessage } from './shared';${use('challengeMachine', 'defineOracle', 'formMessage')}`,
    refused: false,
  },
];

interface Diagnostic {
  category: string;
  message: string;
  location: { path: string };
}

/**
 * Lints `targets` under `cwd` with every rule (`--only` would switch on a rule that an override turns off, like
 * `noProcessEnv` in server/config.ts) and keeps the boundary diagnostics.
 */
async function lint(cwd: string, targets: string[]): Promise<Diagnostic[]> {
  const { stdout } = await run(BIOME, ['lint', '--reporter=json', '--max-diagnostics=none', ...targets], {
    cwd,
    maxBuffer: 64 * 1024 * 1024,
  }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' })); // exit 1 when errors are found
  const json = stdout.slice(stdout.indexOf('{'));
  const report = JSON.parse(json) as { diagnostics: Diagnostic[] };
  return report.diagnostics.filter((d) => BOUNDARY_CATEGORIES.has(d.category));
}

let dir: string;
let found: Map<string, Diagnostic[]>;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'flightplan-boundaries-'));
  const config = JSON.parse(await readFile(path.join(ROOT, 'biome.json'), 'utf8'));
  config.vcs = { enabled: false };
  delete config.$schema;
  await writeFile(path.join(dir, 'biome.json'), JSON.stringify(config));
  const boundaries = 'biome.boundaries.jsonc';
  await writeFile(path.join(dir, boundaries), await readFile(path.join(ROOT, boundaries), 'utf8'));
  for (const fixture of FIXTURES) {
    await mkdir(path.dirname(path.join(dir, fixture.path)), { recursive: true });
    await writeFile(path.join(dir, fixture.path), fixture.source);
  }
  found = new Map();
  for (const diagnostic of await lint(dir, ['.'])) {
    const file = diagnostic.location.path.split(path.sep).join('/');
    found.set(file, [...(found.get(file) ?? []), diagnostic]);
  }
  for (const fixture of FIXTURES) {
    for (const specifier of relativeCrossings(fixture.path, fixture.source)) {
      const diagnostic = {
        category: 'units',
        message: `${specifier} leaves ${unitOf(fixture.path) || 'the root'}`,
        location: { path: fixture.path },
      };
      found.set(fixture.path, [...(found.get(fixture.path) ?? []), diagnostic]);
    }
  }
}, 60_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('layer boundaries (biome.boundaries.jsonc)', () => {
  it.each(FIXTURES.filter((f) => f.refused).map((f) => [f.path, f] as const))('refuses %s', (_, fixture) => {
    expect(found.get(fixture.path) ?? [], fixture.source).not.toEqual([]);
  });

  it.each(FIXTURES.filter((f) => !f.refused).map((f) => [f.path, f] as const))('allows %s', (_, fixture) => {
    expect((found.get(fixture.path) ?? []).map((d) => d.message)).toEqual([]);
  });

  it('holds in the repository itself', async () => {
    const crossings = await lint(ROOT, [
      'machines',
      'contract',
      'server',
      'src',
      'scripts',
      'e2e',
      'tooling',
      ...ROOT_FILES,
    ]);
    expect(crossings.map((d) => `${d.location.path}: ${d.message}`)).toEqual([]);
  }, 60_000);

  it('holds in the repository itself: no relative import leaves its unit', async () => {
    const files = (
      await readdir(ROOT, { recursive: true, withFileTypes: true }).then((entries) =>
        entries.filter(
          (e) =>
            e.isFile() &&
            /\.(ts|tsx)$/.test(e.name) &&
            !e.parentPath.includes('node_modules') &&
            !e.parentPath
              .split(path.sep)
              .some((part) => part.startsWith('.') || part === 'dist' || part === 'data'),
        ),
      )
    ).map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
    expect(files.length).toBeGreaterThan(500);
    const crossings: string[] = [];
    // This file's fixtures are crossings on purpose (as files elsewhere in the repository).
    for (const file of files.filter((f) => f !== 'tests/lint/boundaries.test.ts')) {
      for (const specifier of relativeCrossings(file, await readFile(path.join(ROOT, file), 'utf8'))) {
        crossings.push(`${file}: ${specifier}`);
      }
    }
    expect(crossings, 'use the alias (@contract/…, @src/ui/…) for an import that leaves its unit').toEqual(
      [],
    );
  }, 60_000);
});
