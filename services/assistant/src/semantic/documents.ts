import type { Db } from '@agora/platform';
import { sql } from 'kysely';

/** Comments a document carries per post, oldest first, as the reference's documents do. */
const COMMENTS_PER_POST = 50;
/** The most text a document sends to be embedded: embedding models take a few thousand tokens. */
const DOCUMENT_CHARS = 8000;

export interface SemanticDocument {
  objectId: string;
  objectType: 'question' | 'answer';
  questionId: string;
  text: string;
}

interface PostRow {
  id: string;
  kind: 'question' | 'answer';
  question_id: string;
  title: string;
  body: string;
}

/**
 * The documents of these posts as the reference builds them: a question with its answers and their comments and its
 * own comments; an answer with its question's title and its comments. A post nobody may see (deleted, hidden, or
 * under such a question) has none: `gone` lists it, so its vector goes.
 */
export async function semanticDocuments(
  db: Db,
  ids: readonly string[],
): Promise<{ documents: SemanticDocument[]; gone: string[] }> {
  const { rows: posts } = await sql<PostRow & { visible: boolean }>`
    select p.id, p.kind, p.question_id, q.title, p.body,
           (not p.deleted and not q.deleted and not q.hidden) as visible
    from library_posts p join library_posts q on q.id = p.question_id
    where p.id = any(${[...ids]}::text[])`.execute(db);
  const visible = posts.filter((p) => p.visible);
  const gone = ids.filter((id) => !visible.some((p) => p.id === id));
  const questionIds = [...new Set(visible.filter((p) => p.kind === 'question').map((p) => p.id))];
  const { rows: answers } = await sql<PostRow>`
    select id, kind, question_id, '' as title, body from library_posts
    where kind = 'answer' and not deleted and question_id = any(${questionIds}::text[])
    order by created_at, id`.execute(db);
  const objectIds = [...visible.map((p) => p.id), ...answers.map((a) => a.id)];
  const { rows: comments } = await sql<{ object_id: string; body: string }>`
    select object_id, body from (
      select object_id, body, row_number() over (partition by object_id order by created_at, id) as n
      from library_comments where not deleted and object_id = any(${objectIds}::text[])) c
    where n <= ${COMMENTS_PER_POST}
    order by object_id, n`.execute(db);
  const commentsOf = (id: string) => comments.filter((c) => c.object_id === id).map((c) => c.body);
  const documents = visible.map((post): SemanticDocument => {
    const parts =
      post.kind === 'question'
        ? [
            `Question: ${post.title}\n${post.body}`,
            ...answers
              .filter((a) => a.question_id === post.id)
              .flatMap((a) => [`Answer: ${a.body}`, ...commentsOf(a.id).map((c) => `Comment on answer: ${c}`)]),
            ...commentsOf(post.id).map((c) => `Comment: ${c}`),
          ]
        : [`Question: ${post.title}`, `Answer: ${post.body}`, ...commentsOf(post.id).map((c) => `Comment: ${c}`)];
    return {
      objectId: post.id,
      objectType: post.kind,
      questionId: post.question_id,
      text: parts.join('\n\n').slice(0, DOCUMENT_CHARS),
    };
  });
  return { documents, gone };
}
