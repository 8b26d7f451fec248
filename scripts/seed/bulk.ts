/**
 * The bulk path for benchmark-sized datasets (100,000 questions): the same question plans as `seedPosts`,
 * but each question's life (ask, answers, accept) is decided in memory by the posts deciders, from the
 * commands posts builds (`askCommand`, `postAnswerCommand`), and its events are appended through the
 * event store and applied by the posts projection in the same transaction, as `executeCommand` does, only
 * for many questions per transaction and without reading streams back. `rebuildPostsReadModel` replays
 * the whole log into the read model, as `projections rebuild` does (the test holds both to one result).
 *
 * What the commands check before deciding (privileges, tag rules) is not run: the plans only do what the
 * command path accepts, and the first question of each topic, which brings its tags into use, is asked
 * through the commands (`seedPosts`) before the bulk part starts. Comments are not seeded here. Events of
 * one transaction share its time, as a busy site's commits of one moment do.
 */
import { performance } from 'node:perf_hooks';
import type { NewEvent } from '@agora/contracts';
import { itemAt, type RunningService, rebuildInlineReadModel, renderMarkdown, type Tx } from '@agora/platform';
import { askCommand, postAnswerCommand } from '@agora/posts/commands/command-builders';
import { normalizeTags, resolveTags } from '@agora/posts/commands/question-tags';
import { answerDecider } from '@agora/posts/domain/answer/decider';
import { questionDecider } from '@agora/posts/domain/question/decider';
import { applyPostsEvent, postsReadModel } from '@agora/posts/projections/posts/read-model';
import { planQuestion, runSeedWorkers, type SeedCounts, type SeedPostsOptions, type SeedUser } from './generate';
import { TOPICS } from './vocabulary';

/** renderMarkdown is pure; generated answers repeat (~1 distinct body in 6), so each is rendered once. */
const renderedAnswers = new Map<string, string>();
function renderAnswer(markdown: string): string {
  let html = renderedAnswers.get(markdown);
  if (html === undefined) {
    if (renderedAnswers.size >= 100_000) renderedAnswers.clear();
    html = renderMarkdown(markdown);
    renderedAnswers.set(markdown, html);
  }
  return html;
}

interface Decided {
  streamId: string;
  events: NewEvent[];
  actorId: string;
}

/** One question's streams in the order the commands would have appended them. */
async function decideQuestion(
  posts: RunningService,
  users: SeedUser[],
  options: SeedPostsOptions,
  index: number,
  topicCount: number,
  counts: SeedCounts,
): Promise<Decided[]> {
  const { ids, database } = posts.context;
  const plan = planQuestion(index, options, users, topicCount);
  const asker = itemAt(users, plan.askerIndex).actor;
  const { tags } = await resolveTags(database.db, normalizeTags(plan.tags.map((slug_name) => ({ slug_name }))));
  const ask = askCommand(ids, asker.id, { title: plan.title, content: plan.body }, tags);
  let question = questionDecider.initialState();
  const asked = questionDecider.decide(ask, question);
  for (const event of asked) question = questionDecider.evolve(question, event);
  const streams: Decided[] = [{ streamId: ask.questionId, events: asked, actorId: asker.id }];
  const answerIds: string[] = [];
  for (const answer of plan.answers) {
    const author = itemAt(users, answer.userIndex).actor;
    const post = postAnswerCommand(ids, author.id, ask.questionId, answer.body, renderAnswer);
    streams.push({
      streamId: post.answerId,
      events: answerDecider.decide(post, answerDecider.initialState()),
      actorId: author.id,
    });
    answerIds.push(post.answerId);
  }
  counts.questions++;
  counts.answers += answerIds.length;
  counts.commands += 1 + answerIds.length;
  if (plan.acceptIndex !== null) {
    const accept = { type: 'accept' as const, actorId: asker.id, answerId: itemAt(answerIds, plan.acceptIndex) };
    streams.push({ streamId: ask.questionId, events: questionDecider.decide(accept, question), actorId: asker.id });
    counts.accepted++;
    counts.commands++;
  }
  options.onQuestion?.(index, ask.questionId, answerIds.length);
  return streams;
}

/**
 * Appends decided streams in order and projects each append, as a command does; a stream seen twice (the
 * question's accept) continues at its version.
 */
async function appendAll(posts: RunningService, tx: Tx, streams: Decided[]): Promise<void> {
  const versions = new Map<string, number>();
  for (const { streamId, events, actorId } of streams) {
    const appended = await posts.context.store.append(streamId, versions.get(streamId) ?? 0, events, { actorId }, tx);
    for (const event of appended.events) await applyPostsEvent(tx, event);
    versions.set(streamId, appended.nextExpectedVersion);
  }
}

/**
 * Seeds questions [first, first + questions) of a seed, `batch` questions per transaction and `workers`
 * transactions at once.
 */
export async function appendPostsInBulk(
  posts: RunningService,
  users: SeedUser[],
  options: SeedPostsOptions & { batch?: number },
): Promise<{ counts: SeedCounts; seconds: number }> {
  if (options.commentsPerPost > 0) throw new Error('the bulk path seeds no comments: use seedPosts for them');
  const counts: SeedCounts = { users: 0, questions: 0, answers: 0, comments: 0, accepted: 0, commands: 0 };
  const first = options.first ?? 0;
  const end = first + options.questions;
  const topicCount = Math.min(TOPICS.length, end);
  if (first < topicCount)
    throw new Error(`questions below ${topicCount} bring the tags into use: seed them with seedPosts`);
  const batch = options.batch ?? 100;
  let next = first;
  let failed = false;
  const worker = async () => {
    while (!failed && next < end && (options.deadline === undefined || performance.now() < options.deadline)) {
      const from = next;
      const to = Math.min(end, from + batch);
      next = to;
      const streams: Decided[] = [];
      for (let index = from; index < to; index++) {
        streams.push(...(await decideQuestion(posts, users, options, index, topicCount, counts)));
      }
      try {
        await posts.context.database.db.transaction().execute((tx) => appendAll(posts, tx, streams));
        posts.context.changes.changed();
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  return runSeedWorkers(options, counts, worker);
}

/** Builds the posts read model from the whole log with the posts projection, in one transaction. */
export async function rebuildPostsReadModel(posts: RunningService): Promise<{ events: number; seconds: number }> {
  const started = performance.now();
  const events = await rebuildInlineReadModel(posts.context.database, postsReadModel);
  posts.context.changes.changed();
  return { events, seconds: (performance.now() - started) / 1000 };
}
