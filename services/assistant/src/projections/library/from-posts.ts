import {
  AnswerAccepted,
  AnswerDeleted,
  AnswerEdited,
  AnswerPosted,
  AnswerPurged,
  AnswerUndeleted,
  CommentAdded,
  CommentDeleted,
  CommentEdited,
  type EventOf,
  QuestionAsked,
  QuestionClosed,
  QuestionDeleted,
  QuestionEdited,
  QuestionHidden,
  QuestionPurged,
  QuestionReopened,
  QuestionRetagged,
  QuestionShown,
  QuestionUndeleted,
} from '@agora/contracts';
import {
  applyInRuns,
  type BulkApply,
  type Projection,
  plainTextOfHtml,
  type StoredEvent,
  type Tx,
} from '@agora/platform';
import { sql } from 'kysely';

type Event =
  | EventOf<typeof QuestionAsked>
  | EventOf<typeof QuestionEdited>
  | EventOf<typeof QuestionRetagged>
  | EventOf<typeof QuestionDeleted>
  | EventOf<typeof QuestionUndeleted>
  | EventOf<typeof QuestionClosed>
  | EventOf<typeof QuestionReopened>
  | EventOf<typeof QuestionHidden>
  | EventOf<typeof QuestionShown>
  | EventOf<typeof AnswerAccepted>
  | EventOf<typeof AnswerPosted>
  | EventOf<typeof AnswerEdited>
  | EventOf<typeof AnswerDeleted>
  | EventOf<typeof AnswerUndeleted>
  | EventOf<typeof QuestionPurged>
  | EventOf<typeof AnswerPurged>
  | EventOf<typeof CommentAdded>
  | EventOf<typeof CommentEdited>
  | EventOf<typeof CommentDeleted>;

/**
 * The lock group (Projection.lockGroup) of the projections that write many `library_posts` rows per batch (posts'
 * events, and votes moving their counts): they take turns instead of locking rows in opposite orders.
 */
export const LIBRARY_POST_WRITERS = 'library_posts';

/** An event of a post's own stream, applied once: one not newer than the row changes nothing. */
async function updatePost(tx: Tx, stored: StoredEvent, id: string, set: ReturnType<typeof sql>): Promise<void> {
  await sql`update library_posts set ${set}, version = ${stored.version}
            where id = ${id} and version < ${stored.version}`.execute(tx);
}

async function updateComment(tx: Tx, stored: StoredEvent, id: string, set: ReturnType<typeof sql>): Promise<void> {
  await sql`update library_comments set ${set}, version = ${stored.version}
            where id = ${id} and version < ${stored.version}`.execute(tx);
}

/** Votes delivered before their post (another partition may run ahead on Kafka) count once it arrives. */
const votesSoFar = (id: string) =>
  sql`(select coalesce(sum(value), 0)::int from library_votes where object_id = ${id})`;

/** Posts whose semantic documents changed, for the embedder (a question's document holds its answers and comments). */
async function enqueue(tx: Tx, ids: readonly string[], at: string): Promise<void> {
  await sql`
    insert into semantic_queue (object_id, queued_at) select distinct id, ${at}::timestamptz from unnest(${[...ids]}::text[]) id
    on conflict (object_id) do update set queued_at = greatest(semantic_queue.queued_at, excluded.queued_at)`.execute(
    tx,
  );
}

/** The posts whose documents an event changes. */
function touched(event: Event): string[] {
  const d = event.data as Partial<Record<'question_id' | 'answer_id' | 'object_id', string>>;
  if (event.type === 'posts.question_purged' || event.type === 'posts.answer_purged') return [];
  return [d.question_id, d.answer_id, d.object_id].filter((id): id is string => Boolean(id));
}

async function purge(tx: Tx, postIds: string[], commentIds: string[], at: string): Promise<void> {
  await sql`delete from semantic_vectors where object_id = any(${postIds}::text[])`.execute(tx);
  await sql`delete from semantic_codes where object_id = any(${postIds}::text[])`.execute(tx);
  // Queued, so that the embedder removes their vectors where this transaction cannot (OpenSearch, scaled out).
  await enqueue(tx, postIds, at);
  await sql`delete from library_posts where id = any(${postIds}::text[])`.execute(tx);
  await sql`delete from library_comments where id = any(${commentIds}::text[]) or object_id = any(${postIds}::text[])`.execute(
    tx,
  );
  await sql`delete from library_votes where object_id = any(${[...postIds, ...commentIds]}::text[])`.execute(tx);
}

async function apply(stored: StoredEvent, tx: Tx): Promise<void> {
  await applyToLibrary(stored, tx);
  const ids = touched(stored as unknown as Event);
  if (stored.type === 'posts.comment_edited') {
    const { rows } = await sql<{ object_id: string; question_id: string }>`
      select object_id, question_id from library_comments where id = ${(stored.data as { comment_id: string }).comment_id}`.execute(
      tx,
    );
    for (const row of rows) ids.push(row.object_id, row.question_id);
  }
  if (ids.length > 0) await enqueue(tx, ids, stored.occurredAt);
}

async function applyToLibrary(stored: StoredEvent, tx: Tx): Promise<void> {
  const event = stored as unknown as Event;
  const at = stored.occurredAt;
  switch (event.type) {
    case 'posts.question_asked': {
      const d = event.data;
      await sql`
        insert into library_posts (id, kind, question_id, user_id, title, url_title, body, tags, vote_count,
                                   created_at, updated_at, version)
        values (${d.question_id}, 'question', ${d.question_id}, ${d.user_id}, ${d.title}, ${d.url_title},
                ${plainTextOfHtml(d.html)}, ${JSON.stringify(d.tags)}::jsonb, ${votesSoFar(d.question_id)},
                ${at}, ${at}, ${stored.version})
        on conflict (id) do nothing`.execute(tx);
      return;
    }
    case 'posts.question_edited': {
      const d = event.data;
      await updatePost(
        tx,
        stored,
        d.question_id,
        sql`title = ${d.title}, url_title = ${d.url_title}, body = ${plainTextOfHtml(d.html)},
            tags = ${JSON.stringify(d.tags)}::jsonb, updated_at = ${at}`,
      );
      return;
    }
    case 'posts.question_retagged':
      await updatePost(tx, stored, event.data.question_id, sql`tags = ${JSON.stringify(event.data.tags)}::jsonb`);
      return;
    case 'posts.question_deleted':
    case 'posts.question_undeleted':
      await updatePost(tx, stored, event.data.question_id, sql`deleted = ${event.type === 'posts.question_deleted'}`);
      return;
    case 'posts.question_closed':
    case 'posts.question_reopened':
      await updatePost(tx, stored, event.data.question_id, sql`closed = ${event.type === 'posts.question_closed'}`);
      return;
    case 'posts.question_hidden':
    case 'posts.question_shown':
      await updatePost(tx, stored, event.data.question_id, sql`hidden = ${event.type === 'posts.question_hidden'}`);
      return;
    case 'posts.answer_accepted':
      await updatePost(tx, stored, event.data.question_id, sql`accepted_answer_id = ${event.data.answer_id}`);
      return;
    case 'posts.answer_posted': {
      const d = event.data;
      await sql`
        insert into library_posts (id, kind, question_id, user_id, body, vote_count, created_at, updated_at, version)
        values (${d.answer_id}, 'answer', ${d.question_id}, ${d.user_id}, ${plainTextOfHtml(d.html)},
                ${votesSoFar(d.answer_id)}, ${at}, ${at}, ${stored.version})
        on conflict (id) do nothing`.execute(tx);
      return;
    }
    case 'posts.answer_edited':
      await updatePost(
        tx,
        stored,
        event.data.answer_id,
        sql`body = ${plainTextOfHtml(event.data.html)}, updated_at = ${at}`,
      );
      return;
    case 'posts.answer_deleted':
    case 'posts.answer_undeleted':
      await updatePost(tx, stored, event.data.answer_id, sql`deleted = ${event.type === 'posts.answer_deleted'}`);
      return;
    case 'posts.question_purged':
      await purge(tx, [event.data.question_id, ...event.data.answer_ids], event.data.comment_ids, at);
      return;
    case 'posts.answer_purged':
      await purge(tx, [event.data.answer_id], event.data.comment_ids, at);
      return;
    case 'posts.comment_added': {
      const d = event.data;
      await sql`
        insert into library_comments (id, object_id, question_id, user_id, body, created_at, version)
        values (${d.comment_id}, ${d.object_id}, ${d.question_id}, ${d.user_id}, ${plainTextOfHtml(d.parsed_text)},
                ${at}, ${stored.version})
        on conflict (id) do nothing`.execute(tx);
      return;
    }
    case 'posts.comment_edited':
      await updateComment(tx, stored, event.data.comment_id, sql`body = ${plainTextOfHtml(event.data.parsed_text)}`);
      return;
    case 'posts.comment_deleted':
      await updateComment(tx, stored, event.data.comment_id, sql`deleted = true`);
      return;
  }
}

/** A post's row as a run finds it (or not), and what the run's events do to it. */
interface PostRow {
  exists: boolean;
  version: number;
  /** What its first ask or post in the run inserts, when it was not there before. */
  inserted?: {
    kind: 'question' | 'answer';
    questionId: string;
    user: string;
    title: string;
    urlTitle: string;
    tags: unknown;
    at: string;
  };
  /** The HTML of its body as its insert or last applied edit left it, made plain text once, at the end. */
  html?: string;
  /** The other columns its applied events set (updatePost), each event's value over the one before. */
  set: Record<string, unknown>;
}

/** A comment's row as a run finds it (or not), and what the run's events do to it. */
interface CommentRow {
  exists: boolean;
  version: number;
  objectId: string;
  questionId: string;
  inserted?: { user: string; at: string };
  text?: string;
  deleted: boolean;
  changed: boolean;
}

interface Fold {
  posts: Map<string, PostRow>;
  comments: Map<string, CommentRow>;
  /** Each post the run puts in line for the embedder, with the times of the events that do. */
  queued: Map<string, Set<string>>;
}

const BULK_TYPES = new Set([
  QuestionAsked.type,
  QuestionEdited.type,
  QuestionRetagged.type,
  QuestionDeleted.type,
  QuestionUndeleted.type,
  QuestionClosed.type,
  QuestionReopened.type,
  QuestionHidden.type,
  QuestionShown.type,
  AnswerAccepted.type,
  AnswerPosted.type,
  AnswerEdited.type,
  AnswerDeleted.type,
  AnswerUndeleted.type,
  CommentAdded.type,
  CommentEdited.type,
  CommentDeleted.type,
]);

/** The id of the post row an event of a post's own stream writes (a comment's events write none). */
function postIdOf(event: Event): string | undefined {
  if ('comment_id' in event.data) return undefined;
  return 'answer_id' in event.data && event.type !== 'posts.answer_accepted'
    ? event.data.answer_id
    : event.data.question_id;
}

/**
 * A run as `apply` would write it event by event, folded in memory from the rows it names as they stand: which
 * rows it inserts (first creation wins), each row's columns after the events newer than it, and what it queues.
 */
function foldRun(
  run: StoredEvent[],
  found: { comment: boolean; id: string; version: number; object_id: string; question_id: string }[],
): Fold {
  const posts = new Map<string, PostRow>();
  const comments = new Map<string, CommentRow>();
  for (const r of found) {
    if (r.comment) {
      comments.set(r.id, {
        exists: true,
        version: r.version,
        objectId: r.object_id,
        questionId: r.question_id,
        deleted: false,
        changed: false,
      });
    } else posts.set(r.id, { exists: true, version: r.version, set: {} });
  }
  const post = (id: string): PostRow => {
    let r = posts.get(id);
    if (!r) {
      r = { exists: false, version: 0, set: {} };
      posts.set(id, r);
    }
    return r;
  };
  const comment = (id: string): CommentRow => {
    let r = comments.get(id);
    if (!r) {
      r = { exists: false, version: 0, objectId: '', questionId: '', deleted: false, changed: false };
      comments.set(id, r);
    }
    return r;
  };
  const queued = new Map<string, Set<string>>();
  const enqueue = (ids: string[], at: string) => {
    for (const id of ids) {
      const ats = queued.get(id) ?? new Set();
      ats.add(at);
      queued.set(id, ats);
    }
  };
  /** updatePost: an event not newer than the row (or of a row not there yet) changes nothing. */
  const own = (r: PostRow, version: number, columns: Record<string, unknown>, html?: string) => {
    if (!r.exists || r.version >= version) return;
    r.version = version;
    Object.assign(r.set, columns);
    if (html !== undefined) r.html = html;
  };
  for (const stored of run) {
    const event = stored as unknown as Event;
    const at = stored.occurredAt;
    const version = stored.version;
    enqueue(touched(event), at);
    const postId = postIdOf(event);
    const r = postId === undefined ? undefined : post(postId);
    switch (event.type) {
      case 'posts.question_asked':
      case 'posts.answer_posted': {
        if (!r || r.exists) continue;
        const d = event.data;
        const question = event.type === 'posts.question_asked' ? event.data : undefined;
        r.exists = true;
        r.version = version;
        r.html = d.html;
        r.inserted = {
          kind: question ? 'question' : 'answer',
          questionId: d.question_id,
          user: d.user_id,
          title: question?.title ?? '',
          urlTitle: question?.url_title ?? '',
          tags: question?.tags ?? [],
          at,
        };
        continue;
      }
      case 'posts.question_edited': {
        const d = event.data;
        if (r) own(r, version, { title: d.title, url_title: d.url_title, tags: d.tags, updated_at: at }, d.html);
        continue;
      }
      case 'posts.question_retagged':
        if (r) own(r, version, { tags: event.data.tags });
        continue;
      case 'posts.question_deleted':
      case 'posts.question_undeleted':
        if (r) own(r, version, { deleted: event.type === 'posts.question_deleted' });
        continue;
      case 'posts.question_closed':
      case 'posts.question_reopened':
        if (r) own(r, version, { closed: event.type === 'posts.question_closed' });
        continue;
      case 'posts.question_hidden':
      case 'posts.question_shown':
        if (r) own(r, version, { hidden: event.type === 'posts.question_hidden' });
        continue;
      case 'posts.answer_accepted':
        if (r) own(r, version, { accepted_answer_id: event.data.answer_id });
        continue;
      case 'posts.answer_edited':
        if (r) own(r, version, { updated_at: at }, event.data.html);
        continue;
      case 'posts.answer_deleted':
      case 'posts.answer_undeleted':
        if (r) own(r, version, { deleted: event.type === 'posts.answer_deleted' });
        continue;
      case 'posts.comment_added': {
        const d = event.data;
        const c = comment(d.comment_id);
        if (c.exists) continue;
        c.exists = true;
        c.version = version;
        c.objectId = d.object_id;
        c.questionId = d.question_id;
        c.inserted = { user: d.user_id, at };
        c.text = d.parsed_text;
        continue;
      }
      case 'posts.comment_edited':
      case 'posts.comment_deleted': {
        const c = comment(event.data.comment_id);
        if (!c.exists) continue;
        // An edit puts the comment's post and question in line, whatever its version.
        if (event.type === 'posts.comment_edited') enqueue([c.objectId, c.questionId], at);
        if (c.version >= version) continue;
        c.version = version;
        c.changed = true;
        if (event.type === 'posts.comment_edited') c.text = event.data.parsed_text;
        else c.deleted = true;
        continue;
      }
    }
  }
  return { posts, comments, queued };
}

/**
 * A run in at most seven statements whatever its length (an import's replay is mostly asks, answers, comments and
 * their edits): the rows it names read; its new posts and comments inserted as its events leave them (with the
 * votes that came before a post), the others' columns set so; and the posts it changes put in line for the embedder.
 */
const postsInBulk: BulkApply = {
  types: BULK_TYPES,
  async apply(run, tx) {
    const postIds = new Set<string>();
    const commentIds = new Set<string>();
    for (const stored of run) {
      const event = stored as unknown as Event;
      const id = postIdOf(event);
      if (id !== undefined) postIds.add(id);
      else commentIds.add((event.data as { comment_id: string }).comment_id);
    }
    const { rows: found } = await sql<{
      comment: boolean;
      id: string;
      version: number;
      object_id: string;
      question_id: string;
    }>`
      select false as comment, id, version, '' as object_id, '' as question_id
      from library_posts where id = any(${[...postIds]}::text[])
      union all
      select true, id, version, object_id, question_id from library_comments where id = any(${[...commentIds]}::text[])`.execute(
      tx,
    );
    const fold = foldRun(run, found);
    await writePosts(tx, fold.posts);
    await writeComments(tx, fold.comments);
    const queue = [...fold.queued].flatMap(([id, ats]) => [...ats].map((at) => ({ id, at })));
    if (queue.length > 0) {
      await sql`
        insert into semantic_queue (object_id, queued_at)
        select id, max(at) from jsonb_to_recordset(${JSON.stringify(queue)}::jsonb) as x(id text, at timestamptz)
        group by id
        on conflict (object_id) do update set queued_at = greatest(semantic_queue.queued_at, excluded.queued_at)`.execute(
        tx,
      );
    }
  },
};

async function writePosts(tx: Tx, posts: Map<string, PostRow>): Promise<void> {
  const inserts = [];
  const updates: { id: string; s: Record<string, unknown>; v: number }[] = [];
  for (const [id, r] of posts) {
    // Made plain only for what is written (an import's later revisions supersede its first ones).
    const body = r.html === undefined ? undefined : plainTextOfHtml(r.html);
    const s = r.set;
    if (r.inserted) {
      const i = r.inserted;
      inserts.push({
        id,
        k: i.kind,
        q: i.questionId,
        u: i.user,
        ti: s.title ?? i.title,
        ut: s.url_title ?? i.urlTitle,
        b: body,
        tg: s.tags ?? i.tags,
        aa: s.accepted_answer_id ?? null,
        d: s.deleted ?? false,
        c: s.closed ?? false,
        h: s.hidden ?? false,
        t: i.at,
        up: s.updated_at ?? i.at,
        v: r.version,
      });
    } else if (Object.keys(s).length > 0 || body !== undefined) {
      updates.push({ id, s: body === undefined ? s : { ...s, body }, v: r.version });
    }
  }
  if (inserts.length > 0) {
    // With the votes delivered before the post (votesSoFar), summed once for the run.
    await sql`
      insert into library_posts (id, kind, question_id, user_id, title, url_title, body, tags, vote_count,
                                 accepted_answer_id, deleted, closed, hidden, created_at, updated_at, version)
      select i.id, i.k, i.q, i.u, i.ti, i.ut, i.b, i.tg, coalesce(so_far.n, 0), i.aa, i.d, i.c, i.h, i.t, i.up, i.v
      from jsonb_to_recordset(${JSON.stringify(inserts)}::jsonb)
        as i(id text, k text, q text, u text, ti text, ut text, b text, tg jsonb, aa text, d boolean, c boolean,
             h boolean, t timestamptz, up timestamptz, v int)
      left join (select object_id, sum(value)::int as n from library_votes
                 where object_id = any(${inserts.map((i) => i.id)}::text[]) group by object_id) so_far
        on so_far.object_id = i.id
      on conflict (id) do nothing`.execute(tx);
  }
  // Rows whose title or body change apart: naming those columns makes PostgreSQL compute `words` again.
  const texts = updates.filter((u) => 'title' in u.s || 'body' in u.s);
  if (texts.length > 0) await updatePosts(tx, texts, true);
  if (texts.length < updates.length)
    await updatePosts(
      tx,
      updates.filter((u) => !texts.includes(u)),
      false,
    );
}

/** Each row's columns as its run set them (`s`), and its version after. */
async function updatePosts(
  tx: Tx,
  updates: { id: string; s: Record<string, unknown>; v: number }[],
  texts: boolean,
): Promise<void> {
  const text = texts
    ? sql`title = case when x.s ? 'title' then x.s->>'title' else p.title end,
          body = case when x.s ? 'body' then x.s->>'body' else p.body end,`
    : sql``;
  await sql`
    update library_posts p set ${text}
      url_title = case when x.s ? 'url_title' then x.s->>'url_title' else p.url_title end,
      tags = case when x.s ? 'tags' then x.s->'tags' else p.tags end,
      deleted = case when x.s ? 'deleted' then (x.s->>'deleted')::boolean else p.deleted end,
      closed = case when x.s ? 'closed' then (x.s->>'closed')::boolean else p.closed end,
      hidden = case when x.s ? 'hidden' then (x.s->>'hidden')::boolean else p.hidden end,
      accepted_answer_id = case when x.s ? 'accepted_answer_id' then x.s->>'accepted_answer_id'
                                else p.accepted_answer_id end,
      updated_at = case when x.s ? 'updated_at' then (x.s->>'updated_at')::timestamptz else p.updated_at end,
      version = x.v
    from jsonb_to_recordset(${JSON.stringify(updates)}::jsonb) as x(id text, s jsonb, v int)
    where p.id = x.id and p.version < x.v`.execute(tx);
}

async function writeComments(tx: Tx, comments: Map<string, CommentRow>): Promise<void> {
  const inserts = [];
  const updates = [];
  for (const [id, c] of comments) {
    const body = c.text === undefined ? null : plainTextOfHtml(c.text);
    if (c.inserted) {
      const i = c.inserted;
      inserts.push({ id, o: c.objectId, q: c.questionId, u: i.user, b: body, d: c.deleted, t: i.at, v: c.version });
    } else if (c.changed) updates.push({ id, b: body, d: c.deleted, v: c.version });
  }
  if (inserts.length > 0) {
    await sql`
      insert into library_comments (id, object_id, question_id, user_id, body, deleted, created_at, version)
      select id, o, q, u, b, d, t, v from jsonb_to_recordset(${JSON.stringify(inserts)}::jsonb)
        as i(id text, o text, q text, u text, b text, d boolean, t timestamptz, v int)
      on conflict (id) do nothing`.execute(tx);
  }
  if (updates.length > 0) {
    await sql`
      update library_comments c set body = coalesce(x.b, c.body), deleted = c.deleted or x.d, version = x.v
      from jsonb_to_recordset(${JSON.stringify(updates)}::jsonb) as x(id text, b text, d boolean, v int)
      where c.id = x.id and c.version < x.v`.execute(tx);
  }
}

/**
 * The library's questions, answers and comments, as plain text (docs/adr/0096-the-assistant-service.md). Held
 * posts never arrive here: posts announces a held post with `question_asked` or `answer_posted` only once it is
 * published.
 */
export const libraryFromPosts: Projection = {
  name: 'library-from-posts',
  source: 'posts',
  lockGroup: LIBRARY_POST_WRITERS,
  events: [
    QuestionAsked,
    QuestionEdited,
    QuestionRetagged,
    QuestionDeleted,
    QuestionUndeleted,
    QuestionClosed,
    QuestionReopened,
    QuestionHidden,
    QuestionShown,
    AnswerAccepted,
    AnswerPosted,
    AnswerEdited,
    AnswerDeleted,
    AnswerUndeleted,
    QuestionPurged,
    AnswerPurged,
    CommentAdded,
    CommentEdited,
    CommentDeleted,
  ],
  apply,
  applyBatch: (events, tx) => applyInRuns(events, tx, postsInBulk, apply),
  async reset(tx) {
    await sql`
      truncate library_posts, library_comments, semantic_queue, semantic_vectors, semantic_codes, semantic_centroids`.execute(
      tx,
    );
    // Scaled out, the vectors are in OpenSearch: the next ones go to an index of this rebuild's own.
    await sql`update semantic_rebuilds set count = count + 1`.execute(tx);
  },
};
