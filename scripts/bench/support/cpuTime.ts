import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU seconds (user + system) used so far by a process tree, read from /proc: the live processes' own
 * times plus what their exited children left in cutime/cstime. On a shared machine this moves far less
 * with load than wall-clock figures do. Linux only; elsewhere every figure is NaN.
 */
const TICKS = 100;

interface Stat {
  pid: number;
  ppid: number;
  own: number;
  children: number;
}

function readStat(pid: number): Stat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: fields are counted after its last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const at = (field: number) => Number(fields[field - 3]);
    return { pid, ppid: at(4), own: at(14) + at(15), children: at(16) + at(17) };
  } catch {
    return undefined;
  }
}

function allStats(): Stat[] {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return [];
  }
  return names
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readStat(Number(name)))
    .filter((stat): stat is Stat => stat !== undefined);
}

/** CPU seconds of `root` and all its descendants, exited ones included once reaped. */
export function treeCpuSeconds(root: number): number {
  const stats = allStats();
  if (stats.length === 0) return Number.NaN;
  const byParent = new Map<number, Stat[]>();
  for (const stat of stats) byParent.set(stat.ppid, [...(byParent.get(stat.ppid) ?? []), stat]);
  const top = stats.find((stat) => stat.pid === root);
  if (!top) return Number.NaN;
  let ticks = 0;
  const queue = [top];
  for (let stat = queue.pop(); stat; stat = queue.pop()) {
    ticks += stat.own + stat.children;
    queue.push(...(byParent.get(stat.pid) ?? []));
  }
  return ticks / TICKS;
}

/** This process's own CPU seconds (the load generator runs here). */
export function ownCpuSeconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}
