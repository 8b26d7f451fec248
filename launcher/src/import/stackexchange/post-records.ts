import { idFromNumber } from '@agora/contracts/import/legacy-ids';
import type { ImportedAnswer, ImportedQuestion } from '@agora/contracts/import/records';
import type pg from 'pg';
import { memberId } from './ids';
import { keysetPages } from './pages';
import { type StagedHistory, type StagedPost, storyOf } from './revisions';

/**
 * Questions and answers from the staged Posts rows, a page at a time; each page's PostHistory rows are read in one
 * query and grouped for that page only (docs/adr/0094-importing-a-community.md: bounded memory).
 */

const postColumns = (s: string) => `p.id::text as id, p.post_type, p.created_at, p.body, p.title, p.tags,
  p.owner_user_id::text as owner_user_id, p.owner_known, p.closed_at, p.deleted_at, p.view_count,
  (select l.related_post_id::text from ${s}.post_links l
    where l.post_id = p.id and l.link_type = 3 order by l.id limit 1) as duplicate_of`;

async function historyOf(db: pg.Pool, s: string, posts: readonly StagedPost[]): Promise<Map<string, StagedHistory[]>> {
  const { rows } = await db.query<StagedHistory>(
    `select h.id::text as id, h.history_type, h.post_id::text as post_id, h.revision_guid, h.created_at,
       h.user_id::text as user_id, h.comment, h.text,
       (h.user_id >= 1 and exists (select 1 from ${s}.users u where u.id = h.user_id)) as user_known
     from ${s}.post_history h
     where h.post_id = any($1::bigint[]) and h.history_type between 1 and 13
     order by h.post_id, h.created_at, h.id`,
    [posts.map((post) => post.id)],
  );
  const byPost = new Map<string, StagedHistory[]>();
  for (const row of rows) {
    const list = byPost.get(row.post_id);
    if (list) list.push(row);
    else byPost.set(row.post_id, [row]);
  }
  return byPost;
}

export async function* questionRecords(db: pg.Pool, s: string, pageSize: number): AsyncGenerator<ImportedQuestion> {
  const sql = `select ${postColumns(s)} from ${s}.posts p
    where p.post_type = 1 and p.id > $1 order by p.id limit $2`;
  for await (const page of keysetPages<StagedPost & { view_count: number | null }>(db, sql, pageSize)) {
    const history = await historyOf(db, s, page);
    for (const post of page) {
      const story = storyOf(post, history.get(post.id) ?? []);
      yield {
        kind: 'question',
        id: idFromNumber('question', post.id),
        user_id: memberId(post.owner_user_id, post.owner_known),
        created_at: post.created_at,
        revisions: story.revisions,
        ...(story.closed ? { closed: story.closed } : {}),
        ...(story.deleted ? { deleted: story.deleted } : {}),
        pinned: false,
        hidden: false,
        view_count: post.view_count ?? 0,
      };
    }
  }
}

interface StagedAnswer extends StagedPost {
  question_id: string;
  accepted: boolean;
  asker_id: string | null;
  asker_known: boolean;
  accepted_vote_at: string | null;
}

export async function* answerRecords(db: pg.Pool, s: string, pageSize: number): AsyncGenerator<ImportedAnswer> {
  const sql = `select ${postColumns(s)}, p.question_id::text as question_id,
      coalesce(q.accepted_answer_id = p.id, false) as accepted,
      q.owner_user_id::text as asker_id, q.owner_known as asker_known,
      (select min(v.created_at) from ${s}.votes v where v.post_id = p.id and v.vote_type = 1) as accepted_vote_at
    from ${s}.posts p join ${s}.posts q on q.id = p.question_id
    where p.post_type = 2 and p.importable and p.id > $1 order by p.id limit $2`;
  for await (const page of keysetPages<StagedAnswer>(db, sql, pageSize)) {
    const history = await historyOf(db, s, page);
    for (const post of page) {
      const story = storyOf(post, history.get(post.id) ?? []);
      // A dump's votes carry a day, not a time: an acceptance is never before the answer.
      const acceptedAt =
        post.accepted_vote_at && post.accepted_vote_at > post.created_at ? post.accepted_vote_at : post.created_at;
      yield {
        kind: 'answer',
        id: idFromNumber('answer', post.id),
        question_id: idFromNumber('question', post.question_id),
        user_id: memberId(post.owner_user_id, post.owner_known),
        created_at: post.created_at,
        revisions: story.revisions,
        ...(post.accepted ? { accepted: { by: memberId(post.asker_id, post.asker_known), at: acceptedAt } } : {}),
        ...(story.deleted ? { deleted: story.deleted } : {}),
      };
    }
  }
}
