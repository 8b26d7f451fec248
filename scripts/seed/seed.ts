/**
 * npm run seed -- --questions N [--answers-per-question K] [--users U] [--comments-per-post C]
 *                 [--seed S] [--workers W] [--votes]
 *
 * Demo data for the embedded instance (or DATABASE_URL): users with profiles, then questions with
 * answers, comments and accepted answers, all through the services' own commands. Works while
 * `npm start` runs (it then writes into that instance's database) or on its own.
 */
import { parseArgs } from 'node:util';
import { composeServices } from '@agora/gateway';
import { identityService } from '@agora/identity';
import { createLogger, exitOnConfigError, loadConfig } from '@agora/platform';
import { postsService } from '@agora/posts';
import { siteService } from '@agora/site';
import pg from 'pg';
import { reachDatabase } from '../../launcher/src/database-access';
import { SEED_PASSWORD, type SeedCounts, seedPosts, seedUsers } from './generate';

const USAGE = `Usage: npm run seed -- --questions N [--answers-per-question K] [--users U] [--comments-per-post C]
                       [--seed S] [--workers W] [--votes]
  --questions             questions to write (required)
  --answers-per-question  mean answers per question (default 3; integers give exactly N x K)
  --users                 accounts to create once and reuse as authors (default 200, at least 2)
  --comments-per-post     mean comments per question and per answer (default 1, fractions allowed)
  --seed                  the PRNG seed: the same seed writes the same content (default 1)
  --workers               questions written concurrently (default 4)
  --votes                 not available yet (votes are not built), skipped with a message
`;

function number(name: string, raw: string | undefined, fallback: number, minimum = 0): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < minimum) throw new Error(`--${name} must be a number >= ${minimum}`);
  return value;
}

let options: {
  questions: number;
  answers: number;
  users: number;
  comments: number;
  seed: number;
  workers: number;
  votes: boolean;
};
try {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      questions: { type: 'string' },
      'answers-per-question': { type: 'string' },
      users: { type: 'string' },
      'comments-per-post': { type: 'string' },
      seed: { type: 'string' },
      workers: { type: 'string' },
      votes: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(USAGE);
    process.exit(0);
  }
  if (values.questions === undefined) throw new Error('--questions is required');
  options = {
    questions: Math.floor(number('questions', values.questions, 0, 1)),
    answers: number('answers-per-question', values['answers-per-question'], 3),
    users: Math.floor(number('users', values.users, 200, 2)),
    comments: number('comments-per-post', values['comments-per-post'], 1),
    seed: Math.floor(number('seed', values.seed, 1)),
    workers: Math.floor(number('workers', values.workers, 4, 1)),
    votes: values.votes ?? false,
  };
  if (options.answers >= options.users) throw new Error('--answers-per-question must be below --users');
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n${USAGE}`);
  process.exit(64);
}

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  exitOnConfigError(error);
}
// The services' own info lines would drown the progress; AGORA_LOG_LEVEL=info shows them.
const log = createLogger({ logLevel: process.env.AGORA_LOG_LEVEL ? config.logLevel : 'warn' });
const say = (line: string) => process.stdout.write(`${line}\n`);

if (options.votes) say('--votes: votes are not built yet (the votes service comes later); no votes are written.');

const database = await reachDatabase(config, log);
try {
  const probe = new pg.Client({ connectionString: database.url });
  await probe.connect();
  await probe.end();
} catch (error) {
  const missing = (error as { code?: string }).code === '3D000';
  process.stderr.write(
    missing
      ? `There is no Agora database in ${config.dataDir} yet: run \`npm start\` once (it creates it), then seed.\n`
      : `Cannot reach the database: ${(error as Error).message}\n`,
  );
  await database.stop();
  process.exit(1);
}
const services = await composeServices({
  config,
  databaseUrl: database.url,
  log,
  services: [
    { module: siteService, maxConnections: 2 },
    { module: identityService, maxConnections: 4 },
    { module: postsService, maxConnections: Math.max(4, options.workers + 2) },
  ],
});
const identity = services.service('identity');
const posts = services.service('posts');

let exitCode = 0;
try {
  const started = Date.now();
  say(`Seeding ${options.users} users (seed ${options.seed})...`);
  const { users, created, reused } = await seedUsers(identity, {
    seed: options.seed,
    count: options.users,
    onProgress: (done) => {
      if (done % 100 === 0) say(`  users: ${done}/${options.users}`);
    },
  });
  say(`  ${created} created, ${reused} already there (password for all: ${SEED_PASSWORD})`);
  // Posts keeps its own copy of the users (author cards, mentions) from identity's events.
  await posts.projections.waitForCatchUp(120_000);

  say(
    `Seeding ${options.questions} questions, ~${options.answers} answers each, ~${options.comments} comments per post, ${options.workers} workers...`,
  );
  const line = (c: SeedCounts, seconds: number) =>
    `  ${c.questions} questions, ${c.answers} answers, ${c.comments} comments, ${c.accepted} accepted` +
    ` | ${Math.round(c.commands / Math.max(seconds, 0.001))} commands/s, ${seconds.toFixed(0)} s`;
  const { counts, seconds } = await seedPosts(posts, users, {
    seed: options.seed,
    questions: options.questions,
    answersPerQuestion: options.answers,
    commentsPerPost: options.comments,
    workers: options.workers,
    onProgress: (c, s) => say(line(c, s)),
  });
  await posts.projections.waitForCatchUp(120_000);
  say(
    `Done in ${((Date.now() - started) / 1000).toFixed(1)} s: ${counts.commands} post commands in ${seconds.toFixed(1)} s = ` +
      `${Math.round(counts.commands / seconds)} commands/s (${Math.round(counts.questions / seconds)} questions/s with their answers and comments).`,
  );
} catch (error) {
  process.stderr.write(`Seeding failed: ${(error as Error).stack ?? error}\n`);
  exitCode = 1;
} finally {
  await services.close();
  await database.stop();
}
process.exit(exitCode);
