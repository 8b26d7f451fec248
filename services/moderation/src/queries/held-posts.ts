import {
  type Language,
  type Page,
  type PendingPostItem,
  PostStatus,
  Show,
  type SiteSettings,
  seconds,
  translate,
} from '@agora/contracts';
import { type Db, loadAuthorCards } from '@agora/platform';
import { sql } from 'kysely';
import type { HeldPost } from '../domain/held-post/decider';
import { tagResps } from '../projections/objects/rows';

interface HeldRow {
  review_id: string;
  object_id: string;
  object_type: 'question' | 'answer';
  question_id: string;
  user_id: string;
  title: string;
  url_title: string;
  original_text: string;
  parsed_text: string;
  tags: { slug_name: string; display_name: string }[];
  reason: string;
  submitted_at: Date;
  settled: boolean;
  question_title: string | null;
  question_url_title: string | null;
}

/** What waits (of `held_posts h`): held, not yet published or dropped by posts, not yet decided here. */
const waiting = (objectId: string | undefined) => sql`
  not h.settled and not exists (select 1 from held_decisions d where d.object_id = h.object_id)
  ${objectId ? sql`and h.object_id = ${objectId}` : sql``}`;

/** A held post by its review id, decided or not (null when the queue never held it). */
export async function heldPost(db: Db, reviewId: number): Promise<HeldPost | null> {
  const { rows } = await sql<Pick<HeldRow, 'review_id' | 'object_id' | 'object_type' | 'user_id' | 'settled'>>`
    select review_id, object_id, object_type, user_id, settled from held_posts where review_id = ${reviewId}`.execute(
    db,
  );
  const row = rows[0];
  if (!row) return null;
  return {
    reviewId: Number(row.review_id),
    objectId: row.object_id,
    objectType: row.object_type,
    userId: row.user_id,
    settled: row.settled,
  };
}

/** How many held posts wait for a moderator. */
export async function heldPostCount(db: Db, objectId?: string): Promise<number> {
  const { rows } = await sql<{
    n: number;
  }>`select count(*)::int as n from held_posts h where ${waiting(objectId)}`.execute(db);
  return rows[0]?.n ?? 0;
}

/**
 * `review/pending/post/page?page=&object_id=`: one held post per page, oldest first; an answer shows its
 * question's title. Moderators only (checked by the route's caller).
 */
export async function heldPostPage(
  db: Db,
  query: { page: number; objectId?: string },
  settings: SiteSettings,
  language: Language,
): Promise<Page<PendingPostItem>> {
  const count = await heldPostCount(db, query.objectId);
  const { rows } = await sql<HeldRow>`
    select h.*, q.title as question_title, q.url_title as question_url_title
    from held_posts h
    left join moderated_objects q on q.object_id = h.question_id and h.object_type = 'answer'
    where ${waiting(query.objectId)}
    order by h.submitted_at, h.review_id
    limit 1 offset ${query.page - 1}`.execute(db);
  const cards = await loadAuthorCards(
    db,
    rows.map((r) => r.user_id),
    settings,
  );
  return {
    count,
    list: rows.map((r) => {
      const answer = r.object_type === 'answer';
      const reason = translate(language, `moderation.hold.${r.reason}`);
      return {
        review_id: Number(r.review_id),
        object_id: r.object_id,
        object_type: r.object_type,
        question_id: r.question_id,
        answer_id: answer ? r.object_id : '',
        comment_id: '',
        title: answer ? (r.question_title ?? '') : r.title,
        url_title: answer ? (r.question_url_title ?? '') : r.url_title,
        original_text: r.original_text,
        parsed_text: r.parsed_text,
        tags: tagResps(r.tags),
        object_status: PostStatus.pending,
        object_show_status: Show.shown,
        author_user_info: cards.get(r.user_id),
        reason,
        submitter_display_name: reason,
        created_at: seconds(r.submitted_at),
        submit_at: seconds(r.submitted_at),
      };
    }),
  };
}
