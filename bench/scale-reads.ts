/**
 * The read budgets of a large site (issue 41's "a million questions, measured"; docs/capacity.md §9) on a database
 * an import filled: Agora as `npm start` composes it, started on that database (its start's catch-up timed as the cold
 * start), idle memory once settled, then 16 clients on each path: the newest questions' first page, a question's
 * detail, a search on PostgreSQL, and a public question page kept in the page cache (questions a visitor may see).
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PostStatus, Show } from '@agora/contracts';
import { createPageRenderer } from '@agora/root/server';
import pino from 'pino';
import { ALL_SERVICES } from '../launcher/src/services';
import { startBenchAgora } from './agora';
import { closedLoop, injectChunks, settleHeap } from './support';

const CLIENTS = 16;
const BUDGETS = { list_page_1: 30, question_detail: 40, search_postgres: 100, cached_public_page: 40 };

export interface ScaleReads {
  cold_start_s: number;
  idle_rss_mb: number;
  clients: number;
  paths: Record<string, { p50_ms: number; p99_ms: number; per_second: number; budget_p99_ms: number; met: boolean }>;
  failures: string[];
}

/** Every `count`th element of `items`, spread over it. */
const spread = <T>(items: T[], count: number) =>
  items.filter((_, i) => i % Math.max(1, Math.floor(items.length / count)) === 0).slice(0, count);

export async function measureScaleReads(pgDir: string, perClient = 100): Promise<ScaleReads> {
  const webRoot = mkdtempSync(path.join(os.tmpdir(), 'agora-bench-scale-'));
  copyFileSync(path.resolve(import.meta.dirname, '../frontends/root/index.html'), path.join(webRoot, 'index.html'));
  const started = performance.now();
  const agora = await startBenchAgora(
    ALL_SERVICES.filter((module) => module.name !== 'site'),
    {
      log: pino({ level: 'warn' }),
      inPlace: pgDir,
      web: { webRoot, pages: createPageRenderer(path.join(webRoot, 'index.html')) },
    },
  );
  const failures: string[] = [];
  try {
    await agora.settle();
    const coldStart = (performance.now() - started) / 1000;
    await settleHeap();
    const idleRss = process.memoryUsage().rss / 1024 / 1024;

    const { rows: questions } = await agora.pool.query<{ id: string; title: string }>(
      'select id, title from posts.questions where status = any($1) and show = $2 order by id',
      [[PostStatus.available, PostStatus.closed], Show.shown],
    );
    const ids = spread(
      questions.map((q) => q.id),
      500,
    );
    const words = spread([...new Set(questions.flatMap((q) => q.title.toLowerCase().match(/[a-z]{5,}/g) ?? []))], 200);
    const get = async (url: string) => {
      const t0 = performance.now();
      const response = await injectChunks(agora.gateway, { method: 'GET', url });
      const ms = performance.now() - t0;
      if (response.statusCode !== 200 && failures.length < 20) failures.push(`GET ${url}: ${response.statusCode}`);
      return ms;
    };
    const at = <T>(items: T[], c: number, i: number) => items[(c * perClient + i) % items.length] as T;
    const api = '/answer/api/v1';
    const runs: Record<keyof typeof BUDGETS, (c: number, i: number) => Promise<number>> = {
      list_page_1: () => get(`${api}/question/page?page=1&page_size=20&order=newest`),
      question_detail: (c, i) => get(`${api}/question/info?id=${at(ids, c, i)}`),
      search_postgres: (c, i) => get(`${api}/search?q=${at(words, c, i)}&page=1&size=20`),
      cached_public_page: (c, i) => get(`/questions/${at(ids, c, i)}`),
    };
    // Each public page drawn once before, so the cached path measures kept pages.
    for (const id of ids) await get(`/questions/${id}`);
    const paths: ScaleReads['paths'] = {};
    for (const [name, run] of Object.entries(runs) as [keyof typeof BUDGETS, typeof runs.list_page_1][]) {
      await settleHeap();
      const figures = await closedLoop(CLIENTS, perClient, run);
      paths[name] = {
        p50_ms: figures.p50_ms,
        p99_ms: figures.p99_ms,
        per_second: figures.per_second,
        budget_p99_ms: BUDGETS[name],
        met: figures.p99_ms <= BUDGETS[name],
      };
      process.stderr.write(`reads ${name}: p50 ${figures.p50_ms} ms, p99 ${figures.p99_ms} ms\n`);
    }
    return {
      cold_start_s: Number(coldStart.toFixed(1)),
      idle_rss_mb: Math.round(idleRss),
      clients: CLIENTS,
      paths,
      failures,
    };
  } finally {
    await agora.close();
    rmSync(webRoot, { recursive: true, force: true });
  }
}
