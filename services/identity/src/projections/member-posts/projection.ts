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

/** What a run does to one post: the first ask or answer adding it, and the liveness its deletions leave. */
interface PostInRun {
  /** The first add's author and kind (a later one adds nothing, as one by one). */
  added?: { userId: string; kind: Kind };
  /** The last deletion or undeletion after that first add: the liveness a row the run inserts ends with. */
  liveAfterAdd?: boolean;
  /** The last deletion or undeletion of the run: the liveness a row already there ends with. */
  lastLive?: boolean;
}

/** The post a deletion or undeletion names, and the liveness it sets. */
function livenessOf(event: StoredEvent): { postId: string; live: boolean } | undefined {
  switch (event.type) {
    case QuestionDeleted.type:
      return { postId: (event.data as DataOf<typeof QuestionDeleted>).question_id, live: false };
    case QuestionUndeleted.type:
      return { postId: (event.data as DataOf<typeof QuestionUndeleted>).question_id, live: true };
    case AnswerDeleted.type:
      return { postId: (event.data as DataOf<typeof AnswerDeleted>).answer_id, live: false };
    case AnswerUndeleted.type:
      return { postId: (event.data as DataOf<typeof AnswerUndeleted>).answer_id, live: true };
  }
  return undefined;
}

/**
 * Asks, answers, deletions and undeletions of a run in two statements (the replay of an import: docs/capacity.md §9;
 * an imported deleted post is deleted right after it is added). One by one, a post's row is inserted live by its
 * first add only when it has none, and a deletion or undeletion changes only a row there, counting ±1 for the row's
 * author and kind when the liveness changes. So a row there before the run ends at the run's last liveness, its
 * author's figure moving by the difference: set first, before any insert. Then a row the run inserts ends at the
 * last liveness after its first add, its author counting it once if live; a row there already inserts nothing.
 * Purges, which remove rows, go one by one.
 */
const postsInBulk: BulkApply = {
  types: new Set([
    QuestionAsked.type,
    AnswerPosted.type,
    QuestionDeleted.type,
    QuestionUndeleted.type,
    AnswerDeleted.type,
    AnswerUndeleted.type,
  ]),
  async apply(events, tx) {
    const posts = new Map<string, PostInRun>();
    for (const event of events) {
      const post = postOf(event);
      if (post) {
        const seen = posts.get(post.postId) ?? {};
        if (!seen.added) seen.added = { userId: post.userId, kind: post.kind };
        posts.set(post.postId, seen);
        continue;
      }
      const change = livenessOf(event);
      if (!change) continue;
      const seen = posts.get(change.postId) ?? {};
      seen.lastLive = change.live;
      if (seen.added) seen.liveAfterAdd = change.live;
      posts.set(change.postId, seen);
    }
    const changes = [...posts].flatMap(([p, { lastLive }]) => (lastLive === undefined ? [] : [{ p, l: lastLive }]));
    if (changes.length > 0) {
      // By the primary key (`= any`): a join with the table is planned as a scan of it while its statistics say
      // it is empty, as in a rebuild.
      await sql`
        with changed as (
          update member_posts m set live = c.l
          from jsonb_to_recordset(${JSON.stringify(changes)}::jsonb) as c(p text, l boolean)
          where m.post_id = any(${changes.map((c) => c.p)}::text[]) and m.post_id = c.p and m.live <> c.l
          returning m.user_id, m.kind, case when c.l then 1 else -1 end as d
        ), totals as (
          select user_id, coalesce(sum(d) filter (where kind = 'question'), 0)::int as questions,
                 coalesce(sum(d) filter (where kind = 'answer'), 0)::int as answers
          from changed group by user_id
        )
        update users u set question_count = u.question_count + t.questions, answer_count = u.answer_count + t.answers
        from totals t where u.user_id = t.user_id and (t.questions <> 0 or t.answers <> 0)`.execute(tx);
    }
    const adds = [...posts].flatMap(([p, { added, liveAfterAdd }]) =>
      added ? [{ p, u: added.userId, k: added.kind, l: liveAfterAdd ?? true }] : [],
    );
    if (adds.length === 0) return;
    await sql`
      with inserted as (
        insert into member_posts (post_id, user_id, kind, live)
        select a.p, a.u, a.k, a.l from jsonb_to_recordset(${JSON.stringify(adds)}::jsonb) as a(p text, u text, k text, l boolean)
        on conflict (post_id) do nothing returning user_id, kind, live
      ), totals as (
        select user_id, count(*) filter (where kind = 'question' and live)::int as questions,
               count(*) filter (where kind = 'answer' and live)::int as answers
        from inserted group by user_id
      )
      update users u set question_count = u.question_count + t.questions, answer_count = u.answer_count + t.answers
      from totals t where u.user_id = t.user_id and (t.questions <> 0 or t.answers <> 0)`.execute(tx);
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
    return applyInRuns(events, tx, postsInBulk, (event, t) => memberPostsProjection.apply(event, t));
  },
  async reset(tx) {
    await sql`truncate member_posts`.execute(tx);
    await sql`update users set question_count = 0, answer_count = 0`.execute(tx);
  },
};
