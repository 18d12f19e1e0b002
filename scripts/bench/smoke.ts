/**
 * npm run bench:smoke — every benchmark in its smoke mode, one after the other, so they cannot rot: each
 * must exit 0 and print its figures (the line matching `prints`). The figures of a smoke run mean nothing
 * (tiny data, one short round); the real ones come from running each benchmark on its own (docs/performance.md).
 *
 * A smoke is a smoke: seconds, not minutes. No benchmark builds the app in smoke mode: bench:bundle and
 * bench:web read the build already in dist/ (npm test's build stage made it; a build is made here only when
 * there is none), and only read it, so the browser tests can serve the same dist/ meanwhile. Every
 * benchmark's servers take a free port and a temporary data directory, so none meets the browser tests'.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const BENCHMARKS: { script: string; args: string[]; prints: RegExp }[] = [
  { script: 'scripts/bench/bundle.ts', args: ['--smoke'], prints: /First load [\d.]+ KB \(target/ },
  { script: 'scripts/bench/api.ts', args: ['--smoke'], prints: /Mixed: [\d.]+× json-server/ },
  { script: 'scripts/bench/web.ts', args: ['--smoke'], prints: /Slowest p95: \d+ ms/ },
  { script: 'scripts/bench/reports.ts', args: ['--smoke'], prints: /p95 +[\d.]+ ms/ },
  {
    script: 'scripts/bench/sync.ts',
    args: ['--smoke'],
    prints: /Full sync of \d+ active campaigns: [\d.]+ s/,
  },
];

if (!existsSync('dist/index.html')) {
  console.log('No build in dist/: building it first.');
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
  });
}

let failed = 0;
for (const { script, args, prints } of BENCHMARKS) {
  const started = performance.now();
  const run = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
    encoding: 'utf8',
    env: process.env,
    // A guard against a hang, sized for a slow, busy machine; a smoke takes seconds.
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
process.exit(failed > 0 ? 1 : 0);
