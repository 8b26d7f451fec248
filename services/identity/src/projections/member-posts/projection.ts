import {
  AnswerDeleted,
  AnswerPosted,
  AnswerPurged,
  AnswerUndeleted,
  type DataOf,
  QuestionAsked,
  QuestionDeleted,
  QuestionPurged,
  QuestionUndeleted,
} from '@agora/contracts';
import { applyInRuns, type BulkApply, LINGERING, type Projection, type StoredEvent, type Tx } from '@agora/platform';
import { sql } from 'kysely';
import { USERS_FIGURES_WRITERS } from '../users-figures';

type Kind = 'question' | 'answer';

const countColumn = (kind: Kind) => (kind === 'question' ? sql.ref('question_count') : sql.ref('answer_count'));

/**
 * A post counted for its author, once: a replayed event inserts nothing and counts nothing. One increment, not a
 * recount, so a member with thousands of posts costs what any other does.
 */
async function added(tx: Tx, postId: string, userId: string, kind: Kind) {
  const column = countColumn(kind);
  await sql`
    with inserted as (
      insert into member_posts (post_id, user_id, kind, live) values (${postId}, ${userId}, ${kind}, true)
      on conflict (post_id) do nothing returning user_id
    )
    update users set ${column} = ${column} + 1 where user_id in (select user_id from inserted)`.execute(tx);
}

/** Posts asked or answered, counted for their authors in one statement (a replayed one counts nothing). */
const addedInBulk: BulkApply = {
  types: new Set([QuestionAsked.type, AnswerPosted.type]),
  async apply(events, tx) {
    const posts = new Map<string, { userId: string; kind: Kind }>();
    for (const event of events) {
      const post = postOf(event);
      if (post && !posts.has(post.postId)) posts.set(post.postId, post);
    }
    const ids = [...posts.keys()];
    const rows = [...posts.values()];
    await sql`
      with inserted as (
        insert into member_posts (post_id, user_id, kind, live)
        select post_id, user_id, kind, true
        from unnest(${ids}::text[], ${rows.map((r) => r.userId)}::text[], ${rows.map((r) => r.kind)}::text[])
          as r(post_id, user_id, kind)
        on conflict (post_id) do nothing returning user_id, kind
      ), totals as (
        select user_id, count(*) filter (where kind = 'question')::int as questions,
               count(*) filter (where kind = 'answer')::int as answers
        from inserted group by user_id
      )
      update users u set question_count = u.question_count + t.questions, answer_count = u.answer_count + t.answers
      from totals t where u.user_id = t.user_id`.execute(tx);
  },
};

/** The post an ask or an answer adds, with its author and kind. */
function postOf(event: StoredEvent): { postId: string; userId: string; kind: Kind } | undefined {
  if (event.type === QuestionAsked.type) {
    const data = event.data as DataOf<typeof QuestionAsked>;
    return { postId: data.question_id, userId: data.user_id, kind: 'question' };
  }
  if (event.type === AnswerPosted.type) {
    const data = event.data as DataOf<typeof AnswerPosted>;
    return { postId: data.answer_id, userId: data.user_id, kind: 'answer' };
  }
  return undefined;
}

/** A post deleted (not live) or undeleted (live): its author's figure moves by one, only when it changed. */
async function liveness(tx: Tx, postId: string, live: boolean) {
  const delta = live ? 1 : -1;
  await sql`
    with changed as (
      update member_posts set live = ${live} where post_id = ${postId} and live <> ${live} returning user_id, kind
    )
    update users u set
      question_count = u.question_count + case when c.kind = 'question' then ${delta}::int else 0 end,
      answer_count = u.answer_count + case when c.kind = 'answer' then ${delta}::int else 0 end
    from changed c where u.user_id = c.user_id`.execute(tx);
}

/** Purged posts are forgotten; a live one among them (an answer under a purged question) stops counting first. */
async function purged(tx: Tx, postIds: string[]) {
  for (const postId of postIds) await liveness(tx, postId, false);
  await sql`delete from member_posts where post_id = any(${postIds}::text[])`.execute(tx);
}

/**
 * `users.question_count` and `users.answer_count` (the profile's figures, `personal/user/info`) from posts'
 * events: asked or posted counts, deleted stops counting, undeleted counts again.
 */
export const memberPostsProjection: Projection = {
  name: 'member-posts',
  source: 'posts',
  // A profile's figures, a second late at most: no reply waits on them, and one transaction per ask was identity's
  // share of every ask (docs/adr/0082-lingering-projections.md).
  ...LINGERING,
  lockGroup: USERS_FIGURES_WRITERS,
  events: [
    QuestionAsked,
    QuestionDeleted,
    QuestionUndeleted,
    AnswerPosted,
    AnswerDeleted,
    AnswerUndeleted,
    QuestionPurged,
    AnswerPurged,
  ],
  async apply(event, tx) {
    const post = postOf(event);
    if (post) return added(tx, post.postId, post.userId, post.kind);
    switch (event.type) {
      case QuestionDeleted.type:
        return liveness(tx, (event.data as DataOf<typeof QuestionDeleted>).question_id, false);
      case QuestionUndeleted.type:
        return liveness(tx, (event.data as DataOf<typeof QuestionUndeleted>).question_id, true);
      case AnswerDeleted.type:
        return liveness(tx, (event.data as DataOf<typeof AnswerDeleted>).answer_id, false);
      case AnswerUndeleted.type:
        return liveness(tx, (event.data as DataOf<typeof AnswerUndeleted>).answer_id, true);
      case QuestionPurged.type: {
        const data = event.data as DataOf<typeof QuestionPurged>;
        return purged(tx, [data.question_id, ...data.answer_ids]);
      }
      case AnswerPurged.type:
        return purged(tx, [(event.data as DataOf<typeof AnswerPurged>).answer_id]);
    }
  },
  applyBatch(events, tx) {
    return applyInRuns(events, tx, addedInBulk, (event, t) => memberPostsProjection.apply(event, t));
  },
  async reset(tx) {
    await sql`truncate member_posts`.execute(tx);
    await sql`update users set question_count = 0, answer_count = 0`.execute(tx);
  },
};
