/**
 * npm run bench:api — the campaigns list under load, Flightplan vs json-server 0.17 on the same 10 000 rows.
 *
 * Headline: the mixed workload (scripts/bench/support/listQueries.ts): 50 connections, every request a
 * different page, sort, order and, in 40 % of them, filter, from one deterministic list. The two servers
 * are measured in alternating rounds, so whatever else the machine is doing hits both alike; latencies
 * are every response's, merged over the rounds. Second line: the same page over and over (the figure
 * request collapsing flatters).
 *
 *   npm run bench:api                     10 000 rows, 6 rounds × 5 s per server per workload
 *   npm run bench:api -- --processes 2    Flightplan with 1 and with 2 API processes, side by side
 *   npm run bench:api -- --smoke          a few seconds on 500 rows, no warm-up: it runs and prints (CI)
 *   npm run bench:api -- --rounds 2       fewer rounds (quicker, noisier)
 *
 * Beside each Flightplan line: CPU milliseconds per request of its API process(es), of its PostgreSQL
 * (all backends) and of this process, the load generator (autocannon), read from /proc. On a shared
 * machine these move far less with the load than req/s do. BENCH_NODE_ARGS passes flags to the API
 * process (`--cpu-prof --cpu-prof-dir=/tmp/prof` for a profile).
 */
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { ownCpuSeconds } from './support/cpuTime';
import { listQueries, percentile } from './support/listQueries';
import { type BenchServers, startBenchServers } from './support/listServers';

const { values } = parseArgs({
  options: {
    smoke: { type: 'boolean', default: false },
    processes: { type: 'string', default: '1' },
    rounds: { type: 'string' },
  },
});
const smoke = values.smoke;
const processes = Number(values.processes);
if (!Number.isInteger(processes) || processes < 1 || processes > 8)
  throw new Error('--processes must be 1 to 8');
const ROWS = smoke ? 500 : 10_000;
const CONNECTIONS = smoke ? 4 : 50;
const ROUNDS = values.rounds ? Number(values.rounds) : smoke ? 1 : 6;
if (!Number.isInteger(ROUNDS) || ROUNDS < 1) throw new Error('--rounds must be a whole number of 1 or more');
const ROUND_S = smoke ? 1 : 5;
const IDENTICAL = '_start=0&_end=10&_sort=createdAt&_order=desc';

interface Sampled {
  latencies: number[];
  requests: number;
  seconds: number;
  non2xx: number;
  errors: number;
  /** CPU seconds spent during these rounds: API process(es), PostgreSQL, load generator. */
  cpu: { server: number; postgres: number; generator: number };
}
const empty = (): Sampled => ({
  latencies: [],
  requests: 0,
  seconds: 0,
  non2xx: 0,
  errors: 0,
  cpu: { server: 0, postgres: 0, generator: 0 },
});

/** Runs `work` and adds the CPU time the servers and this process spent meanwhile to `into`. */
async function counted(servers: BenchServers, into: Sampled, work: () => Promise<void>) {
  const before = { ...servers.cpu(), generator: ownCpuSeconds() };
  await work();
  const after = { ...servers.cpu(), generator: ownCpuSeconds() };
  into.cpu.server += after.server - before.server;
  into.cpu.postgres += after.postgres - before.postgres;
  into.cpu.generator += after.generator - before.generator;
}

/** One round against one server: each request takes the next query of the shared list. */
async function round(base: string, queries: string[], cursor: { i: number }, into: Sampled, cookie?: string) {
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections: CONNECTIONS,
        duration: ROUND_S,
        headers: cookie ? { cookie } : {},
        requests: [
          {
            setupRequest: (request) => {
              const query = queries[cursor.i++ % queries.length];
              return { ...request, path: `${new URL(base).pathname}?${query}` };
            },
          },
        ],
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      into.latencies.push(responseTime);
      if (statusCode < 200 || statusCode > 299) into.non2xx += 1;
    });
  });
  into.requests += result.requests.total;
  into.seconds += result.duration;
  into.errors += result.errors;
}

async function measure(servers: BenchServers, queries: string[]) {
  const ours = empty();
  const theirs = empty();
  const mine = { i: 0 };
  const json = { i: 0 };
  for (let r = 0; r < ROUNDS; r++) {
    // Alternate who goes first, so neither always follows the other's garbage collection.
    const order = r % 2 === 0 ? ['ours', 'theirs'] : ['theirs', 'ours'];
    for (const who of order) {
      if (who === 'ours')
        await counted(servers, ours, () => round(servers.flightplanUrl, queries, mine, ours, servers.cookie));
      else await counted(servers, theirs, () => round(servers.jsonServerUrl, queries, json, theirs));
    }
  }
  return { ours, theirs };
}

const row = (label: string, s: Sampled) =>
  `${label.padEnd(40)}${(s.requests / s.seconds).toFixed(0).padStart(9)}${percentile(s.latencies, 50)
    .toFixed(0)
    .padStart(
      8,
    )}${percentile(s.latencies, 99).toFixed(0).padStart(8)}${String(s.non2xx + s.errors).padStart(10)}`;

const report = (title: string, ours: Sampled, theirs: Sampled, label = 'Flightplan') => {
  console.log(`\n${title}`);
  console.log(
    `${'server'.padEnd(40)}${'req/s'.padStart(9)}${'p50 ms'.padStart(8)}${'p99 ms'.padStart(8)}${'non-2xx'.padStart(10)}`,
  );
  console.log(row(label, ours));
  console.log(row('json-server 0.17 (same rows)', theirs));
  const perRequest = (seconds: number) => ((seconds * 1000) / ours.requests).toFixed(2);
  console.log(
    `CPU ms per Flightplan request: API ${perRequest(ours.cpu.server)}, PostgreSQL ${perRequest(ours.cpu.postgres)}, load generator ${perRequest(ours.cpu.generator)}; json-server rounds, load generator ${((theirs.cpu.generator * 1000) / theirs.requests).toFixed(2)}`,
  );
  const ratio = ours.requests / ours.seconds / (theirs.requests / theirs.seconds);
  return ratio;
};

const mixed = listQueries(5000);
const runs: { processes: number; mixed: number; p99: number; identical: number }[] = [];
for (const count of processes > 1 ? [1, processes] : [1]) {
  const servers = await startBenchServers({ rows: ROWS, processes: count });
  try {
    console.log(
      `\nFlightplan with ${count} API process${count > 1 ? 'es' : ''}; ${ROWS} campaigns; ${CONNECTIONS} connections; ${ROUNDS} rounds × ${ROUND_S} s per server`,
    );
    // Warm-up of both (JIT, caches, PostgreSQL's buffers), not counted; a smoke's figures mean nothing anyway.
    if (!smoke) {
      await round(servers.flightplanUrl, mixed, { i: 0 }, empty(), servers.cookie);
      await round(servers.jsonServerUrl, mixed, { i: 0 }, empty());
    }
    const m = await measure(servers, mixed);
    const mixedRatio = report('Mixed workload (different pages, sorts, filters)', m.ours, m.theirs);
    const i = await measure(servers, [IDENTICAL]);
    const identicalRatio = report(`Identical page (${IDENTICAL})`, i.ours, i.theirs);
    const failures = m.ours.non2xx + m.ours.errors + i.ours.non2xx + i.ours.errors;
    console.log(
      `\nMixed: ${mixedRatio.toFixed(1)}× json-server (target ≥ 15×), p99 ${percentile(m.ours.latencies, 99).toFixed(0)} ms (target ≤ 100 ms); identical page: ${identicalRatio.toFixed(1)}×; non-2xx/errors: ${failures}`,
    );
    runs.push({
      processes: count,
      mixed: m.ours.requests / m.ours.seconds,
      p99: percentile(m.ours.latencies, 99),
      identical: i.ours.requests / i.ours.seconds,
    });
    if (failures > 0) process.exitCode = 1;
  } finally {
    await servers.stop();
  }
}
if (runs.length > 1) {
  console.log('\nProcesses   mixed req/s   mixed p99 ms   identical req/s');
  for (const run of runs)
    console.log(
      `${String(run.processes).padStart(9)}${run.mixed.toFixed(0).padStart(14)}${run.p99.toFixed(0).padStart(15)}${run.identical.toFixed(0).padStart(18)}`,
    );
}
