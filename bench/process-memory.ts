/**
 * Memory and CPU of a process tree, read from Linux's /proc (bench:idle, bench:posts).
 *  - RSS counts every page a process has resident, shared ones included: PostgreSQL's shared buffers and the
 *    node binary's code are counted once per process that touched them, so a sum of RSS overstates the total.
 *  - PSS divides each shared page among the processes that map it: a sum of PSS is what the tree costs the
 *    machine (the figure to judge a budget by).
 * CPU is user + system time; wake-ups are context switches (voluntary and not) of every thread.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';

/** Clock ticks per second of /proc/<pid>/stat times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

export interface ProcessSample {
  pid: number;
  ppid: number;
  /** What it runs: node's script, or PostgreSQL's process title ("postgres: checkpointer"). */
  name: string;
  rssKb: number;
  pssKb: number;
  /** The part of PSS that is shared memory (PostgreSQL's shared buffers, among others). */
  pssShmemKb: number;
  /** user + system CPU time so far, in seconds. */
  cpuSeconds: number;
  /** Context switches of all its threads so far. */
  switches: number;
}

function readText(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

function statOf(pid: number): { ppid: number; cpuSeconds: number } | null {
  const stat = readText(`/proc/${pid}/stat`);
  if (!stat) return null;
  // The command name in parentheses may hold spaces: fields are counted after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ppid = Number(fields[1]);
  const ticks = Number(fields[11]) + Number(fields[12]);
  return { ppid, cpuSeconds: ticks / TICKS_PER_SECOND };
}

function kbField(text: string, field: string): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text);
  return match ? Number(match[1]) : 0;
}

function switchesOf(pid: number): number {
  let total = 0;
  let tasks: string[] = [];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return 0;
  }
  for (const task of tasks) {
    const status = readText(`/proc/${pid}/task/${task}/status`) ?? '';
    const voluntary = /^voluntary_ctxt_switches:\s+(\d+)/m.exec(status);
    const forced = /^nonvoluntary_ctxt_switches:\s+(\d+)/m.exec(status);
    total += Number(voluntary?.[1] ?? 0) + Number(forced?.[1] ?? 0);
  }
  return total;
}

function nameOf(pid: number): string {
  const cmdline = (readText(`/proc/${pid}/cmdline`) ?? '').split('\0').filter(Boolean);
  const [first = '', ...rest] = cmdline;
  if (first.startsWith('postgres')) return cmdline.join(' ').slice(0, 80);
  const program = first.split('/').at(-1) ?? first;
  // node's first argument that is not an option: the script (or npm's cli).
  const script = rest.find((arg) => !arg.startsWith('-')) ?? '';
  const tail = rest.slice(rest.indexOf(script) + 1, rest.indexOf(script) + 2).join(' ');
  return `${program} ${script.split('/').slice(-3).join('/')} ${tail}`.trim().slice(0, 80);
}

/** One process's figures now; null when it has gone. */
export function sampleProcess(pid: number): ProcessSample | null {
  const stat = statOf(pid);
  if (!stat) return null;
  const rollup = readText(`/proc/${pid}/smaps_rollup`) ?? '';
  return {
    pid,
    ppid: stat.ppid,
    name: nameOf(pid),
    rssKb: kbField(rollup, 'Rss'),
    pssKb: kbField(rollup, 'Pss'),
    pssShmemKb: kbField(rollup, 'Pss_Shmem'),
    cpuSeconds: stat.cpuSeconds,
    switches: switchesOf(pid),
  };
}

/**
 * The size of a process's shared mappings (`rw-s`: PostgreSQL's shared memory segments), in kB. Pages of
 * shared memory that only processes which have since exited touched stay resident but are in nobody's
 * PSS: counting the whole segment bounds what the tree can hold.
 */
export function sharedMappingsKb(pid: number): number {
  const smaps = readText(`/proc/${pid}/smaps`) ?? '';
  let total = 0;
  let shared = false;
  for (const line of smaps.split('\n')) {
    const header = /^[0-9a-f]+-[0-9a-f]+ (\S{4}) /.exec(line);
    if (header) shared = header[1]?.[3] === 's';
    else if (shared && line.startsWith('Size:')) total += Number(/(\d+) kB/.exec(line)?.[1] ?? 0);
  }
  return total;
}

/** `root` and every process below it, parents first. */
export function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = statOf(Number(entry));
    if (!stat) continue;
    const list = children.get(stat.ppid) ?? [];
    list.push(Number(entry));
    children.set(stat.ppid, list);
  }
  const tree: number[] = [];
  const visit = (pid: number) => {
    tree.push(pid);
    for (const child of children.get(pid) ?? []) visit(child);
  };
  visit(root);
  return tree;
}

export function sampleTree(root: number): ProcessSample[] {
  return processTree(root)
    .map(sampleProcess)
    .filter((s): s is ProcessSample => s !== null);
}

const mb = (kb: number) => Math.round(kb / 102.4) / 10;

/** A tree's summed RSS and PSS in kB, read without blocking the event loop (the kernel's work runs in libuv's pool). */
async function treeMemoryKb(root: number): Promise<{ rss: number; pss: number }> {
  const read = (file: string) => readFile(file, 'utf8').catch(() => '');
  const pids = (await readdir('/proc')).filter((entry) => /^\d+$/.test(entry));
  const stats = await Promise.all(pids.map((pid) => read(`/proc/${pid}/stat`)));
  const children = new Map<number, number[]>();
  stats.forEach((stat, i) => {
    if (!stat) return;
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    const list = children.get(ppid) ?? [];
    list.push(Number(pids[i]));
    children.set(ppid, list);
  });
  const tree: number[] = [];
  const visit = (pid: number) => {
    tree.push(pid);
    for (const child of children.get(pid) ?? []) visit(child);
  };
  visit(root);
  const rollups = await Promise.all(tree.map((pid) => read(`/proc/${pid}/smaps_rollup`)));
  return {
    rss: rollups.reduce((sum, text) => sum + kbField(text, 'Rss'), 0),
    pss: rollups.reduce((sum, text) => sum + kbField(text, 'Pss'), 0),
  };
}

/**
 * Samples a process tree's summed RSS and PSS every `everyMs` while running, without blocking the event
 * loop: the peak and the average of each, in MB (bench:posts reports them beside its latencies).
 */
export class TreeMemorySampler {
  private readonly rss: number[] = [];
  private readonly pss: number[] = [];
  private readonly timer: NodeJS.Timeout;
  private taking: Promise<void> = Promise.resolve();

  constructor(
    private readonly root: number,
    everyMs = 2000,
  ) {
    this.take();
    this.timer = setInterval(() => this.take(), everyMs);
    this.timer.unref();
  }

  private take(): void {
    this.taking = this.taking.then(async () => {
      const { rss, pss } = await treeMemoryKb(this.root);
      this.rss.push(rss);
      this.pss.push(pss);
    });
  }

  async stop() {
    clearInterval(this.timer);
    this.take();
    await this.taking;
    const average = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
    return {
      samples: this.rss.length,
      pss_mb: { peak: mb(Math.max(...this.pss)), average: mb(average(this.pss)) },
      rss_sum_mb: { peak: mb(Math.max(...this.rss)), average: mb(average(this.rss)) },
    };
  }
}

export { mb };
