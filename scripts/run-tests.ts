/**
 * `npm test`: every check CI runs, scheduled by the cores this machine has, then a table of each stage's
 * start, wall time, CPU time and retries. Exits non-zero when any stage failed, and the table says which.
 *
 * The scheduler never asks for more cores than `os.availableParallelism()` gives (TEST_CORES overrides it,
 * to rehearse a smaller machine). Each stage says how many cores it keeps busy (`cpus`); a stage starts when
 * the stages it waits for (`after`) have ended and its cores are free, the earlier in `stages` the sooner.
 * On 2 cores that reads:
 *
 *   build, typecheck          side by side (one core each)
 *   e2e                       as soon as the build is there (0.6 of a core: its two lanes mostly wait on pages)
 *   lint                      when typecheck has ended
 *   unit                      after typecheck and lint, beside e2e, with the workers that fit (2 of 2 cores)
 *   bench (smoke)             when the browser tests have ended and left it room
 *
 * Why not everything at once at full width, as before: on a 2-core machine whose cores are a little slower,
 * unit (2 workers), two browser lanes and the benchmarks together held a load of 16; the browser journeys
 * then waited past their guards and retried, and the run did not finish in 25 minutes. Each stage now gets
 * what it is given and no more; the ones that only need throughput (unit, bench) also run at a lower CPU
 * priority (`nice`), so the browser tests, whose pages are what waits, get their core the moment they want it.
 *
 * Every stage runs even when an earlier one failed, so one CI run reports every problem; a stage is skipped
 * only when a stage it `needs` did not pass (e2e without a build would test a stale or missing app).
 * A stage's output is held and printed in one piece when it ends; the stage marked `live` streams.
 *
 * CPU time is what the stage's process tree used (user + system, read from this process's reaped-children
 * times in /proc when the stage's process ends): with the wall time it says how many cores the stage kept
 * busy, which is what `cpus` claims.
 *
 * `npm test -- --only=unit,e2e` runs the named stages only (the build is still made before e2e).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

interface Stage {
  name: string;
  command: string;
  args: string[];
  /** How many cores the stage keeps busy (measured); it starts only when that many are free (or nothing runs). */
  cpus: number;
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
  /** CPU seconds of the stage's process tree (null where /proc cannot tell). */
  cpuSeconds: number | null;
  detail?: string;
  /** What the stage printed: the digest of a failure quotes its end. */
  output?: string;
};

const bin = (name: string) => path.join(process.cwd(), 'node_modules', '.bin', name);

const CORES = Math.max(1, Number(process.env.TEST_CORES) || availableParallelism());
/**
 * What each stage keeps busy, measured (CPU time ÷ wall time, docs/testing.md): the browser tests' two lanes,
 * their server, PostgreSQL and Chromium wait on pages most of the time (0.4–0.6 of a core); a vitest worker
 * waits on PostgreSQL, timers and promises (0.5–0.8); tsc, Biome and Vite keep one core busy.
 */
const E2E_CPUS = 0.6;
const UNIT_CPUS_PER_WORKER = 0.7;
/** vitest's workers: as many as fit on the cores the browser tests leave (2 on a 2-core machine). */
const UNIT_WORKERS = Math.max(1, Math.floor((CORES - E2E_CPUS) / UNIT_CPUS_PER_WORKER));

const stages: Stage[] = [
  { name: 'build', command: bin('vite'), args: ['build'], cpus: 1 },
  { name: 'typecheck', command: bin('tsc'), args: ['-p', '.'], cpus: 1 },
  {
    name: 'e2e',
    command: bin('playwright'),
    args: ['test'],
    cpus: E2E_CPUS,
    live: true,
    after: ['build'],
    needs: ['build'],
  },
  { name: 'lint', command: bin('biome'), args: ['check', '.'], cpus: 1 },
  {
    name: 'unit',
    command: bin('vitest'),
    // `--retry=0`: a test passes first time or the run fails (the retries column says 0 because of this).
    args: ['run', `--maxWorkers=${UNIT_WORKERS}`, '--retry=0'],
    cpus: Math.min(CORES, UNIT_WORKERS * UNIT_CPUS_PER_WORKER),
    after: ['typecheck', 'lint'],
    nice: 10,
  },
  // The smoke runs serve the build read-only (no benchmark rebuilds in smoke mode), so it waits for it.
  {
    name: 'bench',
    command: process.execPath,
    args: ['--import', 'tsx', 'scripts/bench/smoke.ts'],
    cpus: 0.5,
    after: ['build', 'typecheck', 'lint'],
    needs: ['build'],
    nice: 10,
  },
  // The charts explorer's coverage file (docs/charts-explorer.md): this run's machine, view and browser levels.
  {
    name: 'charts',
    command: process.execPath,
    args: ['--import', 'tsx', 'scripts/chart-coverage.ts'],
    cpus: 1,
    after: ['unit', 'e2e'],
    nice: 10,
  },
];

/** User + system CPU seconds of the children this process has reaped (and theirs), or null off Linux. */
const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();
function reapedCpuSeconds(): number | null {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // Fields after the command name (which may hold spaces): state is field 3, cutime 16, cstime 17.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

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
/** Reaped-children CPU seconds when the last stage ended: each stage's share is the difference. */
let reapedSoFar = reapedCpuSeconds();

function run(stage: Stage): Promise<Outcome> {
  const startMs = performance.now() - startedAll;
  const unmet = stage.needs?.filter((need) => outcomes.get(need)?.status !== 'passed') ?? [];
  if (unmet.length > 0) {
    return Promise.resolve({
      status: 'skipped',
      startMs,
      ms: 0,
      cpuSeconds: null,
      detail: `${unmet.join(', ')} did not pass`,
    });
  }
  const stream = wanted.length === 1 || stage.live === true;
  const title = `\n▶ ${stage.name} (${stage.cpus.toFixed(1)} of ${CORES} cores): ${[path.basename(stage.command), ...stage.args].join(' ')}`;
  if (stream) console.log(title);
  const [command, args] = stage.nice
    ? ['nice', ['-n', String(stage.nice), stage.command, ...stage.args]]
    : [stage.command, stage.args];
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    running.add(child);
    // Kept either way: a streamed stage's output is passed on as it comes, and its end quoted if it fails.
    const held: Buffer[] = [];
    const keep = (to: NodeJS.WriteStream) => (chunk: Buffer) => {
      held.push(chunk);
      if (stream) to.write(chunk);
    };
    child.stdout.on('data', keep(process.stdout));
    child.stderr.on('data', keep(process.stderr));
    const finish = (status: Outcome['status'], detail?: string) => {
      running.delete(child);
      // The child has been reaped by now: its tree's CPU time has joined this process's children's.
      const reaped = reapedCpuSeconds();
      const cpuSeconds = reaped !== null && reapedSoFar !== null ? reaped - reapedSoFar : null;
      reapedSoFar = reaped;
      const output = Buffer.concat(held).toString('utf8');
      if (!stream) {
        console.log(title);
        process.stdout.write(output);
      }
      resolve({ status, startMs, ms: performance.now() - startedAll - startMs, cpuSeconds, detail, output });
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

/** Playwright's JSON report (CI, playwright.config.ts), as far as this summary needs it. */
interface ReportSuite {
  file?: string;
  suites?: ReportSuite[];
  specs?: {
    title: string;
    file: string;
    line: number;
    tests: {
      projectName: string;
      status?: string;
      results: { duration: number; status: string; errors?: { message?: string }[] }[];
    }[];
  }[];
}
interface ReportedTest {
  title: string;
  where: string;
  lane: string;
  attempts: number;
  ms: number;
  /** Playwright's verdict: `expected`, `unexpected` (failed), `flaky` or `skipped`. */
  verdict: string;
  /** The last attempt's errors, for the failure digest. */
  errors: string[];
}

const E2E_REPORT = 'test-results/e2e-report.json';
function readE2eReport(): ReportedTest[] | null {
  if (!existsSync(E2E_REPORT)) return null;
  const tests: ReportedTest[] = [];
  const visit = (suite: ReportSuite) => {
    for (const child of suite.suites ?? []) visit(child);
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        tests.push({
          title: spec.title,
          where: `${spec.file}:${spec.line}`,
          lane: test.projectName,
          attempts: test.results.length,
          ms: test.results.reduce((sum, result) => sum + result.duration, 0),
          verdict: test.status ?? 'expected',
          errors: (test.results.at(-1)?.errors ?? []).map((error) => error.message ?? ''),
        });
      }
    }
  };
  try {
    visit(JSON.parse(readFileSync(E2E_REPORT, 'utf8')) as ReportSuite);
  } catch {
    return null; // a report cut short says nothing reliable
  }
  return tests;
}

/** Retries taken, per stage that could take any (none is configured: any retry is a failure of the run). */
function retriesOf(name: string, e2e: ReportedTest[] | null): string {
  if (name === 'e2e') return e2e ? String(e2e.reduce((sum, test) => sum + test.attempts - 1, 0)) : '?';
  if (name === 'unit') return '0'; // vitest runs with --retry=0: none can happen
  return '';
}

function printTable(wallMs: number, e2e: ReportedTest[] | null) {
  const header = ['stage', 'started', 'wall', 'CPU', 'cores', 'retries', 'status'];
  const rows = wanted.map(({ name }) => {
    const outcome = outcomes.get(name);
    if (!outcome) return [name, '', '-', '-', '', '', 'not run'];
    const ran = outcome.status !== 'skipped';
    const cpu = ran && outcome.cpuSeconds !== null ? outcome.cpuSeconds : null;
    return [
      name,
      `+${seconds(outcome.startMs)}`,
      ran ? seconds(outcome.ms) : '-',
      cpu !== null ? seconds(cpu * 1000) : '-',
      cpu !== null && outcome.ms > 0 ? (cpu / (outcome.ms / 1000)).toFixed(2) : '',
      ran ? retriesOf(name, e2e) : '',
      outcome.status + (outcome.detail ? ` (${outcome.detail})` : ''),
    ];
  });
  const cpuTotal = [...outcomes.values()].reduce((sum, outcome) => sum + (outcome.cpuSeconds ?? 0), 0);
  rows.push([
    'total',
    '',
    seconds(wallMs),
    seconds(cpuTotal * 1000),
    (cpuTotal / (wallMs / 1000)).toFixed(2),
    '',
    '',
  ]);
  const all = [header, ...rows];
  const widths = header.map((_, column) => Math.max(...all.map((row) => row[column]?.length ?? 0)));
  console.log(`\nStages on ${CORES} cores (started at +, after the start of npm test; CPU: user + system):`);
  for (const row of all) {
    console.log(
      `  ${row
        .map((cell, column) =>
          column === 0 || column === 6
            ? cell.padEnd(widths[column] ?? 0)
            : cell.padStart(widths[column] ?? 0),
        )
        .join('  ')
        .trimEnd()}`,
    );
  }
}

/**
 * How long each Playwright lane was busy (the stage lasts as long as its busiest lane), and the slowest
 * journeys: where the browser stage's time goes.
 */
function printE2eTimes(tests: ReportedTest[]) {
  const lanes = new Map<string, { tests: number; ms: number }>();
  for (const test of tests) {
    const lane = lanes.get(test.lane) ?? { tests: 0, ms: 0 };
    lane.tests += 1;
    lane.ms += test.ms;
    lanes.set(test.lane, lane);
  }
  console.log('\ne2e lanes (time busy running tests):');
  for (const [name, { tests: count, ms }] of lanes) {
    console.log(`  ${name.padEnd(20)} ${seconds(ms).padStart(9)}  ${count} tests`);
  }
  console.log('\nSlowest journeys:');
  for (const test of [...tests].sort((a, b) => b.ms - a.ms).slice(0, 10)) {
    const retried = test.attempts > 1 ? ` (${test.attempts} attempts)` : '';
    console.log(`  ${seconds(test.ms).padStart(9)}  ${test.where}  ${test.title.slice(0, 80)}${retried}`);
  }
}

/**
 * Why each failed stage failed, once more at the very end: a CI log is often read from its tail, where the
 * output of a stage that ended early is long gone. The browser tests' failures come from their report
 * (title, place, the error's first lines); any other stage's, or a browser run without a report, as the last
 * lines it printed.
 */
function printFailureDigest(failedStages: string[], e2e: ReportedTest[] | null) {
  console.log('\nWhy it failed:');
  for (const name of failedStages) {
    const outcome = outcomes.get(name);
    if (!outcome || outcome.status === 'skipped') continue;
    const failures = name === 'e2e' ? (e2e ?? []).filter((test) => test.verdict === 'unexpected') : [];
    if (failures.length > 0) {
      for (const test of failures) {
        console.log(`\n  ✘ e2e [${test.lane}] ${test.where}  ${test.title}`);
        const lines = stripVTControlCharacters(test.errors.join('\n'))
          .split('\n')
          .filter((line) => line.trim());
        for (const line of lines.slice(0, 25)) console.log(`      ${line}`);
      }
      continue;
    }
    const tail = stripVTControlCharacters(outcome.output ?? '')
      .trimEnd()
      .split('\n')
      .slice(-40);
    console.log(`\n  ✘ ${name} (${outcome.detail ?? 'failed'}), its last lines:`);
    for (const line of tail) console.log(`      ${line}`);
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const child of running) child.kill(signal);
    process.exit(130);
  });
}

// Starts, in `stages` order, every stage whose `after` stages have ended (those not wanted in this run count
// as ended) and whose cores are free; a stage wider than what is free waits, unless nothing runs at all.
const pending = new Set(wanted);
const busy = new Map<string, number>();
const ended = (name: string) => outcomes.has(name) || !wanted.some((stage) => stage.name === name);
await new Promise<void>((allDone) => {
  const startReady = () => {
    for (const stage of [...pending]) {
      if (!(stage.after ?? []).every(ended)) continue;
      const used = [...busy.values()].reduce((sum, cpus) => sum + cpus, 0);
      if (used > 0 && used + stage.cpus > CORES + 1e-9) continue;
      pending.delete(stage);
      busy.set(stage.name, stage.cpus);
      void run(stage).then((outcome) => {
        busy.delete(stage.name);
        outcomes.set(stage.name, outcome);
        if (outcomes.size === wanted.length) allDone();
        else startReady();
      });
    }
  };
  startReady();
});
const e2eTests =
  wanted.some(({ name }) => name === 'e2e') && outcomes.get('e2e')?.status !== 'skipped'
    ? readE2eReport()
    : null;
printTable(performance.now() - startedAll, e2eTests);
if (e2eTests) printE2eTimes(e2eTests);

const failed = wanted.map(({ name }) => name).filter((name) => outcomes.get(name)?.status !== 'passed');
if (failed.length > 0) printFailureDigest(failed, e2eTests);
if (failed.length > 0) {
  console.log(`\nnpm test FAILED: ${failed.join(', ')}`);
  process.exit(1);
}
console.log('\nnpm test passed.');
