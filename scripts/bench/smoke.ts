/**
 * npm run bench:smoke — every benchmark in its short smoke mode, one after the other, so they cannot rot:
 * each must exit 0 and print its figures (the line matching `prints`). The figures of a smoke run mean
 * nothing (tiny data, a few seconds); the real ones come from running each benchmark on its own.
 */
import { spawnSync } from 'node:child_process';

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

let failed = 0;
for (const { script, args, prints } of BENCHMARKS) {
  const started = performance.now();
  const run = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
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
process.exit(failed > 0 ? 1 : 0);
