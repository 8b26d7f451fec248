import {
  AnswerAccepted,
  AnswerDeleted,
  AnswerEdited,
  AnswerPosted,
  AnswerPurged,
  AnswerUndeleted,
  type EventOf,
  PostStatus,
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
  ViewsCounted,
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
import { SEARCH_POST_WRITERS, TOUCH, touchAnswersOf } from './changes';

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
  | EventOf<typeof ViewsCounted>;

/** Applies an event of a post's own stream once: an event not newer than the row changes nothing. */
async function updateOwn(tx: Tx, id: string, version: number, set: ReturnType<typeof sql>): Promise<boolean> {
  const { rows } = await sql`update search_posts set ${set}, version = ${version}, ${TOUCH}
                             where id = ${id} and version < ${version} returning id`.execute(tx);
  return rows.length > 0;
}

/** The live answers of a question and its last activity (a new or edited answer bumps it). */
async function refreshQuestion(tx: Tx, questionId: string, activeAt?: string): Promise<void> {
  await sql`
    update search_posts q set answer_count = (
        select count(*) from search_posts a where a.type = 'answer' and a.question_id = ${questionId} and a.status = ${PostStatus.available}),
      active_at = greatest(q.active_at, ${activeAt ?? null}::timestamptz), ${TOUCH}
    where q.id = ${questionId}`.execute(tx);
}

/**
 * A question arriving after answers to it (on Kafka another partition may run ahead:
 * docs/adr/0080-one-batch-of-a-group-at-a-time.md) counts them, and is as active as the latest of them.
 */
async function countEarlierAnswers(tx: Tx, questionId: string): Promise<void> {
  await sql`
    update search_posts q set answer_count = a.live, active_at = greatest(q.active_at, a.latest), ${TOUCH}
    from (select count(*) filter (where status = ${PostStatus.available}) as live, max(active_at) as latest
          from search_posts where type = 'answer' and question_id = ${questionId}) a
    where q.id = ${questionId} and a.latest is not null`.execute(tx);
}

/**
 * Purged posts lose their text at once and wait, marked, for the feeder to remove their documents and then
 * their rows; what search kept of votes and bookmarks on them goes now (and again with `votes.object_purged`).
 */
async function purge(tx: Tx, ids: string[]): Promise<void> {
  await sql`update search_posts set purged = true, title = '', url_title = '', body = '', tags = '[]'::jsonb, ${TOUCH}
            where id = any(${ids}::text[])`.execute(tx);
  await sql`delete from search_votes where object_id = any(${ids}::text[])`.execute(tx);
  await sql`delete from search_bookmarks where object_id = any(${ids}::text[])`.execute(tx);
  await sql`delete from search_post_counts where object_id = any(${ids}::text[])`.execute(tx);
}

async function apply(stored: StoredEvent, tx: Tx): Promise<void> {
  const event = stored as unknown as Event;
  const at = stored.occurredAt;
  const version = stored.version;
  switch (event.type) {
    case 'posts.question_asked': {
      const d = event.data;
      await sql`
        insert into search_posts (id, type, question_id, user_id, title, url_title, body, tags, created_at, active_at, version)
        values (${d.question_id}, 'question', ${d.question_id}, ${d.user_id}, ${d.title}, ${d.url_title},
                ${plainTextOfHtml(d.html)}, ${JSON.stringify(d.tags)}::jsonb, ${at}, ${at}, ${version})
        on conflict (id) do nothing`.execute(tx);
      await countEarlierAnswers(tx, d.question_id);
      // And those answers are indexed again with the question's tags and visibility.
      await touchAnswersOf(tx, [d.question_id]);
      return;
    }
    case 'posts.question_edited': {
      const d = event.data;
      const set = sql`title = ${d.title}, url_title = ${d.url_title}, body = ${plainTextOfHtml(d.html)},
                      tags = ${JSON.stringify(d.tags)}::jsonb, active_at = greatest(active_at, ${at}::timestamptz)`;
      if (await updateOwn(tx, d.question_id, version, set)) await touchAnswersOf(tx, [d.question_id]);
      return;
    }
    case 'posts.question_retagged': {
      // Filed under the tag its tags were merged into: its answers carry its tags too.
      const d = event.data;
      if (await updateOwn(tx, d.question_id, version, sql`tags = ${JSON.stringify(d.tags)}::jsonb`)) {
        await touchAnswersOf(tx, [d.question_id]);
      }
      return;
    }
    case 'posts.question_deleted':
    case 'posts.question_undeleted': {
      const status = event.type === 'posts.question_deleted' ? PostStatus.deleted : PostStatus.available;
      const id = event.data.question_id;
      if (await updateOwn(tx, id, version, sql`status = ${status}`)) await touchAnswersOf(tx, [id]);
      return;
    }
    case 'posts.question_closed':
    case 'posts.question_reopened':
      await updateOwn(
        tx,
        event.data.question_id,
        version,
        sql`status = ${event.type === 'posts.question_closed' ? PostStatus.closed : PostStatus.available}`,
      );
      return;
    case 'posts.question_hidden':
    case 'posts.question_shown': {
      const id = event.data.question_id;
      const hidden = event.type === 'posts.question_hidden';
      if (await updateOwn(tx, id, version, sql`hidden = ${hidden}`)) await touchAnswersOf(tx, [id]);
      return;
    }
    case 'posts.answer_accepted': {
      const d = event.data;
      if (await updateOwn(tx, d.question_id, version, sql`accepted_answer_id = ${d.answer_id}`)) {
        await touchAnswersOf(tx, [d.question_id]);
      }
      return;
    }
    case 'posts.answer_posted': {
      const d = event.data;
      await sql`
        insert into search_posts (id, type, question_id, user_id, body, created_at, active_at, version)
        values (${d.answer_id}, 'answer', ${d.question_id}, ${d.user_id}, ${plainTextOfHtml(d.html)}, ${at}, ${at}, ${version})
        on conflict (id) do nothing`.execute(tx);
      await refreshQuestion(tx, d.question_id, at);
      return;
    }
    case 'posts.answer_edited': {
      const d = event.data;
      if (await updateOwn(tx, d.answer_id, version, sql`body = ${plainTextOfHtml(d.html)}`)) {
        await refreshQuestion(tx, d.question_id, at);
      }
      return;
    }
    case 'posts.answer_deleted':
    case 'posts.answer_undeleted': {
      const d = event.data;
      const status = event.type === 'posts.answer_deleted' ? PostStatus.deleted : PostStatus.available;
      if (await updateOwn(tx, d.answer_id, version, sql`status = ${status}`)) await refreshQuestion(tx, d.question_id);
      return;
    }
    case 'posts.question_purged': {
      const d = event.data;
      await purge(tx, [d.question_id, ...d.answer_ids]);
      return;
    }
    case 'posts.answer_purged': {
      const d = event.data;
      await purge(tx, [d.answer_id]);
      await refreshQuestion(tx, d.question_id);
      return;
    }
    case 'posts.views_counted': {
      const counts = event.data.counts;
      // Views are shown by duplicate suggestions but not indexed: no new version.
      await sql`
        update search_posts p set view_count = p.view_count + v.views
        from unnest(${counts.map((c) => c.question_id)}::text[], ${counts.map((c) => c.views)}::int[]) as v(id, views)
        where p.id = v.id`.execute(tx);
      return;
    }
  }
}

/** A row of `search_posts` as a run finds it (or not), and what the run's events do to its own columns. */
interface Row {
  exists: boolean;
  type: string;
  questionId: string;
  version: number;
  /** What its first ask or post in the run inserts, when it was not there before. */
  inserted?: { user: string; title: string; urlTitle: string; tags: unknown; at: string };
  /** The HTML of its body as its last applied event (or its insert) left it, made plain text once, at the end. */
  html?: string;
  /** The other own columns the run's applied events set (updateOwn), each event's value over the one before. */
  set: Record<string, unknown>;
  versioned: boolean;
  views: number;
  touched: boolean;
}

/** What a run does to a question's answer count and activity (refreshQuestion, countEarlierAnswers). */
interface QuestionFold {
  /** Refreshed while it existed: it ends with the count of its live answers after the run. */
  refreshed: boolean;
  /** Asked (again): it counts the answers it has then, if any, and is as active as the latest of them. */
  asked: boolean;
  /** When it was active while it existed: its applied edits, its answers posted or edited. */
  ats: string[];
}

interface Fold {
  rows: Map<string, Row>;
  questions: Map<string, QuestionFold>;
  /** Questions whose answers are indexed again (touchAnswersOf): all their answers after the run, those it posted being new. */
  answersOf: Set<string>;
}

const BULK_TYPES = new Set([
  QuestionAsked.type,
  QuestionEdited.type,
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
  ViewsCounted.type,
]);

/** The rows a run's events name: its posts, their questions and the questions whose views it counts. */
function idsOf(run: StoredEvent[]): string[] {
  const ids = new Set<string>();
  for (const stored of run) {
    const event = stored as unknown as Event;
    if (event.type === 'posts.views_counted') {
      for (const c of event.data.counts) ids.add(c.question_id);
      continue;
    }
    ids.add(event.data.question_id);
    if ('answer_id' in event.data && event.type !== 'posts.answer_accepted') ids.add(event.data.answer_id);
  }
  return [...ids];
}

/**
 * A run as `apply` would write it event by event, folded in memory from the rows it names as they stand: which
 * rows it inserts, each row's own columns after the events newer than it, and what its questions recount after.
 * Undefined when the run is not one this fold is exact for (a post's events naming a row of another kind or an
 * answer under another question, a views event naming a question twice): that run goes through `apply`.
 */
function foldRun(
  run: StoredEvent[],
  found: { id: string; type: string; question_id: string; version: number }[],
): Fold | undefined {
  const rows = new Map<string, Row>();
  const blank = () => ({ set: {}, versioned: false, views: 0, touched: false });
  for (const r of found) {
    rows.set(r.id, { exists: true, type: r.type, questionId: r.question_id, version: r.version, ...blank() });
  }
  const row = (id: string): Row => {
    let r = rows.get(id);
    if (!r) {
      r = { exists: false, type: '', questionId: '', version: 0, ...blank() };
      rows.set(id, r);
    }
    return r;
  };
  const questions = new Map<string, QuestionFold>();
  const question = (id: string): QuestionFold => {
    let q = questions.get(id);
    if (!q) {
      q = { refreshed: false, asked: false, ats: [] };
      questions.set(id, q);
    }
    return q;
  };
  const answersOf = new Set<string>();
  const own = (r: Row, version: number, columns: Record<string, unknown>, html?: string): boolean => {
    if (!r.exists || r.version >= version) return false;
    r.version = version;
    r.versioned = true;
    r.touched = true;
    Object.assign(r.set, columns);
    if (html !== undefined) r.html = html;
    return true;
  };
  const insert = (r: Row, type: string, questionId: string, version: number, html: string, inserted: Row['inserted']) =>
    Object.assign(r, { exists: true, type, questionId, version, html, inserted });
  const refresh = (id: string, at?: string) => {
    if (!row(id).exists) return;
    const q = question(id);
    q.refreshed = true;
    if (at) q.ats.push(at);
  };
  for (const stored of run) {
    const event = stored as unknown as Event;
    const at = stored.occurredAt;
    const version = stored.version;
    if (event.type === 'posts.views_counted') {
      const ids = event.data.counts.map((c) => c.question_id);
      // An update joined to the same row twice changes it once.
      if (new Set(ids).size !== ids.length) return undefined;
      for (const c of event.data.counts) {
        const r = row(c.question_id);
        if (r.exists) r.views += c.views;
      }
      continue;
    }
    const questionId = event.data.question_id;
    const q = row(questionId);
    if (q.exists && q.type !== 'question') return undefined;
    switch (event.type) {
      case 'posts.question_asked': {
        const d = event.data;
        if (!q.exists) {
          insert(q, 'question', questionId, version, d.html, {
            user: d.user_id,
            title: d.title,
            urlTitle: d.url_title,
            tags: d.tags,
            at,
          });
        }
        question(questionId).asked = true;
        answersOf.add(questionId);
        continue;
      }
      case 'posts.question_edited': {
        const d = event.data;
        if (own(q, version, { title: d.title, url_title: d.url_title, tags: d.tags }, d.html)) {
          question(questionId).ats.push(at);
          answersOf.add(questionId);
        }
        continue;
      }
      case 'posts.question_deleted':
      case 'posts.question_undeleted': {
        const status = event.type === 'posts.question_deleted' ? PostStatus.deleted : PostStatus.available;
        if (own(q, version, { status })) answersOf.add(questionId);
        continue;
      }
      case 'posts.question_closed':
      case 'posts.question_reopened':
        own(q, version, { status: event.type === 'posts.question_closed' ? PostStatus.closed : PostStatus.available });
        continue;
      case 'posts.question_hidden':
      case 'posts.question_shown':
        if (own(q, version, { hidden: event.type === 'posts.question_hidden' })) answersOf.add(questionId);
        continue;
      case 'posts.answer_accepted':
        if (own(q, version, { accepted_answer_id: event.data.answer_id })) answersOf.add(questionId);
        continue;
      case 'posts.answer_posted':
      case 'posts.answer_edited':
      case 'posts.answer_deleted':
      case 'posts.answer_undeleted': {
        const a = row(event.data.answer_id);
        if (a.exists && (a.type !== 'answer' || a.questionId !== questionId)) return undefined;
        if (event.type === 'posts.answer_posted') {
          const d = event.data;
          if (!a.exists)
            insert(a, 'answer', questionId, version, d.html, {
              user: d.user_id,
              title: '',
              urlTitle: '',
              tags: [],
              at,
            });
          refresh(questionId, at);
        } else if (event.type === 'posts.answer_edited') {
          if (own(a, version, {}, event.data.html)) refresh(questionId, at);
        } else {
          const status = event.type === 'posts.answer_deleted' ? PostStatus.deleted : PostStatus.available;
          if (own(a, version, { status })) refresh(questionId);
        }
        continue;
      }
      default:
        return undefined;
    }
  }
  return { rows, questions, answersOf };
}

/**
 * A run in five statements whatever its length (an import's replay is mostly asks, answers and their edits):
 * the rows it names read; its new rows inserted as its events leave them, and the others' own columns set so;
 * its questions' answer counts and activity taken again where `apply` would; and the answers of the questions
 * whose tags, visibility or accepted answer changed put in line for the index.
 */
const postsInBulk: BulkApply = {
  types: BULK_TYPES,
  async apply(run, tx) {
    const { rows: found } = await sql<{ id: string; type: string; question_id: string; version: number }>`
      select id, type, question_id, version from search_posts where id = any(${idsOf(run)}::text[])`.execute(tx);
    const fold = foldRun(run, found);
    if (!fold) {
      for (const event of run) await apply(event, tx);
      return;
    }
    const inserts = [];
    const updates = [];
    for (const [id, r] of fold.rows) {
      // Made plain only for what is written (an import's later revisions supersede its first ones).
      const body = r.html === undefined ? undefined : plainTextOfHtml(r.html);
      const s = r.set;
      if (r.inserted) {
        const i = r.inserted;
        inserts.push({
          id,
          type: r.type,
          q: r.questionId,
          u: i.user,
          ti: s.title ?? i.title,
          ut: s.url_title ?? i.urlTitle,
          b: body,
          tg: s.tags ?? i.tags,
          st: s.status ?? PostStatus.available,
          h: s.hidden ?? false,
          aa: s.accepted_answer_id ?? null,
          n: r.views,
          t: i.at,
          v: r.version,
        });
      } else if (r.versioned || r.views !== 0) {
        updates.push({
          id,
          s: body === undefined ? s : { ...s, body },
          v: r.versioned ? r.version : null,
          n: r.views,
          t: r.touched,
        });
      }
    }
    if (inserts.length > 0) {
      // As the ask or post inserts them and their later events in the run set them (the columns' defaults otherwise).
      await sql`
        insert into search_posts (id, type, question_id, user_id, title, url_title, body, tags, status, hidden,
                                  accepted_answer_id, view_count, created_at, active_at, version)
        select id, type, q, u, ti, ut, b, tg, st, h, aa, n, t, t, v from jsonb_to_recordset(${JSON.stringify(inserts)}::jsonb)
          as i(id text, type text, q text, u text, ti text, ut text, b text, tg jsonb, st smallint, h boolean, aa text,
               n int, t timestamptz, v int)
        on conflict (id) do nothing`.execute(tx);
    }
    if (updates.length > 0) {
      await sql`
        update search_posts p set
          title = case when x.s ? 'title' then x.s->>'title' else p.title end,
          url_title = case when x.s ? 'url_title' then x.s->>'url_title' else p.url_title end,
          body = case when x.s ? 'body' then x.s->>'body' else p.body end,
          tags = case when x.s ? 'tags' then x.s->'tags' else p.tags end,
          status = case when x.s ? 'status' then (x.s->>'status')::smallint else p.status end,
          hidden = case when x.s ? 'hidden' then (x.s->>'hidden')::boolean else p.hidden end,
          accepted_answer_id = case when x.s ? 'accepted_answer_id' then x.s->>'accepted_answer_id'
                                    else p.accepted_answer_id end,
          version = coalesce(x.v, p.version), view_count = p.view_count + x.n,
          dirty = p.dirty or x.t, seq = case when x.t then nextval('search_change_seq') else p.seq end
        from jsonb_to_recordset(${JSON.stringify(updates)}::jsonb) as x(id text, s jsonb, v int, n int, t boolean)
        where p.id = x.id`.execute(tx);
    }
    if (fold.questions.size > 0) {
      const questions = [...fold.questions].map(([id, q]) => ({ id, r: q.refreshed, k: q.asked, ats: q.ats }));
      // After the answers' own columns: the counts are of their statuses after the run, as at each question's
      // last refresh (every change to an answer refreshes its question, or precedes its question's ask).
      await sql`
        update search_posts p set
          answer_count = case when x.r or a.latest is not null then a.live else p.answer_count end,
          active_at = greatest(p.active_at, (select max(t) from unnest(x.ats) as t), a.latest), ${TOUCH}
        from jsonb_to_recordset(${JSON.stringify(questions)}::jsonb) as x(id text, r boolean, k boolean, ats timestamptz[]),
          lateral (select count(*) filter (where s.status = ${PostStatus.available}) as live,
                          case when x.k then max(s.active_at) end as latest
                   from search_posts s where s.type = 'answer' and s.question_id = x.id) a
        where p.id = x.id and (x.r or a.latest is not null or cardinality(x.ats) > 0)`.execute(tx);
    }
    if (fold.answersOf.size > 0) {
      // The answers this run inserted are in line already.
      const fresh = inserts.filter((i) => i.type === 'answer').map((i) => i.id);
      await sql`update search_posts set ${TOUCH}
                where type = 'answer' and question_id = any(${[...fold.answersOf]}::text[]) and id <> all(${fresh}::text[])`.execute(
        tx,
      );
    }
  },
};

/** Questions and answers as search needs them, from posts' events (DESIGN §2: search indexes posts). */
export const postDocumentsProjection: Projection = {
  name: 'search-posts',
  source: 'posts',
  lockGroup: SEARCH_POST_WRITERS,
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
    ViewsCounted,
  ],
  apply,
  applyBatch: (events, tx) => applyInRuns(events, tx, postsInBulk, apply),
  async reset(tx) {
    await sql`truncate search_posts`.execute(tx);
  },
};
