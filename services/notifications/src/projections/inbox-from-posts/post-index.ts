import type { AnswerPosted, CommentAdded, DataOf, QuestionAsked } from '@agora/contracts';
import type { Tx } from '@agora/platform';
import { sql } from 'kysely';
import type { PostType } from '../../domain/actions';

/** What this service knows of a post (from posts' events): who wrote it, where it sits, its title. */
export interface PostFacts {
  object_id: string;
  object_type: PostType;
  user_id: string;
  question_id: string;
  /** A comment on an answer: that answer. */
  answer_id: string | null;
  /** A comment: the question or answer it is on. */
  parent_id: string | null;
  title: string;
  url_title: string;
  mentions: string[];
}

const NO_FACTS = { answer_id: null, parent_id: null, title: '', url_title: '', mentions: [] as string[] };

/** What the index keeps of a question, an answer and a comment when it arrives (one by one and in bulk). */
export const questionFacts = (d: DataOf<typeof QuestionAsked>): PostFacts => ({
  ...NO_FACTS,
  object_id: d.question_id,
  object_type: 'question',
  user_id: d.user_id,
  question_id: d.question_id,
  title: d.title,
  url_title: d.url_title,
});

export const answerFacts = (d: DataOf<typeof AnswerPosted>): PostFacts => ({
  ...NO_FACTS,
  object_id: d.answer_id,
  object_type: 'answer',
  user_id: d.user_id,
  question_id: d.question_id,
});

/** A comment on `parent` (the post it is on, as the index knows it). */
export const commentFacts = (d: DataOf<typeof CommentAdded>, parent: PostFacts | undefined): PostFacts => ({
  ...NO_FACTS,
  object_id: d.comment_id,
  object_type: 'comment',
  user_id: d.user_id,
  question_id: d.question_id,
  answer_id: parent?.object_type === 'answer' ? d.object_id : null,
  parent_id: d.object_id,
  mentions: d.mentions,
});

export async function indexPost(
  tx: Tx,
  post: Pick<PostFacts, 'object_id' | 'object_type' | 'user_id' | 'question_id'> & Partial<PostFacts>,
): Promise<void> {
  await sql`
    insert into post_index (object_id, object_type, user_id, question_id, answer_id, parent_id, title, url_title, mentions)
    values (${post.object_id}, ${post.object_type}, ${post.user_id}, ${post.question_id}, ${post.answer_id ?? null},
            ${post.parent_id ?? null}, ${post.title ?? ''}, ${post.url_title ?? ''}, ${post.mentions ?? []})
    on conflict (object_id) do nothing`.execute(tx);
}

export async function retitle(tx: Tx, questionId: string, title: string, urlTitle: string): Promise<void> {
  await sql`update post_index set title = ${title}, url_title = ${urlTitle} where object_id = ${questionId}`.execute(
    tx,
  );
}

export async function setMentions(tx: Tx, commentId: string, mentions: string[]): Promise<void> {
  await sql`update post_index set mentions = ${mentions} where object_id = ${commentId}`.execute(tx);
}

/** The posts asked for, by id; unknown ids are missing from the map. */
export async function postsById(tx: Tx, ids: (string | null | undefined)[]): Promise<Map<string, PostFacts>> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (wanted.length === 0) return new Map();
  const { rows } = await sql<PostFacts>`select * from post_index where object_id = any(${wanted})`.execute(tx);
  return new Map(rows.map((row) => [row.object_id, row]));
}
