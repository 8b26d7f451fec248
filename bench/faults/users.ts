/**
 * The virtual users of a fault run: the day-in-the-life scenario's readers and pollers (infra/k6/lib/scenarios.js)
 * and members writing what can be checked one by one afterwards: questions, answers to the run's questions and
 * up-votes on the run's posts (each member votes a post once, never its own, and never takes it back). Every
 * write's outcome goes to the ledger; every request to the samples, placed at its sending time.
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { dataOf, type LoadRequest, send, succeeded } from '../../infra/k6/lib/api.js';
import { pick, pickWeighted, thinkSeconds } from '../../infra/k6/lib/random.js';
import { actionsFor, newUser, requestOf, SCENARIOS, type SetupData } from '../../infra/k6/lib/scenarios.js';
import type { GatewayClient } from './client';
import { outcomeOf, type WriteKind, type WriteLedger } from './ledger';
import type { TimedSample } from './timeline';

/**
 * The share of a member's actions that are checked writes in a write load run (`--mix writes`, the default); the
 * rest are the day scenario's reads and polls. `--mix day` writes as often as the day scenario does (writeShareOf).
 */
export const WRITE_LOAD_SHARE = 0.3;
/** Of the writes: questions, answers, votes. */
const WRITES: Array<{ kind: WriteKind; weight: number }> = [
  { kind: 'question', weight: 1 },
  { kind: 'answer', weight: 2 },
  { kind: 'vote', weight: 3 },
];
/** The day scenario's own writes, replaced here by checked ones. */
const UNCHECKED_WRITES = new Set(['ask', 'answer', 'comment', 'vote', 'bookmark', 'notification_read']);

/** The share of a scenario's actions that write (by weight): the day scenario's, when a run writes as it does. */
export function writeShareOf(scenario: { actions: ReadonlyArray<{ kind: string; weight: number }> }): number {
  const total = scenario.actions.reduce((sum, a) => sum + a.weight, 0);
  const writes = scenario.actions.filter((a) => UNCHECKED_WRITES.has(a.kind)).reduce((sum, a) => sum + a.weight, 0);
  return total > 0 ? writes / total : 0;
}

export interface UsersOptions {
  client: GatewayClient;
  data: SetupData;
  users: number;
  /** The run ends when this resolves (the fault script decides when). */
  until: Promise<void>;
  ledger: WriteLedger;
  samples: TimedSample[];
  /** The run's start: samples are placed relative to it. */
  startedAt: number;
  think: { min: number; max: number };
  /** The share of a member's actions that are checked writes. */
  writeShare: number;
}

interface Mine {
  /** Posts this member asked or answered (it may not vote them). */
  authored: Set<string>;
  answered: Set<string>;
  voted: Set<string>;
}

/** A checked write this member may make now, or null when the run has nothing for it yet. */
function checkedWrite(
  kind: WriteKind,
  mine: Mine,
  ledger: WriteLedger,
  random: () => number,
  runId: string,
  n: number,
): { kind: WriteKind; request: LoadRequest; target?: string } | null {
  if (kind === 'question') {
    return {
      kind,
      request: send('POST', 'question', {
        title: `Fault run ${runId} question ${n}: does the write survive?`,
        content: `Asked during a fault run (${runId}-${n}); the run checks afterwards that it is there once.`,
        tags: [{ slug_name: 'faults' }],
      }),
    };
  }
  if (kind === 'answer') {
    const open = ledger.acknowledged('question').filter((id) => !mine.answered.has(id) && !mine.authored.has(id));
    if (open.length === 0) return null;
    const target = pick(open, random);
    mine.answered.add(target);
    return {
      kind,
      request: send('POST', 'answer', { question_id: target, content: `Answered during fault run ${runId} (${n}).` }),
      target,
    };
  }
  const posts = [...ledger.acknowledged('question'), ...ledger.acknowledged('answer')].filter(
    (id) => !mine.voted.has(id) && !mine.authored.has(id),
  );
  if (posts.length === 0) return null;
  const target = pick(posts, random);
  mine.voted.add(target);
  return { kind, request: send('POST', 'vote/up', { object_id: target, is_cancel: false }), target };
}

export async function runUsers(options: UsersOptions): Promise<void> {
  const { client, data, ledger, samples, startedAt } = options;
  const scenario = SCENARIOS.day;
  const reads = actionsFor(scenario, data).filter((a) => !UNCHECKED_WRITES.has(a.kind));
  const readWeight = reads.reduce((s, a) => s + a.weight, 0);
  let over = false;
  void options.until.then(() => {
    over = true;
  });
  let written = 0;

  async function runUser(id: number) {
    const user = newUser(id, data, Math.random);
    const mine: Mine = { authored: new Set(), answered: new Set(), voted: new Set() };
    let gateway = id;
    while (!over) {
      // Thinking first, as the k6 scripts do: the users arrive over their first think time.
      const pause = thinkSeconds(options.think, user.random) * 1000;
      if (pause > 0) await Promise.race([sleep(pause), options.until]);
      if (over) break;
      let kind: string;
      let request: LoadRequest;
      let write: { kind: WriteKind; target: string | undefined } | null = null;
      // A write the run has nothing for yet (no question to answer) is a read instead.
      const next =
        user.token && user.random() < options.writeShare
          ? checkedWrite(pickWeighted(WRITES, user.random).kind, mine, ledger, user.random, data.runId, ++written)
          : null;
      if (next) {
        write = { kind: next.kind, target: next.target };
        kind = `write_${next.kind}`;
        request = { ...next.request, token: user.token };
      } else {
        const action = pickWeighted(
          reads.map((a) => ({ ...a, weight: a.weight / readWeight })),
          user.random,
        );
        kind = action.kind;
        request = requestOf(action, user);
      }
      const at = performance.now() - startedAt;
      const answer = await client.send(gateway, request);
      const ok = !answer.error && succeeded(answer);
      samples.push({ at, ms: answer.ms, ok, kind, status: answer.status, resent: answer.retriedAfter !== undefined });
      if (answer.status === 0 || answer.retriedAfter) gateway += 1;
      if (write) {
        const outcome = outcomeOf(answer.status);
        const created = dataOf(answer) as { id?: string } | undefined;
        const newId = write.kind !== 'vote' && outcome === 'acknowledged' ? created?.id : undefined;
        ledger.note({
          kind: write.kind,
          outcome,
          ...(newId ? { id: String(newId) } : {}),
          ...(write.target ? { target: write.target } : {}),
        });
        if (newId) mine.authored.add(String(newId));
      }
    }
  }

  await Promise.all(Array.from({ length: options.users }, (_, i) => runUser(i + 1)));
}
