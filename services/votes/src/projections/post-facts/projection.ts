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
  type DataOf,
  Pin,
  PostStatus,
  QuestionAsked,
  QuestionClosed,
  QuestionDeleted,
  QuestionEdited,
  QuestionFollowed,
  QuestionHidden,
  QuestionPinned,
  QuestionPurged,
  QuestionReopened,
  QuestionRetagged,
  QuestionShown,
  QuestionUndeleted,
  QuestionUnfollowed,
  QuestionUnpinned,
  Show,
  ViewsCounted,
} from '@agora/contracts';
import {
  applyInRuns,
  type BulkApply,
  excerptOfHtml,
  PinSql,
  PostStatusSql,
  type Projection,
  ShowSql,
  type StoredEvent,
  type Tx,
} from '@agora/platform';
import { sql } from 'kysely';
import { refreshPostDeleted, takeLedgerLock } from '../ledger/post-deleted';

const DESCRIPTION_LENGTH = 240;
/** The change-feed topic of the post facts tables (questions, answers, comments). */

/**
 * A question's last change: the latest of its events and its answers', whatever order they are applied in (on
 * Kafka an answer's stream may run ahead of its question's: docs/adr/0080-one-batch-of-a-group-at-a-time.md).
 */
const touched = (at: string) => sql`updated_at = greatest(updated_at, ${at}::timestamptz)`;

export const POST_FACTS_TOPIC = 'post_facts';
/** The column each question act sets, and to what. */
const QUESTION_ACTS: Record<string, { column: 'status' | 'pin' | 'show'; value: number }> = {
  [QuestionDeleted.type]: { column: 'status', value: PostStatus.deleted },
  [QuestionUndeleted.type]: { column: 'status', value: PostStatus.available },
  [QuestionClosed.type]: { column: 'status', value: PostStatus.closed },
  [QuestionReopened.type]: { column: 'status', value: PostStatus.available },
  [QuestionPinned.type]: { column: 'pin', value: Pin.pinned },
  [QuestionUnpinned.type]: { column: 'pin', value: Pin.unpinned },
  [QuestionHidden.type]: { column: 'show', value: Show.hidden },
  [QuestionShown.type]: { column: 'show', value: Show.shown },
};

/** Acts that make a question deleted or not: the ledger entries under it follow (ledger/post-deleted.ts). */
const DELETIONS = new Set<string>([QuestionDeleted.type, QuestionUndeleted.type]);

/**
 * Votes forgets purged posts: their facts and follows (the reputation they earned was taken back when they were
 * deleted; the votes on them go with `votes.object_purged`, projections/purges);
 * docs/adr/0078-purging-in-an-event-sourced-system.md.
 */
async function dropPurged(tx: Tx, questionId: string | null, ids: string[]) {
  await sql`delete from comments where id = any(${ids}::text[]) or object_id = any(${ids}::text[])`.execute(tx);
  await sql`delete from answers where id = any(${ids}::text[])`.execute(tx);
  if (!questionId) return;
  await sql`delete from question_follows where question_id = ${questionId}`.execute(tx);
  await sql`delete from questions where id = ${questionId}`.execute(tx);
}

/** A row's events in a run, each with its place: its first creation (the one `on conflict do nothing` keeps) and its changes. */
interface RowRun<C, E> {
  creation?: { n: number; value: C };
  changes: { n: number; value: E }[];
}

/** The rows a run creates and changes, for an insert of each row's first creation and an update of the rest. */
class RunRows<C, E> {
  private readonly rows = new Map<string, RowRun<C, E>>();

  private row(id: string): RowRun<C, E> {
    let row = this.rows.get(id);
    if (!row) {
      row = { changes: [] };
      this.rows.set(id, row);
    }
    return row;
  }

  create(id: string, n: number, value: C): void {
    const row = this.row(id);
    row.creation ??= { n, value };
  }

  change(id: string, n: number, value: E): void {
    this.row(id).changes.push({ n, value });
  }

  /** Each created row as it stands at the run's end if its creation is the one that makes it: with the changes after. */
  creations(): { id: string; value: C; after: E[] }[] {
    const made: { id: string; value: C; after: E[] }[] = [];
    for (const [id, { creation, changes }] of this.rows) {
      if (!creation) continue;
      const after = changes.filter((change) => change.n > creation.n).map((change) => change.value);
      made.push({ id, value: creation.value, after });
    }
    return made;
  }

  /**
   * The changes of the rows the run's insert did not make, all of them: a row there before the run takes each one
   * (its creations here did nothing), a row that is not there takes none (the update finds no row).
   */
  changed(inserted: ReadonlySet<string>): { id: string; changes: E[] }[] {
    const changed: { id: string; changes: E[] }[] = [];
    for (const [id, { changes }] of this.rows) {
      if (changes.length === 0 || inserted.has(id)) continue;
      changed.push({ id, changes: changes.map((change) => change.value) });
    }
    return changed;
  }
}

type QuestionChange =
  | { kind: 'edit'; at: string; data: DataOf<typeof QuestionEdited> }
  | { kind: 'touch'; at: string }
  | { kind: 'act'; at: string; column: 'status' | 'pin' | 'show'; value: number }
  | { kind: 'accept'; answerId: string | null }
  | { kind: 'views'; views: number; unique: number };

/** A question's columns after a run of changes in turn, set only where a change set them (`ts`: the times it was touched). */
interface QuestionFold {
  title?: string;
  url_title?: string;
  content?: string;
  html?: string;
  description?: string;
  tags?: unknown;
  editor?: string;
  edited_at?: string;
  status?: number;
  pin?: number;
  show?: number;
  accepts?: boolean;
  accepted?: string | null;
  views: number;
  unique_views: number;
  ts: string[];
}

/** Changes folded as `apply` makes them one after another: the last edit and act per column win, views add up. */
function foldQuestion(changes: QuestionChange[]): QuestionFold {
  const fold: QuestionFold = { views: 0, unique_views: 0, ts: [] };
  let edit: { at: string; data: DataOf<typeof QuestionEdited> } | undefined;
  for (const change of changes) {
    switch (change.kind) {
      case 'edit':
        edit = change;
        fold.ts.push(change.at);
        break;
      case 'touch':
        fold.ts.push(change.at);
        break;
      case 'act':
        fold[change.column] = change.value;
        fold.ts.push(change.at);
        break;
      case 'accept':
        fold.accepts = true;
        fold.accepted = change.answerId;
        break;
      case 'views':
        fold.views += change.views;
        fold.unique_views += change.unique;
        break;
    }
  }
  if (edit) {
    const d = edit.data;
    Object.assign(fold, {
      title: d.title,
      url_title: d.url_title,
      content: d.content,
      html: d.html,
      description: excerptOfHtml(d.html, DESCRIPTION_LENGTH),
      tags: d.tags,
      editor: d.editor_id,
      edited_at: edit.at,
    });
  }
  return fold;
}

const QUESTION_FOLD_COLUMNS = sql`title text, url_title text, content text, html text, description text, tags jsonb,
  editor text, edited_at timestamptz, status smallint, pin smallint, show smallint, accepts boolean, accepted text,
  views int, unique_views int, ts timestamptz[]`;

type Asked = { at: string; data: DataOf<typeof QuestionAsked> };
type Posted = { at: string; data: DataOf<typeof AnswerPosted> };
type Added = { at: string; data: DataOf<typeof CommentAdded> };

/** The run's rows of each table, from its events in order. */
function rowsOfRun(run: StoredEvent[]) {
  const questions = new RunRows<Asked, QuestionChange>();
  /** Answers and comments: created, then their text edited (the last edit's description wins). */
  const answers = new RunRows<Posted, string>();
  const comments = new RunRows<Added, string>();
  /** Each follow's last event: followed or not. */
  const follows = new Map<string, { q: string; u: string; followed: boolean }>();
  run.forEach((event, n) => {
    const at = event.occurredAt;
    const act = QUESTION_ACTS[event.type];
    if (act) {
      const d = event.data as { question_id: string };
      questions.change(d.question_id, n, { kind: 'act', at, ...act });
      return;
    }
    switch (event.type) {
      case QuestionAsked.type: {
        const d = event.data as DataOf<typeof QuestionAsked>;
        questions.create(d.question_id, n, { at, data: d });
        return;
      }
      case QuestionEdited.type: {
        const d = event.data as DataOf<typeof QuestionEdited>;
        questions.change(d.question_id, n, { kind: 'edit', at, data: d });
        return;
      }
      case AnswerAccepted.type: {
        const d = event.data as DataOf<typeof AnswerAccepted>;
        questions.change(d.question_id, n, { kind: 'accept', answerId: d.answer_id });
        return;
      }
      case ViewsCounted.type: {
        for (const c of (event.data as DataOf<typeof ViewsCounted>).counts) {
          questions.change(c.question_id, n, { kind: 'views', views: c.views, unique: c.unique_views });
        }
        return;
      }
      case AnswerPosted.type: {
        const d = event.data as DataOf<typeof AnswerPosted>;
        answers.create(d.answer_id, n, { at, data: d });
        questions.change(d.question_id, n, { kind: 'touch', at });
        return;
      }
      case AnswerEdited.type: {
        const d = event.data as DataOf<typeof AnswerEdited>;
        answers.change(d.answer_id, n, d.html);
        return;
      }
      case CommentAdded.type: {
        const d = event.data as DataOf<typeof CommentAdded>;
        comments.create(d.comment_id, n, { at, data: d });
        return;
      }
      case CommentEdited.type: {
        const d = event.data as DataOf<typeof CommentEdited>;
        comments.change(d.comment_id, n, d.parsed_text);
        return;
      }
      case QuestionFollowed.type:
      case QuestionUnfollowed.type: {
        const d = event.data as DataOf<typeof QuestionFollowed>;
        const followed = event.type === QuestionFollowed.type;
        follows.set(JSON.stringify([d.question_id, d.user_id]), { q: d.question_id, u: d.user_id, followed });
        return;
      }
    }
  });
  return { questions, answers, comments, follows };
}

const recordset = (rows: object[]) => sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)`;
const idsOf = (rows: { id: string }[]) => new Set(rows.map((row) => row.id));
const lastOf = <T>(values: T[]): T | undefined => values[values.length - 1];

/**
 * A ViewsCounted naming a question twice: `apply`'s `update … from unnest(…)` adds one of the two, which one
 * unsaid, so a run holding one goes one event at a time rather than pick.
 */
function namesAQuestionTwice(event: StoredEvent): boolean {
  if (event.type !== ViewsCounted.type) return false;
  const ids = (event.data as DataOf<typeof ViewsCounted>).counts.map((c) => c.question_id);
  return new Set(ids).size !== ids.length;
}

/**
 * A run of posts' creations, edits and the acts that do not touch the ledger (the import's log is mostly these:
 * docs/capacity.md §9) in at most eight statements: each table's rows first created in the run inserted as they
 * stand after the run's later changes to them, then the rows it did not make changed by all of the run's changes
 * (a row there before takes each of them; the creations did nothing to it), then the follows each as its last
 * event left it. Answers go in before questions, whose `updated_at` starts at their answers' latest creation.
 */
const postFactsInBulk: BulkApply = {
  types: new Set([
    QuestionAsked.type,
    QuestionEdited.type,
    ...Object.keys(QUESTION_ACTS).filter((type) => !DELETIONS.has(type)),
    AnswerAccepted.type,
    ViewsCounted.type,
    AnswerPosted.type,
    AnswerEdited.type,
    CommentAdded.type,
    CommentEdited.type,
    QuestionFollowed.type,
    QuestionUnfollowed.type,
  ]),
  async apply(run, tx) {
    if (run.some(namesAQuestionTwice)) {
      for (const event of run) await postFactsProjection.apply(event, tx);
      return;
    }
    const { questions, answers, comments, follows } = rowsOfRun(run);
    const describe = (html: string) => excerptOfHtml(html, DESCRIPTION_LENGTH);

    const answersMade = answers.creations().map(({ id, value: { at, data }, after }) => ({
      id,
      question_id: data.question_id,
      user_id: data.user_id,
      description: describe(lastOf(after) ?? data.html),
      at,
    }));
    let answersInserted = new Set<string>();
    if (answersMade.length > 0) {
      const { rows } = await sql<{ id: string }>`
        insert into answers (id, question_id, user_id, description, created_at)
        select id, question_id, user_id, description, at from ${recordset(answersMade)}
          as i(id text, question_id text, user_id text, description text, at timestamptz)
        on conflict (id) do nothing
        returning id`.execute(tx);
      answersInserted = idsOf(rows);
    }

    const commentsMade = comments.creations().map(({ id, value: { at, data }, after }) => ({
      id,
      object_id: data.object_id,
      question_id: data.question_id,
      user_id: data.user_id,
      description: describe(lastOf(after) ?? data.parsed_text),
      at,
    }));
    let commentsInserted = new Set<string>();
    if (commentsMade.length > 0) {
      const { rows } = await sql<{ id: string }>`
        insert into comments (id, object_id, question_id, user_id, description, created_at)
        select id, object_id, question_id, user_id, description, at from ${recordset(commentsMade)}
          as i(id text, object_id text, question_id text, user_id text, description text, at timestamptz)
        on conflict (id) do nothing
        returning id`.execute(tx);
      commentsInserted = idsOf(rows);
    }

    const questionsMade = questions.creations().map(({ id, value: { at, data }, after }) => {
      const fold = foldQuestion(after);
      const asked = fold.content === undefined && {
        title: data.title,
        url_title: data.url_title,
        content: data.content,
        html: data.html,
        description: describe(data.html),
        tags: data.tags,
      };
      return { ...asked, ...fold, id, user_id: data.user_id, at };
    });
    let questionsInserted = new Set<string>();
    if (questionsMade.length > 0) {
      // As `apply` asks it, then changed by what came after: its answers posted before it touched it already.
      const { rows } = await sql<{ id: string }>`
        insert into questions (id, user_id, title, url_title, content, html, description, tags, status, pin, show,
          accepted_answer_id, view_count, unique_view_count, last_edit_user_id, edited_at, created_at, updated_at)
        select i.id, i.user_id, i.title, i.url_title, i.content, i.html, i.description, i.tags,
          coalesce(i.status, ${PostStatusSql.available}), coalesce(i.pin, ${PinSql.unpinned}),
          coalesce(i.show, ${ShowSql.shown}), i.accepted, i.views, i.unique_views, i.editor, i.edited_at, i.at,
          greatest(i.at, (select max(a.created_at) from answers a where a.question_id = i.id),
                   (select max(t) from unnest(i.ts) t))
        from ${recordset(questionsMade)} as i(id text, user_id text, at timestamptz, ${QUESTION_FOLD_COLUMNS})
        on conflict (id) do nothing
        returning id`.execute(tx);
      questionsInserted = idsOf(rows);
    }

    // Answers and comments that were there before the run: the description of their last edit.
    for (const [rows, inserted, table] of [
      [answers, answersInserted, sql`answers`],
      [comments, commentsInserted, sql`comments`],
    ] as const) {
      const edited = rows
        .changed(inserted)
        .map(({ id, changes }) => ({ id, description: describe(lastOf(changes) ?? '') }));
      if (edited.length === 0) continue;
      await sql`update ${table} t set description = i.description
                from ${recordset(edited)} as i(id text, description text) where t.id = i.id`.execute(tx);
    }
    const questionsChanged = questions
      .changed(questionsInserted)
      .map(({ id, changes }) => ({ id, ...foldQuestion(changes) }));
    if (questionsChanged.length > 0) {
      await sql`
        update questions q set
          title = coalesce(i.title, q.title), url_title = coalesce(i.url_title, q.url_title),
          content = coalesce(i.content, q.content), html = coalesce(i.html, q.html),
          description = coalesce(i.description, q.description), tags = coalesce(i.tags, q.tags),
          last_edit_user_id = coalesce(i.editor, q.last_edit_user_id), edited_at = coalesce(i.edited_at, q.edited_at),
          status = coalesce(i.status, q.status), pin = coalesce(i.pin, q.pin), show = coalesce(i.show, q.show),
          accepted_answer_id = case when i.accepts then i.accepted else q.accepted_answer_id end,
          view_count = q.view_count + i.views, unique_view_count = q.unique_view_count + i.unique_views,
          updated_at = greatest(q.updated_at, (select max(t) from unnest(i.ts) t))
        from ${recordset(questionsChanged)} as i(id text, ${QUESTION_FOLD_COLUMNS})
        where q.id = i.id`.execute(tx);
    }

    const unfollowed = [...follows.values()].filter((f) => !f.followed);
    if (unfollowed.length > 0) {
      await sql`delete from question_follows f using ${recordset(unfollowed)} as i(q text, u text)
                where f.question_id = i.q and f.user_id = i.u`.execute(tx);
    }
    const followed = [...follows.values()].filter((f) => f.followed);
    if (followed.length > 0) {
      await sql`insert into question_follows (question_id, user_id)
                select q, u from ${recordset(followed)} as i(q text, u text)
                on conflict do nothing`.execute(tx);
    }
  },
};

/**
 * What votes needs to know of posts, from posts' events: who owns each question, answer and comment,
 * whether it is deleted (no votes then), and what the bookmark and vote pages show of it (who follows a
 * question included).
 */
export const postFactsProjection: Projection = {
  name: 'post-facts',
  source: 'posts',
  topics: [POST_FACTS_TOPIC],
  events: [
    QuestionAsked,
    QuestionEdited,
    QuestionRetagged,
    QuestionDeleted,
    QuestionUndeleted,
    QuestionClosed,
    QuestionReopened,
    QuestionPinned,
    QuestionUnpinned,
    QuestionHidden,
    QuestionShown,
    AnswerAccepted,
    AnswerPosted,
    AnswerEdited,
    AnswerDeleted,
    AnswerUndeleted,
    CommentAdded,
    CommentEdited,
    CommentDeleted,
    ViewsCounted,
    QuestionFollowed,
    QuestionUnfollowed,
    QuestionPurged,
    AnswerPurged,
  ],
  async apply(event, tx) {
    const at = event.occurredAt;
    const act = QUESTION_ACTS[event.type];
    if (act) {
      const d = event.data as { question_id: string };
      const deletion = DELETIONS.has(event.type);
      if (deletion) await takeLedgerLock(tx);
      await sql`update questions set ${sql.ref(act.column)} = ${sql.lit(act.value)}, ${touched(at)}
                where id = ${d.question_id}`.execute(tx);
      if (deletion) await refreshPostDeleted(tx, { questionId: d.question_id });
      return;
    }
    switch (event.type) {
      case QuestionAsked.type: {
        const d = event.data as DataOf<typeof QuestionAsked>;
        await sql`
          insert into questions (id, user_id, title, url_title, content, html, description, tags, created_at, updated_at)
          values (${d.question_id}, ${d.user_id}, ${d.title}, ${d.url_title}, ${d.content}, ${d.html},
                  ${excerptOfHtml(d.html, DESCRIPTION_LENGTH)}, ${JSON.stringify(d.tags)}::jsonb, ${at},
                  -- Answers applied before it (on Kafka another partition may run ahead) touched it already.
                  greatest(${at}::timestamptz,
                           (select max(created_at) from answers where question_id = ${d.question_id})))
          on conflict (id) do nothing`.execute(tx);
        return;
      }
      case QuestionEdited.type: {
        const d = event.data as DataOf<typeof QuestionEdited>;
        await sql`
          update questions set title = ${d.title}, url_title = ${d.url_title}, content = ${d.content}, html = ${d.html},
            description = ${excerptOfHtml(d.html, DESCRIPTION_LENGTH)}, tags = ${JSON.stringify(d.tags)}::jsonb,
            last_edit_user_id = ${d.editor_id}, edited_at = ${at}, ${touched(at)}
          where id = ${d.question_id}`.execute(tx);
        return;
      }
      case QuestionRetagged.type: {
        // Filed under the tag its tags were merged into: not an edit, so no editor and no edit time.
        const d = event.data as DataOf<typeof QuestionRetagged>;
        await sql`update questions set tags = ${JSON.stringify(d.tags)}::jsonb where id = ${d.question_id}`.execute(tx);
        return;
      }
      case AnswerAccepted.type: {
        const d = event.data as DataOf<typeof AnswerAccepted>;
        await sql`update questions set accepted_answer_id = ${d.answer_id} where id = ${d.question_id}`.execute(tx);
        return;
      }
      case AnswerPosted.type: {
        const d = event.data as DataOf<typeof AnswerPosted>;
        await sql`
          insert into answers (id, question_id, user_id, description, created_at)
          values (${d.answer_id}, ${d.question_id}, ${d.user_id}, ${excerptOfHtml(d.html, DESCRIPTION_LENGTH)}, ${at})
          on conflict (id) do nothing`.execute(tx);
        await sql`update questions set ${touched(at)} where id = ${d.question_id}`.execute(tx);
        return;
      }
      case AnswerEdited.type: {
        const d = event.data as DataOf<typeof AnswerEdited>;
        await sql`update answers set description = ${excerptOfHtml(d.html, DESCRIPTION_LENGTH)} where id = ${d.answer_id}`.execute(
          tx,
        );
        return;
      }
      case AnswerDeleted.type:
      case AnswerUndeleted.type: {
        const d = event.data as DataOf<typeof AnswerDeleted>;
        const status = event.type === AnswerDeleted.type ? PostStatus.deleted : PostStatus.available;
        await takeLedgerLock(tx);
        await sql`update answers set status = ${status} where id = ${d.answer_id}`.execute(tx);
        await refreshPostDeleted(tx, { objectId: d.answer_id });
        return;
      }
      case CommentAdded.type: {
        const d = event.data as DataOf<typeof CommentAdded>;
        await sql`
          insert into comments (id, object_id, question_id, user_id, description, created_at)
          values (${d.comment_id}, ${d.object_id}, ${d.question_id}, ${d.user_id},
                  ${excerptOfHtml(d.parsed_text, DESCRIPTION_LENGTH)}, ${at})
          on conflict (id) do nothing`.execute(tx);
        return;
      }
      case CommentEdited.type: {
        const d = event.data as DataOf<typeof CommentEdited>;
        await sql`update comments set description = ${excerptOfHtml(d.parsed_text, DESCRIPTION_LENGTH)}
                  where id = ${d.comment_id}`.execute(tx);
        return;
      }
      case CommentDeleted.type: {
        const commentId = (event.data as { comment_id: string }).comment_id;
        await takeLedgerLock(tx);
        await sql`update comments set status = ${PostStatusSql.deleted} where id = ${commentId}`.execute(tx);
        await refreshPostDeleted(tx, { objectId: commentId });
        return;
      }
      case QuestionFollowed.type: {
        const d = event.data as DataOf<typeof QuestionFollowed>;
        await sql`insert into question_follows (question_id, user_id) values (${d.question_id}, ${d.user_id})
                  on conflict do nothing`.execute(tx);
        return;
      }
      case QuestionUnfollowed.type: {
        const d = event.data as DataOf<typeof QuestionUnfollowed>;
        await sql`delete from question_follows where question_id = ${d.question_id} and user_id = ${d.user_id}`.execute(
          tx,
        );
        return;
      }
      case QuestionPurged.type: {
        const d = event.data as DataOf<typeof QuestionPurged>;
        await dropPurged(tx, d.question_id, [d.question_id, ...d.answer_ids, ...d.comment_ids]);
        return;
      }
      case AnswerPurged.type: {
        const d = event.data as DataOf<typeof AnswerPurged>;
        await dropPurged(tx, null, [d.answer_id, ...d.comment_ids]);
        return;
      }
      case ViewsCounted.type: {
        const counts = (event.data as DataOf<typeof ViewsCounted>).counts;
        await sql`
          update questions q set view_count = q.view_count + v.views, unique_view_count = q.unique_view_count + v.uniq
          from unnest(${counts.map((c) => c.question_id)}::text[], ${counts.map((c) => c.views)}::int[],
                      ${counts.map((c) => c.unique_views)}::int[]) as v(id, views, uniq)
          where q.id = v.id`.execute(tx);
        return;
      }
    }
  },
  applyBatch: (events, tx) => applyInRuns(events, tx, postFactsInBulk, postFactsProjection.apply),
  async reset(tx) {
    await takeLedgerLock(tx);
    await sql`truncate questions, answers, comments, question_follows`.execute(tx);
    // Replaying posts' log deletes again what is deleted.
    await sql`update ledger_entries set post_deleted = false where post_deleted`.execute(tx);
  },
};
