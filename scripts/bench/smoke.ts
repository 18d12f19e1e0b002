/**
 * npm run bench:smoke — every benchmark in its short smoke mode, one after the other, so they cannot rot:
 * each must exit 0 and print its figures (the line matching `prints`). The figures of a smoke run mean
 * nothing (tiny data, a few seconds); the real ones come from running each benchmark on its own.
 *
 * `npm test` runs this beside the browser tests, which serve the checkout's dist/ and data/e2e. So the
 * benchmarks run in a scratch copy of the app: the browser app's sources are copied (Vite and
 * vanilla-extract refuse sources reached through a symbolic link outside the root), the server, scripts and
 * node_modules are linked. `vite build` in bench:web then writes the copy's dist/, never the one being served;
 * every benchmark's servers take a free port and a temporary data directory, so none meets the browser tests'.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const BENCHMARKS: { script: string; args: string[]; prints: RegExp }[] = [
  { script: 'scripts/bench/api.ts', args: ['--smoke'], prints: /Mixed: [\d.]+× json-server/ },
  { script: 'scripts/bench/bundle.ts', args: [], prints: /First load [\d.]+ KB \(target/ },
  { script: 'scripts/bench/web.ts', args: ['--smoke'], prints: /Slowest p95: \d+ ms/ },
  { script: 'scripts/bench/reports.ts', args: ['--smoke'], prints: /p95 +[\d.]+ ms/ },
  {
    script: 'scripts/bench/sync.ts',
    args: ['--smoke'],
    prints: /Full sync of \d+ active campaigns: [\d.]+ s/,
  },
];

/** What a build reads: copied. */
const COPIED = [
  'src',
  'contract',
  'machines',
  'public',
  'index.html',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
];
/** What only Node runs (it resolves links to the real files): linked. */
const LINKED = ['node_modules', 'server', 'scripts'];

const checkout = process.cwd();
const scratch = mkdtempSync(path.join(tmpdir(), 'flightplan-bench-smoke-'));
for (const entry of COPIED)
  cpSync(path.join(checkout, entry), path.join(scratch, entry), { recursive: true });
for (const entry of LINKED) symlinkSync(path.join(checkout, entry), path.join(scratch, entry));

let failed = 0;
try {
  for (const { script, args, prints } of BENCHMARKS) {
    const started = performance.now();
    const run = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: scratch,
      encoding: 'utf8',
      env: process.env,
      timeout: 5 * 60_000,
    });
    const output = `${run.stdout ?? ''}${run.stderr ?? ''}`;
    const ok = run.status === 0 && prints.test(output);
    if (!ok) failed += 1;
    console.log(
      `${ok ? 'ok  ' : 'FAIL'} ${script} ${args.join(' ')} (${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );
    if (!ok) console.log(output);
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
process.exit(failed > 0 ? 1 : 0);
