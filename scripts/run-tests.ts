/**
 * `npm test`: every check CI runs, in as little wall time as a 2-core machine allows, then a table of
 * each stage's wall time. Exits non-zero when any stage failed, and the table says which.
 *
 * Order: typecheck, lint and the production build run together (each is mostly one busy core and some
 * waiting on the disk); then the unit tests (vitest); then the browser tests (Playwright), against the
 * build made in the first phase. Every stage runs even when an earlier one failed, so one CI run reports
 * every problem; only e2e is skipped when the build failed, since it would test a stale or missing app.
 *
 * A stage running beside others has its output held and printed in one piece when it ends, so logs stay
 * readable; the stage marked `live` streams as it goes (CI shows progress while the longest one runs).
 *
 * Then every benchmark in its smoke mode (scripts/bench/smoke.ts): seconds each, so none can rot.
 *
 * `npm test -- --only=unit,e2e` runs the named stages only (the build is still made before e2e).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

interface Stage {
  name: string;
  command: string;
  args: string[];
  live?: boolean;
  /** Stage names that must have passed; otherwise this one is skipped. */
  needs?: string[];
}

type Outcome = { status: 'passed' | 'failed' | 'skipped'; ms: number; detail?: string };

const bin = (name: string) => path.join(process.cwd(), 'node_modules', '.bin', name);

const phases: Stage[][] = [
  [
    { name: 'typecheck', command: bin('tsc'), args: ['-p', '.'], live: true },
    { name: 'lint', command: bin('biome'), args: ['check', '.'] },
    { name: 'build', command: bin('vite'), args: ['build'] },
  ],
  [{ name: 'unit', command: bin('vitest'), args: ['run'], live: true }],
  [{ name: 'e2e', command: bin('playwright'), args: ['test'], live: true, needs: ['build'] }],
  // Last: the bundle benchmark rebuilds dist/, which the browser tests were using.
  [{ name: 'bench', command: process.execPath, args: ['--import', 'tsx', 'scripts/bench/smoke.ts'] }],
];

const only = process.argv
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',')
  .filter(Boolean);
const unknown = only?.filter((name) => !phases.flat().some((stage) => stage.name === name)) ?? [];
if (unknown.length > 0) {
  // A typo would otherwise run nothing and pass.
  console.error(
    `Unknown stage: ${unknown.join(', ')} (stages: ${phases
      .flat()
      .map((stage) => stage.name)
      .join(', ')})`,
  );
  process.exit(2);
}
const wanted = (stage: Stage) =>
  !only ||
  only.includes(stage.name) ||
  phases.flat().some((s) => only.includes(s.name) && s.needs?.includes(stage.name));

const outcomes = new Map<string, Outcome>();
const running = new Set<ChildProcess>();

function run(stage: Stage, alone: boolean): Promise<Outcome> {
  const unmet = stage.needs?.filter((need) => outcomes.get(need)?.status !== 'passed') ?? [];
  if (unmet.length > 0) {
    return Promise.resolve({ status: 'skipped', ms: 0, detail: `${unmet.join(', ')} did not pass` });
  }
  const stream = alone || stage.live === true;
  const started = performance.now();
  if (stream) console.log(`\n▶ ${stage.name}: ${[path.basename(stage.command), ...stage.args].join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(stage.command, stage.args, {
      stdio: stream ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: process.env,
    });
    running.add(child);
    const held: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => held.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => held.push(chunk));
    const finish = (status: Outcome['status'], detail?: string) => {
      running.delete(child);
      if (!stream) {
        console.log(`\n▶ ${stage.name}: ${[path.basename(stage.command), ...stage.args].join(' ')}`);
        process.stdout.write(Buffer.concat(held));
      }
      resolve({ status, ms: performance.now() - started, detail });
    };
    child.on('error', (error) => finish('failed', error.message));
    child.on('close', (code, signal) => {
      if (code === 0) finish('passed');
      else finish('failed', signal ? `killed by ${signal}` : `exit code ${code}`);
    });
  });
}

const seconds = (ms: number) => {
  const total = ms / 1000;
  const minutes = Math.floor(total / 60);
  return `${minutes}m${(total - minutes * 60).toFixed(1).padStart(4, '0')}s`;
};

function printTable(wallMs: number) {
  const rows = [...outcomes].map(([name, outcome]) => [
    name,
    outcome.status === 'skipped' ? '-' : seconds(outcome.ms),
    outcome.status + (outcome.detail ? ` (${outcome.detail})` : ''),
  ]);
  rows.push(['total', seconds(wallMs), '']);
  const widths = [0, 1].map((column) => Math.max(...rows.map((row) => row[column]?.length ?? 0)));
  console.log('\nStage wall times (stages in one phase run at the same time):');
  for (const [name, time, status] of rows) {
    console.log(`  ${name?.padEnd(widths[0] ?? 0)}  ${time?.padStart(widths[1] ?? 0)}  ${status}`);
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const child of running) child.kill(signal);
    process.exit(130);
  });
}

const startedAll = performance.now();
for (const phase of phases) {
  const stages = phase.filter(wanted);
  const results = await Promise.all(stages.map((stage) => run(stage, stages.length === 1)));
  stages.forEach((stage, index) => {
    const result = results[index];
    if (result) outcomes.set(stage.name, result);
  });
}
printTable(performance.now() - startedAll);

const failed = [...outcomes].filter(([, outcome]) => outcome.status !== 'passed').map(([name]) => name);
if (failed.length > 0) {
  console.log(`\nnpm test FAILED: ${failed.join(', ')}`);
  process.exit(1);
}
console.log('\nnpm test passed.');
