/**
 * The cluster supervisor's restarts as logic (docs/adr/0091-cluster-supervisor-restarts.md): the backoff curve,
 * each process's record, and `Restarts` on a fake clock (no process is started: `launch` is a stand-in).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type BackoffPolicy, checkPolicy, RESTART_BACKOFF, restartDelayMs } from '../src/cluster/backoff';
import { NEW_RECORD, type RestartRecord, recordExit, recordHold, recordStart } from '../src/cluster/restart-record';
import { Restarts } from '../src/cluster/restarts';
import { formatStatus } from '../src/cluster/status';
import { supervisionCells } from '../src/cluster/supervision-view';

const policy = RESTART_BACKOFF;
const T0 = Date.UTC(2026, 10, 29, 12, 0, 0);

describe('the restart backoff', () => {
  it('doubles from 1 s up to 30 s and stays there, however long a process keeps failing', () => {
    const delays = [1, 2, 3, 4, 5, 6, 7, 8].map((failures) => restartDelayMs(policy, failures));
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
    expect(restartDelayMs(policy, 10_000)).toBe(30_000);
    expect(restartDelayMs(policy, 0)).toBe(1_000);
  });

  it('refuses a policy that would not pace restarts', () => {
    const bad: Array<Partial<BackoffPolicy>> = [
      { firstDelayMs: 0 },
      { factor: 0.5 },
      { maxDelayMs: 10 },
      { stableMs: 0 },
      { crashLoopAfter: 0 },
    ];
    for (const change of bad) expect(() => checkPolicy({ ...policy, ...change })).toThrow(RangeError);
    expect(checkPolicy({ ...policy })).toEqual(policy);
  });
});

describe("a process's restart record", () => {
  const exitAt = (record: RestartRecord, at: number, restarting = true) =>
    recordExit(record, { code: null, signal: 'SIGKILL', at }, policy, restarting);

  it('waits longer after each quick exit in a row, and says crash-looping from the fifth', () => {
    let record = recordStart(NEW_RECORD, T0, false);
    const seen: Array<[string, number | null]> = [];
    for (let i = 0; i < 7; i++) {
      const at = (record.startedAt ?? T0) + 500;
      const next = exitAt(record, at);
      seen.push([next.record.state, next.delayMs]);
      expect(next.record.nextStartAt).toBe(at + (next.delayMs ?? 0));
      record = recordStart(next.record, at + (next.delayMs ?? 0), true);
    }
    expect(seen).toEqual([
      ['backing-off', 1_000],
      ['backing-off', 2_000],
      ['backing-off', 4_000],
      ['backing-off', 8_000],
      ['crash-looping', 16_000],
      ['crash-looping', 30_000],
      ['crash-looping', 30_000],
    ]);
  });

  it('starts the curve afresh once the process has stayed up a minute', () => {
    let record = recordStart(NEW_RECORD, T0, false);
    for (let i = 0; i < 4; i++) record = recordStart(exitAt(record, T0 + i).record, T0 + i, true);
    expect(record.failures).toBe(4);
    const afterLongRun = exitAt(record, T0 + policy.stableMs + 10);
    expect(afterLongRun).toMatchObject({ delayMs: 1_000, record: { state: 'backing-off', failures: 1 } });
    const justShort = exitAt(record, T0 + 3 + policy.stableMs - 1);
    expect(justShort.delayMs).toBe(16_000);
  });

  it('keeps a process stopped on purpose stopped, and one not to be restarted down', () => {
    const running = recordStart(NEW_RECORD, T0, false);
    const held = exitAt(recordHold(running), T0 + 10);
    expect(held).toEqual({
      delayMs: null,
      record: { ...running, state: 'stopped', lastExit: { code: null, signal: 'SIGKILL', at: T0 + 10 } },
    });
    expect(exitAt(running, T0 + 10, false)).toMatchObject({
      delayMs: null,
      record: { state: 'down', nextStartAt: null },
    });
  });

  it('counts only restarts, and a start by hand begins a fresh run of failures', () => {
    const first = recordStart(NEW_RECORD, T0, false);
    const again = recordStart(exitAt(first, T0 + 5).record, T0 + 1_005, true);
    expect(again).toMatchObject({ state: 'running', failures: 1, startedAt: T0 + 1_005, nextStartAt: null });
    expect(recordStart(again, T0 + 2_000, false).failures).toBe(0);
  });
});

describe('Restarts on a fake clock', () => {
  let launched: string[];
  let failLaunch: boolean;
  let restarts: Restarts;

  const make = (enabled = true) => {
    const made = new Restarts({
      policy,
      enabled,
      launch: (name) => {
        if (failLaunch) throw new Error('port taken');
        launched.push(name);
      },
    });
    made.started('posts-2');
    made.arm();
    return made;
  };

  beforeEach(() => {
    vi.useFakeTimers({ now: T0 });
    launched = [];
    failLaunch = false;
    restarts = make();
  });
  afterEach(() => vi.useRealTimers());

  it('starts a killed process again after 1 s, then 2 s, and counts each restart', async () => {
    restarts.exited('posts-2', null, 'SIGKILL');
    expect(restarts.record('posts-2')).toMatchObject({ state: 'backing-off', nextStartAt: T0 + 1_000 });
    expect(restarts.pending('posts-2')).toBe(true);
    await vi.advanceTimersByTimeAsync(999);
    expect(launched).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(launched).toEqual(['posts-2']);
    expect(restarts.record('posts-2')).toMatchObject({
      state: 'running',
      restarts: 1,
      startedAt: T0 + 1_000,
      lastExit: { signal: 'SIGKILL', code: null, at: T0 },
    });
    restarts.exited('posts-2', 1, null);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(launched).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(launched).toHaveLength(2);
    expect(restarts.record('posts-2')).toMatchObject({ state: 'running', restarts: 2, lastExit: { code: 1 } });
  });

  it('keeps retrying a process that cannot start, slowly, and says so', async () => {
    failLaunch = true;
    restarts.exited('posts-2', 1, null);
    await vi.advanceTimersByTimeAsync(1_000 + 2_000 + 4_000 + 8_000);
    expect(restarts.record('posts-2')).toMatchObject({
      state: 'crash-looping',
      restarts: 4,
      failures: 5,
      nextStartAt: Date.now() + 16_000,
      lastExit: { reason: 'start failed: port taken' },
    });
    await vi.advanceTimersByTimeAsync(16_000 + 30_000 * 3);
    expect(restarts.record('posts-2')).toMatchObject({ state: 'crash-looping', restarts: 8 });
    failLaunch = false;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(restarts.record('posts-2')).toMatchObject({ state: 'running', restarts: 9 });
  });

  it('starts nothing again once halted, not even a restart already planned', async () => {
    restarts.exited('posts-2', null, 'SIGKILL');
    await restarts.halt();
    expect(restarts.record('posts-2').state).toBe('stopped');
    restarts.exited('gateway-1', 0, null);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(launched).toEqual([]);
    expect(restarts.record('gateway-1').state).toBe('down');
  });

  it('waits at halt for a start under way, which is told to give up', async () => {
    let signalSeen: AbortSignal | null = null;
    let finish = () => {};
    const slow = new Restarts({
      policy,
      enabled: true,
      launch: (_name, signal) => {
        signalSeen = signal;
        return new Promise<void>((resolve) => {
          finish = resolve;
        });
      },
    });
    slow.started('kafka');
    slow.arm();
    slow.exited('kafka', null, null, 'gone');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(slow.record('kafka').state).toBe('restarting');
    let halted = false;
    const halting = slow.halt().then(() => {
      halted = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(halted).toBe(false);
    expect((signalSeen as AbortSignal | null)?.aborted).toBe(true);
    finish();
    await halting;
    expect(halted).toBe(true);
  });

  it('leaves a start given up at halt stopped, not failed', async () => {
    const aborted = new Restarts({
      policy,
      enabled: true,
      launch: (_name, signal) =>
        new Promise<void>((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error('aborted')))),
    });
    aborted.started('kafka');
    aborted.arm();
    aborted.exited('kafka', null, null, 'gone');
    await vi.advanceTimersByTimeAsync(1_000);
    await aborted.halt();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(aborted.record('kafka')).toMatchObject({ state: 'stopped', restarts: 1, lastExit: { reason: 'gone' } });
  });

  it('does not start again a process stopped on purpose, nor one that ended before the cluster was up', async () => {
    restarts.hold('posts-2');
    restarts.exited('posts-2', 0, null);
    const early = make();
    const notArmed = new Restarts({ policy, enabled: true, launch: () => {} });
    notArmed.started('votes-1');
    notArmed.exited('votes-1', 1, null);
    const disabled = make(false);
    disabled.exited('posts-2', null, 'SIGKILL');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(launched).toEqual([]);
    expect(restarts.record('posts-2').state).toBe('stopped');
    expect(notArmed.record('votes-1').state).toBe('down');
    expect(disabled.record('posts-2')).toMatchObject({ state: 'down', restarts: 0 });
    expect(early.record('posts-2').state).toBe('running');
  });

  it('drops a planned restart when the process is started by hand', async () => {
    restarts.exited('posts-2', null, 'SIGKILL');
    restarts.started('posts-2');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(launched).toEqual([]);
    expect(restarts.record('posts-2')).toMatchObject({ state: 'running', restarts: 0, failures: 0 });
  });
});

describe("the status table's restart columns", () => {
  it('shows state, restarts, last exit and last start for each process', () => {
    const record: RestartRecord = {
      state: 'backing-off',
      restarts: 3,
      failures: 2,
      startedAt: T0 - 95_000,
      lastExit: { code: null, signal: 'SIGKILL', at: T0 - 5_000 },
      nextStartAt: T0 + 4_000,
    };
    expect(supervisionCells(record, T0)).toEqual(['backing-off (next in 4 s)', '3', 'SIGKILL 5 s ago', '1 min ago']);
    expect(supervisionCells(undefined, T0)).toEqual(['-', '-', '-', '-']);
    const table = formatStatus(
      [
        {
          name: 'gateway-2',
          role: 'gateway',
          port: 9082,
          pid: null,
          ready: false,
          state: 'down',
          lag: {},
          supervision: record,
        },
        {
          name: 'posts-1',
          role: 'posts',
          port: 9181,
          pid: 42,
          ready: true,
          state: 'ready',
          lag: { actors: 0 },
          supervision: { ...recordStart(NEW_RECORD, T0 - 7_200_000, false), restarts: 0 },
        },
      ],
      T0,
    );
    expect(table.split('\n').map((line) => line.split(/\s{2,}/))).toEqual([
      ['PROCESS', 'PID', 'PORT', 'STATE', 'RESTARTS', 'LAST EXIT', 'STARTED', 'HEALTH', 'PROJECTION LAG'],
      ['gateway-2', '-', '9082', 'backing-off (next in 4 s)', '3', 'SIGKILL 5 s ago', '1 min ago', 'down', '-'],
      ['posts-1', '42', '9181', 'running', '0', '-', '2 h ago', 'ready', '0'],
    ]);
  });
});
