/**
 * The assistant's library filled in bulk with SQL (`assistant.library_posts`, `library_comments`, `library_tags`),
 * as its projections would leave it after a site of `questions` questions: the seed generator's questions, answers and
 * comments (scripts/seed/generate.ts, plain text as the projections keep it), each question with its topic's tags and
 * often one of a long tail of rarer ones, scores mostly small with a long tail, some accepted answers, a few closed,
 * deleted or hidden questions, three years of dates. Going around the events (100,000 questions through the commands
 * take half an hour, bench/posts.bench.ts) measures the tools' reads at that size, not the projections.
 */
import { performance } from 'node:perf_hooks';
import { formatObjectId } from '@agora/contracts';
import { urlTitle } from '@agora/platform';
import type pg from 'pg';
import { planQuestion, type SeedUser } from '../../scripts/seed/generate';
import { Random } from '../../scripts/seed/random';
import { TOPICS } from '../../scripts/seed/vocabulary';

const SEED = 20261208;
const BATCH = 1000;
/** Rarer tags, per topic: a question carries one of its topic's with this chance, the low numbers most often. */
const TAIL_TAGS_PER_TOPIC = 200;
const TAIL_TAG_CHANCE = 0.6;
const YEARS_MS = 3 * 365 * 24 * 3600 * 1000;
const STARTED = Date.parse('2023-01-01T00:00:00Z');

export interface SeededLibrary {
  questions: number;
  answers: number;
  comments: number;
  tags: number;
  seconds: number;
  /** What the tools are asked about: a spread of ids, tags and words that occur. */
  questionIds: string[];
  answerIds: string[];
  commentedIds: string[];
  topicTags: string[];
  tailTags: string[];
  keywords: string[];
}

/** Markdown as plain text, roughly as the projections keep the rendered HTML's text: code fences dropped. */
const plain = (markdown: string) => markdown.replace(/^```\w*$/gm, '').replace(/\n{3,}/g, '\n\n');

interface PostRows {
  id: string[];
  kind: string[];
  question_id: string[];
  user_id: string[];
  title: string[];
  url_title: string[];
  body: string[];
  tags: string[];
  vote_count: number[];
  accepted_answer_id: (string | null)[];
  deleted: boolean[];
  closed: boolean[];
  hidden: boolean[];
  created_at: string[];
}

const emptyPosts = (): PostRows => ({
  id: [],
  kind: [],
  question_id: [],
  user_id: [],
  title: [],
  url_title: [],
  body: [],
  tags: [],
  vote_count: [],
  accepted_answer_id: [],
  deleted: [],
  closed: [],
  hidden: [],
  created_at: [],
});

/** A post's score: most posts have none or a few votes, a few have many. */
const scoreOf = (r: Random) => Math.floor(r.next() ** 6 * 200) - (r.chance(0.08) ? r.int(1, 3) : 0);

export async function seedLibrary(
  pool: pg.Pool,
  authors: { id: string; username: string }[],
  questions: number,
  say: (line: string) => void,
): Promise<SeededLibrary> {
  const started = performance.now();
  const users = authors.map((a) => ({ username: a.username }) as SeedUser);
  const options = { seed: SEED, questions, answersPerQuestion: 1.5, commentsPerPost: 0.6, acceptRate: 0.3, workers: 1 };
  const tags = new Map<string, string>();
  const sample = { questionIds: [] as string[], answerIds: [] as string[], commentedIds: [] as string[] };
  const every = Math.max(1, Math.floor(questions / 2000));
  let answers = 0;
  let comments = 0;
  let nextAnswer = 1;
  let nextComment = 1;
  for (let first = 0; first < questions; first += BATCH) {
    const posts = emptyPosts();
    const notes = {
      id: [] as string[],
      object_id: [] as string[],
      question_id: [] as string[],
      user_id: [] as string[],
    };
    const noteBodies: string[] = [];
    const noteTimes: string[] = [];
    const add = (row: { [K in keyof PostRows]: PostRows[K][number] }) => {
      for (const key of Object.keys(posts) as (keyof PostRows)[]) (posts[key] as unknown[]).push(row[key]);
    };
    const comment = (objectId: string, questionId: string, userIndex: number, text: string, at: number) => {
      notes.id.push(formatObjectId('comment', BigInt(nextComment++)));
      notes.object_id.push(objectId);
      notes.question_id.push(questionId);
      notes.user_id.push(authors[userIndex % authors.length]?.id ?? '');
      noteBodies.push(text);
      noteTimes.push(new Date(at).toISOString());
      comments++;
    };
    for (let i = first; i < Math.min(questions, first + BATCH); i++) {
      const plan = planQuestion(i, options, users, TOPICS.length);
      const r = new Random(SEED, 7, i);
      const id = formatObjectId('question', BigInt(i + 1));
      const askedAt = STARTED + Math.floor((i / questions) * YEARS_MS);
      const slugs = [...plan.tags];
      if (r.chance(TAIL_TAG_CHANCE)) slugs.push(`${plan.tags[0]}-${r.skewed(TAIL_TAGS_PER_TOPIC, 1.5)}`);
      for (const slug of slugs) if (!tags.has(slug)) tags.set(slug, formatObjectId('tag', BigInt(tags.size + 1)));
      const answerIds = plan.answers.map(() => formatObjectId('answer', BigInt(nextAnswer++)));
      add({
        id,
        kind: 'question',
        question_id: id,
        user_id: authors[plan.askerIndex % authors.length]?.id ?? '',
        title: plan.title,
        url_title: urlTitle(plan.title),
        body: plain(plan.body),
        tags: JSON.stringify(slugs.map((slug) => ({ slug_name: slug, display_name: slug }))),
        vote_count: scoreOf(r),
        accepted_answer_id: plan.acceptIndex === null ? null : (answerIds[plan.acceptIndex] ?? null),
        deleted: r.chance(0.01),
        closed: r.chance(0.02),
        hidden: r.chance(0.005),
        created_at: new Date(askedAt).toISOString(),
      });
      plan.answers.forEach((answer, a) => {
        const answerId = answerIds[a] as string;
        const answeredAt = askedAt + r.int(60_000, 7 * 24 * 3600 * 1000);
        add({
          id: answerId,
          kind: 'answer',
          question_id: id,
          user_id: authors[answer.userIndex % authors.length]?.id ?? '',
          title: '',
          url_title: '',
          body: plain(answer.body),
          tags: '[]',
          vote_count: scoreOf(r),
          accepted_answer_id: null,
          deleted: r.chance(0.02),
          closed: false,
          hidden: false,
          created_at: new Date(answeredAt).toISOString(),
        });
        for (const c of answer.comments)
          comment(answerId, id, c.userIndex, c.text, answeredAt + r.int(60_000, 86_400_000));
        if (i % every === 0) sample.answerIds.push(answerId);
        if (i % every === 0 && answer.comments.length > 0) sample.commentedIds.push(answerId);
      });
      for (const c of plan.comments) comment(id, id, c.userIndex, c.text, askedAt + r.int(60_000, 86_400_000));
      if (i % every === 0) sample.questionIds.push(id);
      if (i % every === 0 && plan.comments.length > 0) sample.commentedIds.push(id);
      answers += plan.answers.length;
    }
    await pool.query(
      `insert into assistant.library_posts (id, kind, question_id, user_id, title, url_title, body, tags, vote_count,
         accepted_answer_id, deleted, closed, hidden, created_at, updated_at, version)
       select id, kind, question_id, user_id, title, url_title, body, tags::jsonb, vote_count, accepted_answer_id,
              deleted, closed, hidden, created_at, created_at, 1
       from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
                   $9::int[], $10::text[], $11::bool[], $12::bool[], $13::bool[], $14::timestamptz[])
         as t(id, kind, question_id, user_id, title, url_title, body, tags, vote_count, accepted_answer_id,
              deleted, closed, hidden, created_at)`,
      Object.values(posts),
    );
    await pool.query(
      `insert into assistant.library_comments (id, object_id, question_id, user_id, body, created_at, version)
       select id, object_id, question_id, user_id, body, created_at, 1
       from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::timestamptz[])
         as t(id, object_id, question_id, user_id, body, created_at)`,
      [notes.id, notes.object_id, notes.question_id, notes.user_id, noteBodies, noteTimes],
    );
    if ((first / BATCH) % 20 === 19) {
      say(
        `  ${first + BATCH} questions, ${answers} answers, ${comments} comments (${Math.round(performance.now() - started) / 1000} s)`,
      );
    }
  }
  const slugs = [...tags.keys()];
  await pool.query(
    `insert into assistant.library_tags (id, slug_name, display_name, description, version)
     select id, slug, slug, 'Questions about ' || slug || ': how to use it, what goes wrong, and how to fix it.', 1
     from unnest($1::text[], $2::text[]) as t(id, slug)`,
    [[...tags.values()], slugs],
  );
  // The statistics autovacuum would have gathered on a site that grew to this size.
  await pool.query('vacuum analyze assistant.library_posts, assistant.library_comments, assistant.library_tags');
  const topicTags = [...new Set(TOPICS.flatMap((t) => t.tags))];
  const keywords = [
    ...new Set(
      TOPICS.flatMap((t) => [...t.actions, ...t.symptoms].flatMap((s) => s.toLowerCase().match(/[a-z]{5,}/g) ?? [])),
    ),
  ];
  return {
    questions,
    answers,
    comments,
    tags: tags.size,
    seconds: Math.round(performance.now() - started) / 1000,
    ...sample,
    topicTags,
    tailTags: slugs.filter((slug) => !topicTags.includes(slug)),
    keywords,
  };
}
