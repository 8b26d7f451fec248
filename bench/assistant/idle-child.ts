/**
 * One idle Agora for bench/assistant/idle.ts, in a process of its own: every service as the embedded process composes
 * them (its pool sizes), with or without the assistant (`--without-assistant`), on a fresh PostgreSQL; once every
 * projection has caught up, it has rested SETTLE_SECONDS and its heap has been collected, the node process's RSS and PSS
 * and its PostgreSQL's PSS are sampled every 2 s for SAMPLE_SECONDS, and their averages printed as the last line (JSON).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { badgesService } from '@agora/badges';
import { composeAgora } from '@agora/gateway';
import { identityService } from '@agora/identity';
import { moderationService } from '@agora/moderation';
import { notificationsService } from '@agora/notifications';
import { loadConfig, type ServiceModule } from '@agora/platform';
import { postsService } from '@agora/posts';
import { searchService } from '@agora/search';
import { siteService } from '@agora/site';
import { tagsService } from '@agora/tags';
import { votesService } from '@agora/votes';
import pino from 'pino';
import { EMBEDDED_CONNECTIONS } from '../../launcher/src/embedded';
import { sampleTree } from '../process-memory';
import { benchDatabase, settleHeap } from '../support';

const SETTLE_SECONDS = Number(process.env.BENCH_IDLE_SETTLE_SECONDS ?? 20);
const SAMPLE_SECONDS = Number(process.env.BENCH_IDLE_SAMPLE_SECONDS ?? 20);
const withoutAssistant = process.argv.includes('--without-assistant');

// The services one by one, not launcher/src/services.ts's list: without the assistant, its code (the MCP SDK, the
// openai client) is not even loaded.
const services: ServiceModule[] = [
  siteService,
  identityService,
  postsService,
  votesService,
  tagsService,
  searchService,
  badgesService,
  moderationService,
  notificationsService,
];
if (!withoutAssistant) {
  services.push((await import('@agora/assistant')).assistantService);
  const { ALL_SERVICES } = await import('../../launcher/src/services');
  if (ALL_SERVICES.map((s) => s.name).join() !== services.map((s) => s.name).join())
    throw new Error('the embedded process composes other services than this bench: update its list');
}
const db = await benchDatabase();
const agora = await composeAgora({
  config: loadConfig({ env: { AGORA_SITE_URL: 'http://agora.bench' } }),
  databaseUrl: db.url,
  log: pino({ level: 'warn' }),
  services,
  maxConnections: EMBEDDED_CONNECTIONS,
  bus: { kind: 'postgres' },
});
await agora.settle(120_000);
await sleep(SETTLE_SECONDS * 1000);
// A full collection first: without it the two runs differ by whatever garbage each happens to hold (±20 MB).
await settleHeap();
const samples: { rss: number; pss: number; postgresPss: number; processes: number }[] = [];
for (let taken = 0; taken < SAMPLE_SECONDS / 2; taken++) {
  const tree = sampleTree(process.pid);
  const self = tree.find((s) => s.pid === process.pid);
  const postgres = tree.filter((s) => s.name.startsWith('postgres'));
  samples.push({
    rss: self?.rssKb ?? 0,
    pss: self?.pssKb ?? 0,
    postgresPss: postgres.reduce((sum, s) => sum + s.pssKb, 0),
    processes: tree.length,
  });
  await sleep(2000);
}
const mean = (pick: (s: (typeof samples)[number]) => number) =>
  Math.round((samples.reduce((sum, s) => sum + pick(s), 0) / samples.length / 1024) * 10) / 10;
const figures = {
  services: services.map((s) => s.name),
  node_rss_mb: mean((s) => s.rss),
  node_pss_mb: mean((s) => s.pss),
  postgres_pss_mb: mean((s) => s.postgresPss),
  total_pss_mb: mean((s) => s.pss + s.postgresPss),
  processes: samples.at(-1)?.processes ?? 0,
};
await agora.close();
await db.stop();
process.stdout.write(`${JSON.stringify(figures)}\n`);
