/**
 * npm run bench:complete-seed -- <BENCH_DB_DIR> [--skip <service>]... — brings a posts bench's seeded cluster up to date for every
 * service, in place. The posts bench seeds site, identity and posts only; a bench started from a copy of it with
 * votes, tags, search, badges, moderation or notifications had those replay every event of 100,000 questions and
 * 300,000 answers first (more than the 10 minutes a bench waits). Run once after seeding: each copy then starts
 * with every projection caught up. Prints how long the catch-up took. `--skip` leaves a service out (notifications
 * takes hours: it mails each new question to every member who follows its tags, as a live site would).
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { ALL_SERVICES } from '../launcher/src/services';
import { startBenchAgora } from './agora';

const { values, positionals } = parseArgs({
  args: process.argv.slice(2),
  options: { skip: { type: 'string', multiple: true } },
  allowPositionals: true,
});
const dir = positionals[0] ?? process.env.BENCH_DB_DIR;
if (!dir) {
  process.stderr.write('Usage: npm run bench:complete-seed -- <a posts bench BENCH_DB_DIR> [--skip <service>]...\n');
  process.exit(2);
}
const skipped = new Set(['site', ...(values.skip ?? [])]);
const say = (line: string) => process.stdout.write(`${line}\n`);
const started = performance.now();
const agora = await startBenchAgora(
  ALL_SERVICES.filter((module) => !skipped.has(module.name)),
  { log: pino({ level: 'warn' }), inPlace: dir },
);
say(`every service started on ${dir}; waiting for every projection to catch up...`);
try {
  await agora.settle(3 * 3_600_000);
  await agora.pool.query('vacuum (analyze)');
  say(`caught up in ${((performance.now() - started) / 1000).toFixed(0)} s`);
} finally {
  await agora.close();
}
