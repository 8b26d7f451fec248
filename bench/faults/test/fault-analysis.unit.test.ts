/**
 * The pure parts of the fault runs (docs/adr/0079-faults-under-load.md): the timeline's error windows and time to
 * p99 recovery, the check of every acknowledged write for loss and double application, the read-model digests'
 * comparison and /proc's CPU times. A regression here would make a fault run report a wrong figure.
 */
import { describe, expect, it } from 'vitest';
import { SCENARIOS } from '../../../infra/k6/lib/scenarios.js';
import { safeToResend } from '../client';
import { cpuSecondsBetween, parseProcStat, treeOf } from '../cpu';
import { differingTables, pairRows } from '../digests';
import { auditWrites, type Observed, outcomeOf, WriteLedger, type WriteRecord } from '../ledger';
import {
  errorsBetween,
  latencyByKind,
  nearestRank,
  p99Of,
  perSecond,
  recoveryMs,
  slidingP99,
  type TimedSample,
} from '../timeline';
import { writeShareOf } from '../users';

/** `perSecond` requests each second of `seconds`, each taking `ms(second)` (null: failed with status 502). */
function steady(seconds: number, perSec: number, ms: (second: number) => number | null): TimedSample[] {
  const samples: TimedSample[] = [];
  for (let s = 0; s < seconds; s++) {
    for (let i = 0; i < perSec; i++) {
      const took = ms(s);
      samples.push({
        at: s * 1000 + (i * 1000) / perSec,
        ms: took ?? 5,
        ok: took !== null,
        kind: 'read',
        status: took === null ? 502 : 200,
      });
    }
  }
  return samples;
}

describe('the fault timeline', () => {
  it('takes the nearest-rank percentile and counts a failure as slower than any budget', () => {
    expect(nearestRank([1, 2, 3, 4], 50)).toBe(2);
    expect(nearestRank([], 99)).toBeNaN();
    const fast = steady(1, 100, () => 10);
    expect(p99Of(fast)).toBe(10);
    fast[0] = { ...fast[0], ok: false, status: 0 } as TimedSample;
    expect(p99Of(fast)).toBe(10);
    fast[1] = { ...fast[1], ok: false, status: 0 } as TimedSample;
    expect(p99Of(fast)).toBe(Number.POSITIVE_INFINITY);
  });

  it('counts the errors sent within a window, by status and kind', () => {
    const samples = steady(10, 10, (s) => (s >= 3 && s < 5 ? null : 20));
    samples.push({ at: 3500, ms: 1, ok: false, status: 0, kind: 'write_vote' });
    expect(errorsBetween(samples, 0, 3000)).toMatchObject({ requests: 30, errors: 0, error_rate: 0 });
    const during = errorsBetween(samples, 3000, 5000);
    expect(during).toMatchObject({ requests: 21, errors: 21, by_status: { '502': 20, '0': 1 } });
    expect(during.by_kind).toEqual({ read: 20, write_vote: 1 });
    expect(errorsBetween(samples, 5000, 10_000).errors).toBe(0);
  });

  it('counts the requests the balancer sent to the other gateway apart from the errors', () => {
    const samples: TimedSample[] = [
      { at: 100, ms: 40, ok: true, kind: 'read', status: 200, resent: true },
      { at: 200, ms: 10, ok: true, kind: 'read', status: 200 },
      { at: 300, ms: 12, ok: false, kind: 'write_vote', status: 0 },
    ];
    expect(errorsBetween(samples, 0, 1000)).toMatchObject({ requests: 3, errors: 1, resent_to_another_gateway: 1 });
  });

  it("writes as often as a scenario's own writes weigh, for the budget's mix", () => {
    expect(
      writeShareOf({
        actions: [
          { kind: 'ask', weight: 1 },
          { kind: 'question_list', weight: 3 },
        ],
      }),
    ).toBe(0.25);
    const day = writeShareOf(SCENARIOS.day);
    expect(day).toBeGreaterThan(0.05);
    expect(day).toBeLessThan(0.15);
  });

  it('resends to the other gateway only what changes nothing or never reached the first', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    const reset = Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' });
    expect(safeToResend('GET', reset)).toBe(true);
    expect(safeToResend('POST', refused)).toBe(true);
    expect(safeToResend('POST', reset)).toBe(false);
    expect(safeToResend('PUT', reset)).toBe(false);
  });

  it('finds when p99 is back under budget for good, not at the first good window', () => {
    // Fault at 10 s: slow until 14 s, one good second, slow again at 15 s, good from 16 s on.
    const samples = steady(30, 20, (s) => ((s >= 10 && s < 14) || s === 15 ? 900 : 30));
    const options = { injectedAt: 10_000, endAt: 30_000, budgetMs: 250, windowMs: 1000, stepMs: 500 };
    expect(recoveryMs(samples, options)).toBe(6000);
    // Two-second windows: the same moment here, since the last slow second ends by then.
    expect(recoveryMs(samples, { ...options, windowMs: 2000 })).toBe(6000);
    const windows = slidingP99(samples, 10_000, 30_000, 1000, 500);
    expect(windows[0]).toEqual({ at: 10_000, requests: 20, p99_ms: 900 });
  });

  it('reports 0 when the fault never pushed p99 over, and null when it never came back', () => {
    const calm = steady(20, 10, () => 40);
    const options = { injectedAt: 5000, endAt: 20_000, budgetMs: 250, windowMs: 2000, stepMs: 500 };
    expect(recoveryMs(calm, options)).toBe(0);
    const broken = steady(20, 10, (s) => (s >= 5 ? null : 40));
    expect(recoveryMs(broken, options)).toBeNull();
    // Failures alone (fast ones) keep p99 over budget: a refused request is no success.
    const refusing = steady(20, 10, (s) => (s >= 5 && s < 12 ? null : 40));
    expect(recoveryMs(refusing, options)).toBe(7000);
  });

  it('stretches a window until it holds enough requests for a p99, so one slow request in 100 is allowed', () => {
    // 10 requests a second, one of 900 ms every 5 s (1 in 50): 2 s windows are back only after the last one (35 s).
    const samples = steady(40, 10, () => 40).map((s, i) => (i % 50 === 0 ? { ...s, ms: 900 } : s));
    const options = { injectedAt: 10_000, endAt: 40_000, budgetMs: 250, windowMs: 2000, stepMs: 500 };
    expect(recoveryMs(samples, options)).toBe(25_500);
    // 100 requests (10 s here) each: 2 slow ones per window, still over budget.
    expect(recoveryMs(samples, { ...options, minRequests: 100 })).toBeNull();
    // One slow request in 100 (every 10 s): its windows' p99 is the 99th of 100, within budget.
    const rare = steady(40, 10, () => 40).map((s, i) => (i % 100 === 0 ? { ...s, ms: 900 } : s));
    expect(recoveryMs(rare, options)).toBe(20_500);
    expect(recoveryMs(rare, { ...options, minRequests: 100 })).toBe(0);
    const windows = slidingP99(rare, 10_000, 40_000, 2000, 500, 100);
    expect(windows[0]).toEqual({ at: 10_000, requests: 100, p99_ms: 40 });
    // No window is judged once fewer than 100 requests remain before the end.
    expect(windows.at(-1)?.at).toBe(30_000);
  });

  it('passes over windows without requests instead of judging them', () => {
    const samples = steady(20, 10, () => 40).filter((s) => s.at < 6000 || s.at >= 9000);
    const options = { injectedAt: 5000, endAt: 20_000, budgetMs: 250, windowMs: 1000, stepMs: 1000 };
    expect(recoveryMs(samples, options)).toBe(0);
  });

  it('gives each second its requests, errors and p99 of the answered ones', () => {
    const samples = steady(3, 4, (s) => (s === 1 ? null : 10 * (s + 1)));
    expect(perSecond(samples, 3000)).toEqual([
      { second: 0, requests: 4, errors: 0, p99_ms: 10 },
      { second: 1, requests: 4, errors: 4, p99_ms: null },
      { second: 2, requests: 4, errors: 0, p99_ms: 30 },
    ]);
  });

  it('sums up the answered requests of a span by kind, leaving out failures and requests outside it', () => {
    const samples: TimedSample[] = [
      ...steady(2, 100, (s) => (s === 0 ? 4 : null)),
      { at: 500, ms: 900, ok: true, kind: 'write_vote', status: 200 },
      { at: 600, ms: 100, ok: true, kind: 'write_vote', status: 200 },
      { at: 2500, ms: 5000, ok: true, kind: 'write_vote', status: 200 },
    ];
    expect(latencyByKind(samples, 0, 2000)).toEqual({
      read: { requests: 100, p50_ms: 4, p99_ms: 4, max_ms: 4 },
      write_vote: { requests: 2, p50_ms: 100, p99_ms: 900, max_ms: 900 },
    });
  });
});

const observed = (
  questions: Array<[string, { answerCount: number; voteCount: number; answerIds: string[]; found?: boolean }]>,
  answerVotes: Array<[string, number]> = [],
  total = { before: 30, after: 30 + questions.length },
): Observed => ({
  questions: new Map(questions.map(([id, q]) => [id, { found: true, ...q }])),
  answerVotes: new Map(answerVotes),
  questionTotal: total,
});

describe('the check of every acknowledged write', () => {
  const records: WriteRecord[] = [
    { kind: 'question', outcome: 'acknowledged', id: 'q1' },
    { kind: 'question', outcome: 'acknowledged', id: 'q2' },
    { kind: 'answer', outcome: 'acknowledged', id: 'a1', target: 'q1' },
    { kind: 'answer', outcome: 'unknown', target: 'q2' },
    { kind: 'vote', outcome: 'acknowledged', target: 'q1' },
    { kind: 'vote', outcome: 'acknowledged', target: 'q1' },
    { kind: 'vote', outcome: 'unknown', target: 'a1' },
    { kind: 'vote', outcome: 'refused', target: 'q2' },
  ];

  it('classifies an answer: 2xx acknowledged, 4xx refused, none or 5xx unknown', () => {
    expect([200, 201, 400, 404, 429, 0, 500, 502, 503].map(outcomeOf)).toEqual([
      'acknowledged',
      'acknowledged',
      'refused',
      'refused',
      'refused',
      'unknown',
      'unknown',
      'unknown',
      'unknown',
    ]);
  });

  it('finds nothing wrong when the site shows each acknowledged write once, an unknown one at most once', () => {
    const audit = auditWrites(
      records,
      observed(
        [
          ['q1', { answerCount: 1, voteCount: 2, answerIds: ['a1'] }],
          // The unknown answer was applied: allowed.
          ['q2', { answerCount: 1, voteCount: 0, answerIds: ['a9'] }],
        ],
        [['a1', 1]],
      ),
    );
    expect(audit).toEqual({ lost: [], duplicated: [] });
    // Nor when the unknown writes were not applied.
    const notApplied = auditWrites(
      records,
      observed(
        [
          ['q1', { answerCount: 1, voteCount: 2, answerIds: ['a1'] }],
          ['q2', { answerCount: 0, voteCount: 0, answerIds: [] }],
        ],
        [['a1', 0]],
      ),
    );
    expect(notApplied).toEqual({ lost: [], duplicated: [] });
  });

  it('reports each acknowledged write the site does not show', () => {
    const audit = auditWrites(
      records,
      observed(
        [
          ['q1', { answerCount: 0, voteCount: 1, answerIds: [] }],
          ['q2', { answerCount: 0, voteCount: 0, answerIds: [], found: false }],
        ],
        [],
        { before: 30, after: 31 },
      ),
    );
    expect(audit.lost).toEqual([
      'question q1: 0 answers, 1 acknowledged',
      'question q2: not found',
      'answer a1: not on question q1',
      'post q1: 1 votes, 2 acknowledged',
      'site: 1 questions more, 2 acknowledged',
    ]);
    expect(audit.duplicated).toEqual([]);
  });

  it('reports each write the site shows more often than it was sent', () => {
    const audit = auditWrites(
      records,
      observed(
        [
          ['q1', { answerCount: 2, voteCount: 3, answerIds: ['a1', 'a1'] }],
          ['q2', { answerCount: 2, voteCount: 1, answerIds: ['a8', 'a9'] }],
        ],
        [['a1', 2]],
        { before: 30, after: 33 },
      ),
    );
    expect(audit.lost).toEqual([]);
    expect(audit.duplicated).toEqual([
      'question q1: 2 answers, at most 1 sent',
      'question q1: an answer listed twice',
      'question q2: 2 answers, at most 1 sent',
      'post q1: 3 votes, at most 2 sent',
      'post q2: 1 votes, at most 0 sent',
      'post a1: 2 votes, at most 1 sent',
      'site: 3 questions more, at most 2 asked',
    ]);
  });

  it('keeps the ledger: acknowledged posts to answer and vote on, and counts by outcome', () => {
    const ledger = new WriteLedger();
    for (const r of records) ledger.note(r);
    expect(ledger.acknowledged('question')).toEqual(['q1', 'q2']);
    expect(ledger.acknowledged('answer')).toEqual(['a1']);
    expect(ledger.counts()).toEqual({
      question: { acknowledged: 2, refused: 0, unknown: 0 },
      answer: { acknowledged: 1, refused: 0, unknown: 1 },
      vote: { acknowledged: 2, refused: 1, unknown: 1 },
    });
  });
});

describe('read models against their rebuild', () => {
  it('names each table whose rows or digest differ, and tables only one side has', () => {
    const live = { a: { rows: 2, digest: 'x' }, b: { rows: 1, digest: 'y' }, c: { rows: 0, digest: 'z' } };
    expect(differingTables(live, { ...live })).toEqual([]);
    expect(
      differingTables(live, {
        a: { rows: 2, digest: 'other' },
        b: { rows: 3, digest: 'y' },
        d: { rows: 1, digest: 'w' },
      }),
    ).toEqual([
      'a: 2 rows live, 2 rebuilt',
      'b: 1 rows live, 3 rebuilt',
      'c: 0 rows live, missing rebuilt',
      'd: missing rows live, 1 rebuilt',
    ]);
  });

  it('pairs the differing rows by their key and names the columns that differ', () => {
    const live = [
      { id: 'q1', answer_count: 5, title: 'a' },
      { id: 'q2', answer_count: 1, title: 'b' },
      { id: 'q3', answer_count: 0, title: 'gone' },
    ];
    const rebuilt = [
      { id: 'q1', answer_count: 6, title: 'a' },
      { id: 'q2', answer_count: 2, title: 'B' },
      { id: 'q4', answer_count: 0, title: 'new' },
    ];
    expect(pairRows(live, rebuilt)).toEqual({
      only_live: 3,
      only_rebuilt: 3,
      columns: {
        answer_count: { rows: 2, example: { key: 'q1', live: 5, rebuilt: 6 } },
        title: { rows: 1, example: { key: 'q2', live: 'b', rebuilt: 'B' } },
      },
      only_in_live: [{ id: 'q3', answer_count: 0, title: 'gone' }],
      only_in_rebuilt: [{ id: 'q4', answer_count: 0, title: 'new' }],
    });
  });
});

describe('CPU time from /proc', () => {
  it('reads ppid, utime and stime past a command name with spaces and parentheses', () => {
    const line = '4242 (node (main) x) S 4200 4242 4242 0 -1 4194304 1000 0 0 0 150 25 3 4 20 0 11 0 100 1 1';
    expect(parseProcStat(line)).toEqual({ pid: 4242, ppid: 4200, ticks: 175 });
    expect(() => parseProcStat('garbage')).toThrow();
  });

  it('sums a process tree and the time each group used between two snapshots', () => {
    const processes = [
      { pid: 10, ppid: 1, ticks: 0 },
      { pid: 11, ppid: 10, ticks: 0 },
      { pid: 12, ppid: 11, ticks: 0 },
      { pid: 20, ppid: 1, ticks: 0 },
    ];
    expect(treeOf(10, processes).map((p) => p.pid)).toEqual([10, 11, 12]);
    const before = new Map([
      [
        'postgres',
        new Map([
          [10, 100],
          [11, 50],
        ]),
      ],
      ['gateway-1', new Map([[20, 1000]])],
    ]);
    const after = new Map([
      // 12 was born during the run: all its time counts.
      [
        'postgres',
        new Map([
          [10, 150],
          [11, 80],
          [12, 20],
        ]),
      ],
      ['gateway-1', new Map([[20, 1250]])],
    ]);
    expect(cpuSecondsBetween(before, after)).toEqual({ postgres: 1, 'gateway-1': 2.5 });
  });
});
