/**
 * CPU time per process from /proc/<pid>/stat (Linux), read before and after a measured run: the split of the
 * machine's two cores between the gateways, the services, PostgreSQL, Kafka, OpenSearch and the load client.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's times (`getconf CLK_TCK`; 100 on Linux for x86 and arm). */
export const CLOCK_TICKS = 100;

export interface ProcStat {
  pid: number;
  ppid: number;
  /** Own user + system time, in clock ticks. */
  ticks: number;
}

/**
 * One /proc/<pid>/stat line. The command name (2nd field) is in parentheses and may hold spaces and
 * parentheses itself, so fields are counted from its last closing one: ppid is the 4th field, utime and
 * stime the 14th and 15th.
 */
export function parseProcStat(line: string): ProcStat {
  const close = line.lastIndexOf(')');
  if (close < 0) throw new Error(`Not a /proc stat line: ${line.slice(0, 80)}`);
  const pid = Number(line.slice(0, line.indexOf(' ')));
  const rest = line
    .slice(close + 2)
    .trim()
    .split(/\s+/);
  // rest[0] is field 3 (state): field n is rest[n - 3].
  const field = (n: number) => Number(rest[n - 3]);
  const stat = { pid, ppid: field(4), ticks: field(14) + field(15) };
  if (![stat.pid, stat.ppid, stat.ticks].every(Number.isFinite)) throw new Error(`Unreadable /proc stat: ${line}`);
  return stat;
}

function readStat(pid: number): ProcStat | null {
  try {
    return parseProcStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return null;
  }
}

/** Every process now. */
export function allProcesses(): ProcStat[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((name) => readStat(Number(name)) ?? []);
}

/** The process and all its descendants in a list of processes. */
export function treeOf(root: number, processes: readonly ProcStat[]): ProcStat[] {
  const found = processes.filter((p) => p.pid === root);
  for (let i = 0; i < found.length; i++) {
    const parent = found[i]?.pid;
    for (const p of processes) if (p.ppid === parent && p.pid !== root) found.push(p);
  }
  return found;
}

/** Ticks per named group of process trees (a group: root pids whose trees it sums). */
export type CpuSnapshot = Map<string, Map<number, number>>;

/** `alone`: groups whose processes count without their descendants (the load client, whose children are the cluster). */
export function snapshotCpu(groups: Record<string, number[]>, alone: readonly string[] = []): CpuSnapshot {
  const processes = allProcesses();
  const snapshot: CpuSnapshot = new Map();
  for (const [name, roots] of Object.entries(groups)) {
    const ticks = new Map<number, number>();
    for (const root of roots) {
      const members = alone.includes(name) ? processes.filter((p) => p.pid === root) : treeOf(root, processes);
      for (const p of members) ticks.set(p.pid, p.ticks);
    }
    snapshot.set(name, ticks);
  }
  return snapshot;
}

/**
 * CPU seconds each group used between two snapshots, counting only processes alive at both (a process born
 * in between counts from 0; one that ended in between is lost, as /proc no longer has it).
 */
export function cpuSecondsBetween(before: CpuSnapshot, after: CpuSnapshot): Record<string, number> {
  const seconds: Record<string, number> = {};
  for (const [name, ticksAfter] of after) {
    const ticksBefore = before.get(name) ?? new Map<number, number>();
    let used = 0;
    for (const [pid, ticks] of ticksAfter) used += ticks - (ticksBefore.get(pid) ?? 0);
    seconds[name] = Math.round((used / CLOCK_TICKS) * 100) / 100;
  }
  return seconds;
}
