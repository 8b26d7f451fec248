/**
 * The demo-data generator's core, shared by `npm run seed` and the posts benchmark. Everything is
 * written through the services' own commands (identity's `Accounts`, posts' question, answer and comment
 * commands), so every event, read model and projection is the real one. Content is deterministic for a given seed: each user and
 * each question draws from its own PRNG stream, whatever worker takes it. Ids and timestamps come from
 * the services and differ from run to run.
 */
import { performance } from 'node:perf_hooks';
import { Role } from '@agora/contracts';
import { accountsFor } from '@agora/identity';
import type { UserRow } from '@agora/identity/responses/users';
import { type Actor, ApiError, itemAt, type RunningService, renderMarkdown, toActor } from '@agora/platform';
import { postsFor } from '@agora/posts';
import { Random } from './random';
import {
  ANSWER_CLOSINGS,
  ANSWER_OPENINGS,
  CLOSINGS,
  COMMENTS,
  EMPLOYERS,
  FIRST_NAMES,
  INTERESTS,
  JOBS,
  LAST_NAMES,
  LOCATIONS,
  OPENINGS,
  TOPICS,
  type Topic,
  TRIED,
} from './vocabulary';

/** Every seeded account has this password, so a demo can log in as anyone. */
export const SEED_PASSWORD = 'agora-demo-password';

export interface SeedUser {
  actor: Actor;
  username: string;
}

export interface SeedCounts {
  users: number;
  questions: number;
  answers: number;
  comments: number;
  accepted: number;
  commands: number;
}

export interface SeedPostsOptions {
  seed: number;
  /** Question indexes [first, first + questions): a second call with another range adds other questions. */
  first?: number;
  questions: number;
  /** Mean answers per question; integers give exactly questions × K answers (for an even count). */
  answersPerQuestion: number;
  /** Mean comments per question and per answer (fractions allowed). */
  commentsPerPost: number;
  /** Share of all questions whose asker accepts an answer. */
  acceptRate?: number;
  /** Concurrent workers, each running one question (ask, answers, comments, accept) at a time. */
  workers: number;
  /** Overrides the answer count of a question index (the benchmark's 30-answer questions). */
  answersFor?: (index: number) => number | undefined;
  onQuestion?: (index: number, questionId: string, answers: number) => void;
  onProgress?: (counts: SeedCounts, elapsedSeconds: number) => void;
  progressEveryMs?: number;
  /** performance.now() after which no new question is started (the run then stops short of `questions`). */
  deadline?: number;
}

const slug = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A person: name, username and profile, from user index `k` of a seed. */
export function personOf(seed: number, k: number) {
  const r = new Random(seed, 1, k);
  // Names cycle through every first × last combination before they repeat, so most usernames are plain.
  const combos = FIRST_NAMES.length * LAST_NAMES.length;
  const offset = new Random(seed, 2).int(0, combos - 1);
  const c = (k * 7919 + offset) % combos;
  const first = itemAt(FIRST_NAMES, c % FIRST_NAMES.length);
  const last = itemAt(LAST_NAMES, Math.floor(c / FIRST_NAMES.length));
  const round = Math.floor(k / combos);
  const username = `${slug(first)}-${slug(last)}${round ? `-${round + 1}` : ''}`.slice(0, 30);
  const job = r.pick(JOBS);
  const bio = `${job} at ${r.pick(EMPLOYERS)}. ${r.pick(INTERESTS)}${r.chance(0.3) ? `\n\nI mostly answer questions about ${r.pick(TOPICS).tech}.` : ''}`;
  return {
    displayName: `${first} ${last}`,
    username,
    email: `${username}@example.com`,
    bio,
    location: r.pick(LOCATIONS),
    website: r.chance(0.4) ? `https://github.com/${username}` : '',
  };
}

/**
 * Creates (or, when the e-mail exists already, reuses) `count` accounts through identity's register
 * command, activated, with a profile. The first two are moderators: they bring the tag set into use.
 */
export async function seedUsers(
  identity: RunningService,
  options: { seed: number; count: number; concurrency?: number; onProgress?: (done: number) => void },
): Promise<{ users: SeedUser[]; created: number; reused: number }> {
  const accounts = accountsFor(identity);
  const users: SeedUser[] = new Array(options.count);
  let next = 0;
  let created = 0;
  let reused = 0;
  const work = async () => {
    for (let k = next++; k < options.count; k = next++) {
      const person = personOf(options.seed, k);
      let row: UserRow | undefined = await accounts.findByEmail(person.email);
      if (row) {
        reused++;
      } else {
        const registration = {
          email: person.email,
          displayName: person.displayName,
          password: SEED_PASSWORD,
          roleId: k < 2 ? Role.moderator : Role.user,
          activated: true,
          createdBy: 'admin' as const,
          actorId: null,
        };
        // A username someone else already has: identity then picks one with a suffix.
        row = await accounts.register({ ...registration, username: person.username }).catch(async (error: unknown) => {
          if (!(error instanceof ApiError && error.fields.some((f) => f.field === 'username'))) throw error;
          return accounts.register(registration);
        });
        await accounts.run(
          row.user_id,
          {
            type: 'update_profile',
            profile: {
              username: row.username,
              display_name: row.display_name,
              avatar: {
                type: row.avatar.type ?? '',
                gravatar: row.avatar.gravatar ?? '',
                custom: row.avatar.custom ?? '',
              },
              bio: person.bio,
              bio_html: renderMarkdown(person.bio),
              website: person.website,
              location: person.location,
            },
          },
          row.user_id,
        );
        created++;
      }
      users[k] = { actor: toActor(row), username: row.username };
      options.onProgress?.(created + reused);
    }
  };
  // Password hashing is bounded to one hash per core inside identity; more callers only queue.
  await Promise.all(Array.from({ length: options.concurrency ?? 4 }, work));
  return { users, created, reused };
}

export interface QuestionPlan {
  topic: Topic;
  askerIndex: number;
  title: string;
  body: string;
  tags: string[];
  answers: { userIndex: number; body: string; comments: { userIndex: number; text: string }[] }[];
  comments: { userIndex: number; text: string }[];
  acceptIndex: number | null;
}

function codeBlock(language: string, code: string) {
  return `\`\`\`${language}\n${code}\n\`\`\``;
}

function titleOf(r: Random, t: Topic): string {
  const action = r.pick(t.actions);
  const symptom = r.pick(t.symptoms);
  const context = r.pick(t.contexts);
  const forms = [
    () => `How do I ${action} in ${t.tech}?`,
    () => `What is the idiomatic way to ${action} with ${t.tech}?`,
    () => `${t.tech}: why does ${symptom}?`,
    () => `Why does ${symptom} when ${context}?`,
    () => `Best way to ${action} when ${context}?`,
    () => `Is it possible to ${action} in ${t.tech}?`,
    () => `${t.tech}: how to ${action}`,
  ];
  return capitalize(r.pick(forms)()).slice(0, 150);
}

function questionBody(r: Random, t: Topic, title: string): string {
  const parts = [
    r.pick(OPENINGS).replace('{tech}', t.tech),
    `Some context: ${r.pick(t.contexts)}. I want to ${r.pick(t.actions)}, and this is what I have so far:`,
    codeBlock(t.language, r.pick(t.snippets)),
  ];
  if (title.startsWith('Why') || title.includes('why does')) {
    parts.push(`My question in one line: why does ${r.pick(t.symptoms)}?`);
  }
  parts.push(
    `What I tried:\n\n${r
      .sample(TRIED, r.int(2, 3))
      .map((s) => `- ${s}`)
      .join('\n')}`,
  );
  if (r.chance(0.3)) parts.push(`The relevant part of the log:\n\n${codeBlock('text', logLines(r))}`);
  parts.push(r.pick(CLOSINGS));
  return parts.join('\n\n');
}

function logLines(r: Random): string {
  const level = r.pick(['WARN', 'ERROR']);
  return [
    `2024-0${r.int(1, 9)}-1${r.int(0, 9)}T0${r.int(0, 9)}:${r.int(10, 59)}:${r.int(10, 59)}Z ${level} request failed`,
    `    at handler (src/routes/items.ts:${r.int(10, 300)}:${r.int(2, 40)})`,
    `    at process.processTicksAndRejections (node:internal/process/task_queues:${r.int(60, 99)}:5)`,
  ].join('\n');
}

function answerBody(r: Random, t: Topic): string {
  const parts = [r.pick(ANSWER_OPENINGS), r.pick(t.fixes)];
  if (r.chance(0.7)) parts.push(`For example:\n\n${codeBlock(t.language, r.pick(t.snippets))}`);
  if (r.chance(0.35)) {
    parts.push(
      `A few things to check:\n\n${r
        .sample(t.fixes, 2)
        .map((f, i) => `${i + 1}. ${f}`)
        .join('\n')}`,
    );
  }
  parts.push(r.pick(ANSWER_CLOSINGS));
  return parts.join('\n\n');
}

function commentText(r: Random, mention: string | null): string {
  const text = r.pick(COMMENTS);
  return mention && r.chance(0.25) ? `@${mention} ${text}` : text;
}

/** Distinct user indexes, skewed towards the active few, never `except` (restrict_answer allows one each). */
function answerers(r: Random, users: number, count: number, except: number): number[] {
  const chosen = new Set<number>();
  for (let tries = 0; chosen.size < count && tries < count * 20; tries++) {
    const k = r.skewed(users, 1.6);
    if (k !== except) chosen.add(k);
  }
  for (let k = 0; chosen.size < count && k < users; k++) if (k !== except) chosen.add(k);
  return [...chosen];
}

/** The whole life of question `index`, from its own PRNG stream. */
export function planQuestion(
  index: number,
  options: SeedPostsOptions,
  users: SeedUser[],
  topicCount: number,
): QuestionPlan {
  const r = new Random(options.seed, 3, index);
  // The first question of each topic is a moderator's, bringing the topic's tags into use.
  const bootstrap = index < topicCount;
  const topic = itemAt(TOPICS, bootstrap ? index : r.skewed(topicCount, 1.3));
  const askerIndex = bootstrap ? index % 2 : r.skewed(users.length, 1.4);
  const tags = bootstrap ? topic.tags : [itemAt(topic.tags, 0), ...r.sample(topic.tags.slice(1), r.int(0, 4))];
  const title = titleOf(r, topic);
  const body = questionBody(r, topic, title);
  const answerCount = Math.min(users.length - 1, options.answersFor?.(index) ?? answerCountOf(index, options));
  const withMention = (k: number) => (r.chance(0.5) ? itemAt(users, k).username : null);
  const answers = answerers(r, users.length, answerCount, askerIndex).map((userIndex) => ({
    userIndex,
    body: answerBody(r, topic),
    comments: Array.from({ length: r.around(options.commentsPerPost) }, () => ({
      userIndex: r.skewed(users.length),
      text: commentText(r, withMention(userIndex)),
    })),
  }));
  const comments = Array.from({ length: r.around(options.commentsPerPost) }, () => ({
    userIndex: r.skewed(users.length),
    text: commentText(r, withMention(askerIndex)),
  }));
  const accept = answers.length > 0 && r.chance(acceptChance(options));
  return {
    topic,
    askerIndex,
    title,
    body,
    tags,
    answers,
    comments,
    acceptIndex: accept ? r.int(0, answers.length - 1) : null,
  };
}

/**
 * Integer means give every pair of questions 2K answers, split K + d and K - d: exact totals, with
 * questions of 0 to 2K answers (the unanswered ones included).
 */
function answerCountOf(index: number, options: SeedPostsOptions): number {
  const k = options.answersPerQuestion;
  if (!Number.isInteger(k)) return new Random(options.seed, 4, index).around(k);
  const d = new Random(options.seed, 5, Math.floor(index / 2)).int(-k, k);
  return index % 2 === 0 ? k + d : k - d;
}

/** Accepting among answered questions often enough that `acceptRate` of all questions have an accepted answer. */
function acceptChance(options: SeedPostsOptions): number {
  const k = options.answersPerQuestion;
  // Integer means: a pair has one unanswered question when |d| = K (2 of 2K + 1 draws), so 1 in 2K + 1 overall.
  const answered = Number.isInteger(k) && k > 0 ? 1 - 1 / (2 * k + 1) : 1 - Math.exp(-k);
  return Math.min(1, (options.acceptRate ?? 0.3) / Math.max(answered, 0.01));
}

/** A question as a user would write it (title, markdown body, tags), for question index `index` of a seed. */
export function draftQuestion(seed: number, index: number): { title: string; content: string; tags: string[] } {
  const r = new Random(seed, 6, index);
  const topic = itemAt(TOPICS, r.skewed(TOPICS.length, 1.3));
  const title = titleOf(r, topic);
  const tags = [itemAt(topic.tags, 0), ...r.sample(topic.tags.slice(1), r.int(0, 4))];
  return { title, content: questionBody(r, topic, title), tags };
}

/** Asks, answers, comments and accepts through posts' commands, with `workers` questions in flight at once. */
export async function seedPosts(
  posts: RunningService,
  users: SeedUser[],
  options: SeedPostsOptions,
): Promise<{ counts: SeedCounts; seconds: number }> {
  if (users.length < 2) throw new Error('seeding posts needs at least 2 users (the first two are moderators)');
  const { questions, answers, comments } = postsFor(posts);
  const counts: SeedCounts = { users: 0, questions: 0, answers: 0, comments: 0, accepted: 0, commands: 0 };
  const first = options.first ?? 0;
  const topicCount = Math.min(TOPICS.length, first + options.questions);
  let failed: unknown = null;

  const runQuestion = async (index: number) => {
    const plan = planQuestion(index, options, users, topicCount);
    const asker = itemAt(users, plan.askerIndex).actor;
    const questionId = await questions.ask(asker, {
      title: plan.title,
      content: plan.body,
      tags: plan.tags.map((slug_name) => ({ slug_name })),
    });
    counts.questions++;
    counts.commands++;
    const answerIds: string[] = [];
    for (const answer of plan.answers) {
      answerIds.push(
        await answers.post(itemAt(users, answer.userIndex).actor, { question_id: questionId, content: answer.body }),
      );
      counts.answers++;
      counts.commands++;
    }
    const comment = async (objectId: string, c: { userIndex: number; text: string }) => {
      await comments.add(itemAt(users, c.userIndex).actor, { object_id: objectId, original_text: c.text });
      counts.comments++;
      counts.commands++;
    };
    for (const c of plan.comments) await comment(questionId, c);
    for (const [i, answer] of plan.answers.entries())
      for (const c of answer.comments) await comment(itemAt(answerIds, i), c);
    if (plan.acceptIndex !== null) {
      await questions.accept(asker, questionId, itemAt(answerIds, plan.acceptIndex));
      counts.accepted++;
      counts.commands++;
    }
    options.onQuestion?.(index, questionId, answerIds.length);
  };

  // The bootstrap questions go first, one at a time: later questions use the tags they bring in.
  let next = first;
  for (; next < topicCount; next++) await runQuestion(next);
  const end = first + options.questions;
  const worker = async () => {
    while (failed === null && (options.deadline === undefined || performance.now() < options.deadline)) {
      const index = next++;
      if (index >= end) return;
      try {
        await runQuestion(index);
      } catch (error) {
        failed ??= error;
        throw error;
      }
    }
  };
  return runSeedWorkers(options, counts, worker);
}

/**
 * Runs `options.workers` copies of `worker` at once, telling `onProgress` how far they got every
 * `progressEveryMs` and when they are done; how long they took.
 */
export async function runSeedWorkers(
  options: Pick<SeedPostsOptions, 'workers' | 'onProgress' | 'progressEveryMs'>,
  counts: SeedCounts,
  worker: () => Promise<void>,
): Promise<{ counts: SeedCounts; seconds: number }> {
  const started = performance.now();
  const elapsed = () => (performance.now() - started) / 1000;
  const { onProgress } = options;
  const timer = onProgress ? setInterval(() => onProgress(counts, elapsed()), options.progressEveryMs ?? 5000) : null;
  try {
    await Promise.all(Array.from({ length: Math.max(1, options.workers) }, worker));
  } finally {
    if (timer) clearInterval(timer);
  }
  const seconds = elapsed();
  options.onProgress?.(counts, seconds);
  return { counts, seconds };
}
