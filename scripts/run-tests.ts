/**
 * `npm test`: every check CI runs, in as little wall time as a 2-core machine allows, then a table of
 * when each stage started and how long it took. Exits non-zero when any stage failed, and the table says which.
 *
 * Each stage starts as soon as the stages it waits for (`after`) have ended:
 *
 *   typecheck, lint, build   together (each is mostly one busy core and some waiting on the disk)
 *   unit (vitest)            after those, beside e2e
 *   e2e (Playwright)         after those, against the build (skipped when the build failed)
 *   bench (smoke)            after those, beside unit and e2e
 *
 * Why unit and e2e side by side: the browser tests are the longest stage and mostly wait (the demo user's
 * journeys run one at a time, each waiting on pages, the network going quiet, job polls), using about half a
 * core of the two, while vitest keeps both busy. Run one after the other, the machine idles for most of
 * e2e. The stages that only need throughput (unit, bench) run at a lower CPU priority (`nice`), so the
 * browser tests, whose length is the run's length, get a core the moment they want one.
 *
 * Every stage runs even when an earlier one failed, so one CI run reports every problem; a stage is
 * skipped only when a stage it `needs` did not pass (e2e without a build would test a stale or missing app).
 *
 * A stage's output is held and printed in one piece when it ends, so logs stay readable; the stage
 * marked `live` streams as it goes (CI shows progress while the longest one runs).
 *
 * `npm test -- --only=unit,e2e` runs the named stages only (the build is still made before e2e).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface Stage {
  name: string;
  command: string;
  args: string[];
  live?: boolean;
  /** Stages that must have ended before this one starts (passed or not). */
  after?: string[];
  /** Stage names that must have passed; otherwise this one is skipped. */
  needs?: string[];
  /** A lower CPU priority (nice value) for a stage that only needs throughput. */
  nice?: number;
}

type Outcome = {
  status: 'passed' | 'failed' | 'skipped';
  startMs: number;
  ms: number;
  detail?: string;
};

const bin = (name: string) => path.join(process.cwd(), 'node_modules', '.bin', name);

const FIRST = ['typecheck', 'lint', 'build'];
const stages: Stage[] = [
  { name: 'typecheck', command: bin('tsc'), args: ['-p', '.'] },
  { name: 'lint', command: bin('biome'), args: ['check', '.'] },
  { name: 'build', command: bin('vite'), args: ['build'] },
  { name: 'unit', command: bin('vitest'), args: ['run'], after: FIRST, nice: 10 },
  {
    name: 'e2e',
    command: bin('playwright'),
    args: ['test'],
    live: true,
    after: FIRST,
    needs: ['build'],
  },
  // Beside unit and e2e: the benchmarks work in a scratch copy, so their builds never replace the dist/ e2e
  // serves; much of a smoke run is waiting (servers starting, fixed-length load phases).
  {
    name: 'bench',
    command: process.execPath,
    args: ['--import', 'tsx', 'scripts/bench/smoke.ts'],
    after: FIRST,
    nice: 10,
  },
];

const only = process.argv
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',')
  .filter(Boolean);
const unknown = only?.filter((name) => !stages.some((stage) => stage.name === name)) ?? [];
if (unknown.length > 0) {
  // A typo would otherwise run nothing and pass.
  console.error(
    `Unknown stage: ${unknown.join(', ')} (stages: ${stages.map((stage) => stage.name).join(', ')})`,
  );
  process.exit(2);
}
const wanted = stages.filter(
  (stage) =>
    !only ||
    only.includes(stage.name) ||
    stages.some((s) => only.includes(s.name) && s.needs?.includes(stage.name)),
);

const outcomes = new Map<string, Outcome>();
const running = new Set<ChildProcess>();
const startedAll = performance.now();

function run(stage: Stage): Promise<Outcome> {
  const startMs = performance.now() - startedAll;
  const unmet = stage.needs?.filter((need) => outcomes.get(need)?.status !== 'passed') ?? [];
  if (unmet.length > 0) {
    return Promise.resolve({ status: 'skipped', startMs, ms: 0, detail: `${unmet.join(', ')} did not pass` });
  }
  const stream = wanted.length === 1 || stage.live === true;
  const title = `\n▶ ${stage.name}: ${[path.basename(stage.command), ...stage.args].join(' ')}`;
  if (stream) console.log(title);
  const [command, args] = stage.nice
    ? ['nice', ['-n', String(stage.nice), stage.command, ...stage.args]]
    : [stage.command, stage.args];
  return new Promise((resolve) => {
    const child = spawn(command, args, {
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
        console.log(title);
        process.stdout.write(Buffer.concat(held));
      }
      resolve({ status, startMs, ms: performance.now() - startedAll - startMs, detail });
    };
    child.on('error', (error) => finish('failed', error.message));
    child.on('close', (code, signal) => {
      if (code === 0) finish('passed');
      else finish('failed', signal ? `killed by ${signal}` : `exit code ${code}`);
    });
  });
}

const seconds = (ms: number) => {
  // Rounded to tenths first, so 479.96 s reads 8m00.0s, not 7m60.0s.
  const tenths = Math.round(ms / 100);
  const minutes = Math.floor(tenths / 600);
  return `${minutes}m${((tenths - minutes * 600) / 10).toFixed(1).padStart(4, '0')}s`;
};

function printTable(wallMs: number) {
  const rows = wanted.map(({ name }) => {
    const outcome = outcomes.get(name);
    if (!outcome) return [name, '', '-', 'not run'];
    return [
      name,
      `+${seconds(outcome.startMs)}`,
      outcome.status === 'skipped' ? '-' : seconds(outcome.ms),
      outcome.status + (outcome.detail ? ` (${outcome.detail})` : ''),
    ];
  });
  rows.push(['total', '', seconds(wallMs), '']);
  const widths = [0, 1, 2].map((column) => Math.max(...rows.map((row) => row[column]?.length ?? 0)));
  console.log('\nStage wall times (started at +, after the start of npm test; stages overlap):');
  for (const [name, start, time, status] of rows) {
    console.log(
      `  ${name?.padEnd(widths[0] ?? 0)}  ${start?.padStart(widths[1] ?? 0)}  ${time?.padStart(widths[2] ?? 0)}  ${status}`,
    );
  }
}

/** Playwright's JSON report (CI, playwright.config.ts), as far as lane times need it. */
interface ReportSuite {
  suites?: ReportSuite[];
  specs?: { tests: { projectName: string; results: { duration: number }[] }[] }[];
}

/**
 * How long each Playwright lane was busy (every attempt counted): the stage lasts as long as its busiest lane,
 * so this says whether moving journeys between lanes would shorten it.
 */
function printLanes(reportFile: string) {
  if (!existsSync(reportFile)) return;
  const lanes = new Map<string, { tests: number; ms: number }>();
  const visit = (suite: ReportSuite) => {
    for (const child of suite.suites ?? []) visit(child);
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const lane = lanes.get(test.projectName) ?? { tests: 0, ms: 0 };
        lane.tests += 1;
        for (const result of test.results) lane.ms += result.duration;
        lanes.set(test.projectName, lane);
      }
    }
  };
  try {
    visit(JSON.parse(readFileSync(reportFile, 'utf8')) as ReportSuite);
  } catch {
    return; // a report cut short says nothing reliable
  }
  console.log('\ne2e lanes (time busy running tests):');
  for (const [name, { tests, ms }] of lanes) {
    console.log(`  ${name.padEnd(20)} ${seconds(ms).padStart(9)}  ${tests} tests`);
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const child of running) child.kill(signal);
    process.exit(130);
  });
}

// Starts every stage whose `after` stages have ended (those not wanted in this run count as ended).
const pending = new Set(wanted);
const ended = (name: string) => outcomes.has(name) || !wanted.some((stage) => stage.name === name);
await new Promise<void>((allDone) => {
  const startReady = () => {
    for (const stage of [...pending]) {
      if (!(stage.after ?? []).every(ended)) continue;
      pending.delete(stage);
      void run(stage).then((outcome) => {
        outcomes.set(stage.name, outcome);
        if (outcomes.size === wanted.length) allDone();
        else startReady();
      });
    }
  };
  startReady();
});
printTable(performance.now() - startedAll);
if (outcomes.get('e2e')?.status !== 'skipped' && wanted.some(({ name }) => name === 'e2e')) {
  printLanes('test-results/e2e-report.json');
}

const failed = wanted.map(({ name }) => name).filter((name) => outcomes.get(name)?.status !== 'passed');
if (failed.length > 0) {
  console.log(`\nnpm test FAILED: ${failed.join(', ')}`);
  process.exit(1);
}
console.log('\nnpm test passed.');
