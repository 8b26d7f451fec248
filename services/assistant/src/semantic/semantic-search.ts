import { questionPath, type SiteSettings, siteRoot } from '@agora/contracts';
import { type Db, excerptOfText } from '@agora/platform';
import { sql } from 'kysely';
import { embedQuery } from './embeddings';
import type { VectorStore } from './vector-store';

const EXCERPT_CHARS = 300;
/** What a hit carries of its question's answers and of its comments, at most. */
const SHOWN_PER_HIT = { answers: 3, comments: 3 };

interface Post {
  id: string;
  kind: 'question' | 'answer';
  question_id: string;
  title: string;
  url_title: string;
  body: string;
}

/**
 * `semantic_search`'s answer: the posts nearest in meaning to the query, each with its score and link, questions with
 * a few of their answers and comments, as the reference's tool answers; only what anyone may see.
 */
export async function semanticSearch(db: Db, store: VectorStore, settings: SiteSettings, query: string, topK: number) {
  const embedded = await embedQuery(db, query);
  if (!embedded) return null;
  const hits = await store.nearest(embedded.model, embedded.vector, topK * 3);
  const { rows: posts } = await sql<Post>`
    select p.id, p.kind, p.question_id, q.title, q.url_title, p.body
    from library_posts p join library_posts q on q.id = p.question_id
    where p.id = any(${hits.map((h) => h.objectId)}::text[]) and not p.deleted and not q.deleted and not q.hidden`.execute(
    db,
  );
  const byId = new Map(posts.map((p) => [p.id, p]));
  const shown = hits.filter((h) => byId.has(h.objectId)).slice(0, topK);
  const questionIds = shown.filter((h) => h.objectType === 'question').map((h) => h.objectId);
  const { rows: answers } = await sql<{ id: string; question_id: string; body: string }>`
    select id, question_id, body from library_posts
    where kind = 'answer' and not deleted and question_id = any(${questionIds}::text[])
    order by vote_count desc, created_at`.execute(db);
  const { rows: comments } = await sql<{ id: string; object_id: string; body: string }>`
    select id, object_id, body from library_comments
    where not deleted and object_id = any(${shown.map((h) => h.objectId)}::text[]) order by created_at`.execute(db);
  const site = siteRoot(settings.general.site_url);
  const link = (post: Post, answerId?: string) =>
    `${site}${questionPath(settings.seo.permalink, post.question_id, post.url_title, answerId)}`;
  const commentsOf = (id: string) =>
    comments
      .filter((c) => c.object_id === id)
      .slice(0, SHOWN_PER_HIT.comments)
      .map((c) => ({ comment_id: c.id, content: excerptOfText(c.body, EXCERPT_CHARS) }));
  return shown.map((hit) => {
    const post = byId.get(hit.objectId) as Post;
    const base = {
      object_id: post.id,
      object_type: post.kind,
      title: post.title,
      content: excerptOfText(post.body, EXCERPT_CHARS),
      score: Math.round(hit.score * 10_000) / 10_000,
      link: link(post, post.kind === 'answer' ? post.id : undefined),
      comments: commentsOf(post.id),
    };
    if (post.kind === 'answer') return base;
    return {
      ...base,
      answers: answers
        .filter((a) => a.question_id === post.id)
        .slice(0, SHOWN_PER_HIT.answers)
        .map((a) => ({ answer_id: a.id, content: excerptOfText(a.body, EXCERPT_CHARS) })),
    };
  });
}
