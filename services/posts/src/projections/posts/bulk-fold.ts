import { type EventOf, PostStatus, Show, type ViewsCounted } from '@agora/contracts';
import { excerptOfHtml, type StoredEvent } from '@agora/platform';
import type { AnswerEvent } from '../../domain/answer/decider';
import type { CommentEvent } from '../../domain/comment/decider';
import type { QuestionEvent } from '../../domain/question/decider';
import { questionLinksOf } from './link-rows';
import { DESCRIPTION_LENGTH } from './question-rows';
import { activityEventId } from './timeline-rows';

type PostsEvent = QuestionEvent | AnswerEvent | CommentEvent | EventOf<typeof ViewsCounted>;
type Data<T extends PostsEvent['type']> = Extract<PostsEvent, { type: T }>['data'];
/**
 * The posts events a run folds into a few set-based statements (an import's asks, edits, answers, acceptances,
 * comments and view counts: docs/capacity.md §9). The others (closes, deletions, holds, purges, follows, …) are
 * applied one at a time between runs: they change whole questions' listing, their answers' rows or counters.
 */
const FOLDED = [
  'posts.question_asked',
  'posts.question_edited',
  'posts.answer_posted',
  'posts.answer_edited',
  'posts.answer_accepted',
  'posts.comment_added',
  'posts.comment_edited',
  'posts.comment_deleted',
  'posts.views_counted',
] as const;

export const FOLDED_TYPES: ReadonlySet<string> = new Set(FOLDED);

type Folded = { [T in (typeof FOLDED)[number]]: { type: T; data: Data<T> } }[(typeof FOLDED)[number]];

/**
 * Whether an event of a folded type folds exactly. A view count naming a question twice does not: one at a time,
 * its `update … from` adds one of the two counts, and which one is not said.
 */
export function foldsExactly(event: StoredEvent): boolean {
  if (event.type !== 'posts.views_counted') return true;
  const ids = (event.data as Data<'posts.views_counted'>).counts.map((c) => c.question_id);
  return new Set(ids).size === ids.length;
}

/** What a run's events find before it: the rows of its questions, answers and comments that exist. */
export interface RowsBefore {
  questions: Map<string, { status: number; show: number }>;
  answers: Map<string, { status: number; lastEditor: string | null }>;
  comments: Set<string>;
}

/** An accept timeline row's cancellation (`posts.answer_accepted` with a previous answer): its object, and when. */
export interface Cancel {
  o: string;
  at: string;
}

const later = (a: string, b: string) => Date.parse(a) > Date.parse(b);

/** The rows a run reads first, and the accept rows that were there before it that it cancels (the first cancel of each). */
export function rowsToRead(events: StoredEvent[]) {
  const questions = new Set<string>();
  const answers = new Set<string>();
  const comments = new Set<string>();
  const cancels = new Map<string, string>();
  for (const event of events as unknown as Folded[]) {
    const d = event.data;
    // A comment's events name its question, whose row the run does not need.
    if ('question_id' in d && d.question_id && !event.type.startsWith('posts.comment_')) questions.add(d.question_id);
    if (event.type === 'posts.answer_posted' || event.type === 'posts.answer_edited') answers.add(event.data.answer_id);
    if ('comment_id' in d) comments.add(d.comment_id);
    if (event.type === 'posts.views_counted') for (const c of event.data.counts) questions.add(c.question_id);
    if (event.type === 'posts.answer_accepted') {
      const previous = event.data.previous_answer_id;
      if (previous && !cancels.has(previous)) cancels.set(previous, (event as unknown as StoredEvent).occurredAt);
    }
  }
  return {
    questions: [...questions],
    answers: [...answers],
    comments: [...comments],
    cancels: [...cancels].map(([o, at]): Cancel => ({ o, at })),
  };
}

/**
 * A timestamp column's changes in order, each `= at` or `greatest(…, at)`: the last time it was set (null: never in
 * the run) and the latest it was raised to after that.
 */
class TimeFold {
  set: string | null = null;
  floor: string | null = null;
  setTo(at: string) {
    this.set = at;
    this.floor = null;
  }
  raise(at: string) {
    if (this.floor === null || later(at, this.floor)) this.floor = at;
  }
  /** The value of a row made in the run (set when made). */
  value(): string | null {
    return this.floor !== null && (this.set === null || later(this.floor, this.set)) ? this.floor : this.set;
  }
}

/**
 * Sets of rows that each write replaces whole (a question's tags, a post's links): the last write's rows, each with
 * the value of the write that put it there last; `kept` when every write of the run had it (a row there before the
 * run stays as it was), else a write of the run removed it and it is made anew.
 */
class Replaced<V> {
  private readonly writes = new Map<string, Map<string, V>[]>();
  replace(owner: string, items: Map<string, V>) {
    const list = this.writes.get(owner) ?? [];
    list.push(items);
    this.writes.set(owner, list);
  }
  result() {
    const rows: { value: V; kept: boolean }[] = [];
    for (const list of this.writes.values()) {
      const last = list.at(-1) ?? new Map<string, V>();
      for (const key of last.keys()) {
        let origin = list.length - 1;
        while (origin > 0 && list[origin - 1]?.has(key)) origin--;
        rows.push({ value: list[origin]?.get(key) as V, kept: origin === 0 });
      }
    }
    return {
      owners: [...this.writes.keys()],
      kept: rows.filter((r) => r.kept).map((r) => r.value),
      reset: rows.filter((r) => !r.kept).map((r) => r.value),
    };
  }
}

type Asked = Data<'posts.question_asked'>;
type QuestionEdit = Data<'posts.question_edited'>;

interface QuestionFold {
  id: string;
  /** There at this point of the run, with this status and visibility. */
  exists: boolean;
  status: number;
  show: number;
  madeBy?: { data: Asked; at: string };
  published: boolean;
  edited?: { data: QuestionEdit; at: string };
  postUpdate: TimeFold;
  updated: TimeFold;
  views: number;
  uniqueViews: number;
  accepted?: { answerId: string | null };
  /** The position of the last answer posted to it while it was there: its answer counts are as they stand then. */
  refreshed: number | null;
}

interface AnswerFold {
  id: string;
  questionId: string;
  before?: { lastEditor: string | null };
  exists: boolean;
  status: number;
  madeBy?: { data: Data<'posts.answer_posted'>; at: string; n: number; questionListed: boolean };
  published: boolean;
  edited?: { data: Data<'posts.answer_edited'>; at: string };
  /** Its edits that found it, by position: the answer counts read its last editor as of a position. */
  editors: { n: number; editor: string }[];
  updatedAt: string | null;
}

interface CommentFold {
  exists: boolean;
  madeBy?: { data: Data<'posts.comment_added'>; at: string };
  text?: { original: string; parsed: string };
  deleted: boolean;
  updatedAt: string | null;
}

interface ActivityRow {
  e: string;
  o: string;
  t: string;
  ty: string;
  u: string;
  rev: string | null;
  c: string;
  cancelled: boolean;
  cancelled_at: string | null;
  at: string;
}

/**
 * A run's events (in log order, every one of a folded type) folded into the rows each table ends with, as applying
 * them one at a time would leave them (see the appliers): rows made in the run with their final values, rows that
 * were there with the changes to make, sets of rows replaced whole, timeline rows in order.
 */
export function foldRun(events: StoredEvent[], before: RowsBefore) {
  const questions = new Map<string, QuestionFold>();
  const answers = new Map<string, AnswerFold>();
  const comments = new Map<string, CommentFold>();
  const tags = new Replaced<{ q: string; s: string; at: string }>();
  const links = new Replaced<{ p: string; q: string; s: string; fq: string }>();
  const knownTags = new Map<string, string>();
  const revisions = new Map<string, object>();
  const activity: (ActivityRow & { n: number })[] = [];
  const acceptances = new Map<string, { n: number; answerId: string | null }[]>();
  const cancels = new Map<string, { n: number; at: string }[]>();

  const question = (id: string): QuestionFold => {
    let q = questions.get(id);
    if (!q) {
      const row = before.questions.get(id);
      q = {
        id,
        exists: row !== undefined,
        status: row?.status ?? PostStatus.available,
        show: row?.show ?? Show.shown,
        published: false,
        postUpdate: new TimeFold(),
        updated: new TimeFold(),
        views: 0,
        uniqueViews: 0,
        refreshed: null,
      };
      questions.set(id, q);
    }
    return q;
  };
  const answer = (id: string, questionId: string): AnswerFold => {
    let a = answers.get(id);
    if (!a) {
      const row = before.answers.get(id);
      a = {
        id,
        questionId,
        exists: row !== undefined,
        status: row?.status ?? PostStatus.available,
        published: false,
        editors: [],
        updatedAt: null,
        ...(row ? { before: { lastEditor: row.lastEditor } } : {}),
      };
      answers.set(id, a);
    }
    return a;
  };
  const comment = (id: string): CommentFold => {
    let c = comments.get(id);
    if (!c) {
      c = { exists: before.comments.has(id), deleted: false, updatedAt: null };
      comments.set(id, c);
    }
    return c;
  };
  // `answersFollowListing`'s condition, on a question as it stands at this point (none: listed).
  const listed = (q: QuestionFold) =>
    !q.exists || ((q.status === PostStatus.available || q.status === PostStatus.closed) && q.show === Show.shown);
  const setTags = (questionId: string, list: Asked['tags'], at: string) => {
    const items = new Map<string, { q: string; s: string; at: string }>();
    for (const t of list) {
      if (!items.has(t.slug_name)) items.set(t.slug_name, { q: questionId, s: t.slug_name, at });
      if (!knownTags.has(t.slug_name)) knownTags.set(t.slug_name, t.display_name);
    }
    tags.replace(questionId, items);
  };
  const setLinks = (postId: string, questionId: string, text: string) => {
    const items = new Map<string, { p: string; q: string; s: string; fq: string }>();
    for (const l of questionLinksOf({ questionId }, text))
      items.set(`${l.questionId} ${l.site}`, { p: postId, q: l.questionId, s: l.site, fq: questionId });
    links.replace(postId, items);
  };
  const revision = (r: {
    id: string;
    o: string;
    t: 'question' | 'answer';
    u: string;
    c: object;
    l: string;
    at: string;
  }) => {
    if (!revisions.has(r.id)) revisions.set(r.id, r);
  };
  // A new answer counts on its question: counts as they stand now, activity times raised to now.
  const answerCountsAt = (q: QuestionFold, n: number, at: string) => {
    if (!q.exists) return;
    q.refreshed = n;
    q.postUpdate.raise(at);
    q.updated.raise(at);
  };

  for (const [n, stored] of events.entries()) {
    const at = stored.occurredAt;
    const event = stored as unknown as Folded;
    const timeline = (...rows: Omit<ActivityRow, 'e' | 'cancelled' | 'cancelled_at' | 'at'>[]) => {
      for (const row of rows)
        activity.push({ ...row, e: activityEventId(stored.id, row.t), cancelled: false, cancelled_at: null, at, n });
    };
    switch (event.type) {
      case 'posts.question_asked': {
        const d = event.data;
        const q = question(d.question_id);
        if (q.exists && q.status === PostStatus.pending) {
          // Published after review: nothing else of the ask is written (see the applier).
          q.status = PostStatus.available;
          q.published = true;
          q.postUpdate.setTo(at);
          q.updated.setTo(at);
          break;
        }
        if (!q.exists) {
          Object.assign(q, { exists: true, status: PostStatus.available, show: Show.shown, madeBy: { data: d, at } });
          q.postUpdate.setTo(at);
          q.updated.setTo(at);
        }
        setTags(d.question_id, d.tags, at);
        setLinks(d.question_id, d.question_id, d.content);
        const content = { title: d.title, content: d.content, tags: d.tags };
        revision({ id: d.revision_id, o: d.question_id, t: 'question', u: d.user_id, c: content, l: '', at });
        timeline({ o: d.question_id, t: d.question_id, ty: 'asked', u: d.user_id, rev: d.revision_id, c: '' });
        break;
      }
      case 'posts.question_edited': {
        const d = event.data;
        const q = question(d.question_id);
        if (q.exists) {
          q.edited = { data: d, at };
          q.postUpdate.setTo(at);
          q.updated.setTo(at);
        }
        setTags(d.question_id, d.tags, at);
        setLinks(d.question_id, d.question_id, d.content);
        const content = { title: d.title, content: d.content, tags: d.tags };
        revision({
          id: d.revision_id,
          o: d.question_id,
          t: 'question',
          u: d.editor_id,
          c: content,
          l: d.edit_summary,
          at,
        });
        timeline({
          o: d.question_id,
          t: d.question_id,
          ty: 'edited',
          u: d.editor_id,
          rev: d.revision_id,
          c: d.edit_summary,
        });
        break;
      }
      case 'posts.answer_posted': {
        const d = event.data;
        const a = answer(d.answer_id, d.question_id);
        const q = question(d.question_id);
        if (a.exists && a.status === PostStatus.pending) {
          a.status = PostStatus.available;
          a.published = true;
          a.updatedAt = at;
          answerCountsAt(q, n, at);
          break;
        }
        if (!a.exists) {
          Object.assign(a, { exists: true, status: PostStatus.available, updatedAt: at });
          a.madeBy = { data: d, at, n, questionListed: listed(q) };
        }
        setLinks(d.answer_id, d.question_id, d.content);
        revision({
          id: d.revision_id,
          o: d.answer_id,
          t: 'answer',
          u: d.user_id,
          c: { content: d.content },
          l: '',
          at,
        });
        timeline(
          { o: d.answer_id, t: d.question_id, ty: 'answered', u: d.user_id, rev: d.revision_id, c: '' },
          { o: d.answer_id, t: d.answer_id, ty: 'answered', u: d.user_id, rev: d.revision_id, c: '' },
        );
        answerCountsAt(q, n, at);
        break;
      }
      case 'posts.answer_edited': {
        const d = event.data;
        const a = answer(d.answer_id, d.question_id);
        if (a.exists) {
          a.edited = { data: d, at };
          a.editors.push({ n, editor: d.editor_id });
          a.updatedAt = at;
        }
        const q = question(d.question_id);
        if (q.exists) q.postUpdate.setTo(at);
        setLinks(d.answer_id, d.question_id, d.content);
        const content = { content: d.content };
        revision({ id: d.revision_id, o: d.answer_id, t: 'answer', u: d.editor_id, c: content, l: d.edit_summary, at });
        timeline({
          o: d.answer_id,
          t: d.answer_id,
          ty: 'edited',
          u: d.editor_id,
          rev: d.revision_id,
          c: d.edit_summary,
        });
        break;
      }
      case 'posts.answer_accepted': {
        const d = event.data;
        const q = question(d.question_id);
        if (q.exists) {
          q.accepted = { answerId: d.answer_id };
          q.updated.setTo(at);
        }
        acceptances.set(d.question_id, [...(acceptances.get(d.question_id) ?? []), { n, answerId: d.answer_id }]);
        if (d.previous_answer_id)
          cancels.set(d.previous_answer_id, [...(cancels.get(d.previous_answer_id) ?? []), { n, at }]);
        if (d.answer_id)
          timeline(
            { o: d.answer_id, t: d.question_id, ty: 'accept', u: d.actor_id, rev: null, c: '' },
            { o: d.answer_id, t: d.answer_id, ty: 'accept', u: d.actor_id, rev: null, c: '' },
          );
        break;
      }
      case 'posts.comment_added': {
        const d = event.data;
        const c = comment(d.comment_id);
        if (!c.exists) Object.assign(c, { exists: true, madeBy: { data: d, at }, updatedAt: at });
        timeline({ o: d.comment_id, t: d.object_id, ty: 'commented', u: d.user_id, rev: null, c: d.parsed_text });
        break;
      }
      case 'posts.comment_edited': {
        const d = event.data;
        const c = comment(d.comment_id);
        if (c.exists) Object.assign(c, { text: { original: d.original_text, parsed: d.parsed_text }, updatedAt: at });
        break;
      }
      case 'posts.comment_deleted': {
        const c = comment(event.data.comment_id);
        if (c.exists) Object.assign(c, { deleted: true, updatedAt: at });
        break;
      }
      case 'posts.views_counted': {
        for (const count of event.data.counts) {
          const q = question(count.question_id);
          if (!q.exists) continue;
          q.views += count.views;
          q.uniqueViews += count.unique_views;
        }
        break;
      }
    }
  }

  // An accept row made in the run is cancelled by the first acceptance after it that names its answer as previous.
  for (const row of activity) {
    if (row.ty !== 'accept') continue;
    const cancel = cancels.get(row.o)?.find((c) => c.n > row.n);
    if (cancel) Object.assign(row, { cancelled: true, cancelled_at: cancel.at });
  }
  const lastAcceptance = (questionId: string, after: number) =>
    acceptances
      .get(questionId)
      ?.filter((a) => a.n > after)
      .at(-1);

  const newQuestions: object[] = [];
  const changedQuestions: object[] = [];
  for (const q of questions.values()) {
    const edit = q.edited?.data;
    const content = edit ?? q.madeBy?.data;
    const text = content
      ? {
          title: content.title,
          url_title: content.url_title,
          content: content.content,
          html: content.html,
          description: excerptOfHtml(content.html, DESCRIPTION_LENGTH),
          tags: content.tags,
          revision_id: content.revision_id,
          last_edit_user_id: edit?.editor_id ?? null,
          last_edit_at: q.edited?.at ?? null,
        }
      : {};
    const accepted = q.accepted ? { accepted: true, accepted_answer_id: q.accepted.answerId } : {};
    const counts = { view_count: q.views, unique_view_count: q.uniqueViews };
    if (q.madeBy) {
      newQuestions.push({
        id: q.id,
        user_id: q.madeBy.data.user_id,
        ...text,
        status: q.status,
        post_update_time: q.postUpdate.value(),
        created_at: q.madeBy.at,
        updated_at: q.updated.value(),
        ...counts,
        ...accepted,
      });
    } else if (
      q.exists &&
      (q.published || q.edited || q.accepted || q.views || q.uniqueViews || q.postUpdate.value() || q.updated.value())
    ) {
      changedQuestions.push({
        id: q.id,
        published: q.published,
        edited: q.edited !== undefined,
        ...text,
        put_set: q.postUpdate.set,
        put_floor: q.postUpdate.floor,
        upd_set: q.updated.set,
        upd_floor: q.updated.floor,
        ...counts,
        ...accepted,
      });
    }
  }

  const newAnswers: object[] = [];
  const changedAnswers: object[] = [];
  /** The last editor an answer counts with as of the last answer to its question (its last editor now, if other). */
  const editorsAtCount: { id: string; editor: string | null }[] = [];
  for (const a of answers.values()) {
    const editorAt = (position: number) =>
      a.editors.filter((e) => e.n < position).at(-1)?.editor ?? a.before?.lastEditor ?? null;
    const counted = questions.get(a.questionId)?.refreshed ?? null;
    if (counted !== null && editorAt(counted) !== editorAt(Number.POSITIVE_INFINITY))
      editorsAtCount.push({ id: a.id, editor: editorAt(counted) });
    const edit = a.edited?.data;
    const text = edit ?? a.madeBy?.data;
    const content = text ? { content: text.content, html: text.html, revision_id: text.revision_id } : {};
    if (a.madeBy) {
      const made = a.madeBy;
      newAnswers.push({
        id: a.id,
        question_id: made.data.question_id,
        user_id: made.data.user_id,
        ...content,
        status: a.status,
        created_at: made.at,
        updated_at: a.updatedAt,
        question_listed: made.questionListed,
        last_edit_user_id: edit?.editor_id ?? null,
        accepted: (lastAcceptance(made.data.question_id, made.n)?.answerId ?? null) === a.id,
      });
    } else if (a.exists && (a.published || edit)) {
      changedAnswers.push({
        id: a.id,
        published: a.published,
        edited: edit !== undefined,
        ...content,
        last_edit_user_id: edit?.editor_id ?? null,
        updated_at: a.updatedAt,
      });
    }
  }

  const newComments: object[] = [];
  const changedComments: object[] = [];
  for (const [id, c] of comments) {
    const status = c.deleted ? PostStatus.deleted : null;
    if (c.madeBy) {
      const d = c.madeBy.data;
      newComments.push({
        id,
        object_id: d.object_id,
        question_id: d.question_id,
        user_id: d.user_id,
        reply_comment_id: d.reply_comment_id,
        reply_user_id: d.reply_user_id,
        original_text: c.text?.original ?? d.original_text,
        parsed_text: c.text?.parsed ?? d.parsed_text,
        status: status ?? PostStatus.available,
        created_at: c.madeBy.at,
        updated_at: c.updatedAt,
      });
    } else if (c.exists && c.updatedAt) {
      changedComments.push({
        id,
        original_text: c.text?.original ?? null,
        parsed_text: c.text?.parsed ?? null,
        status,
        updated_at: c.updatedAt,
      });
    }
  }

  return {
    newQuestions,
    changedQuestions,
    tags: tags.result(),
    knownTags: [...knownTags].map(([s, d]) => ({ s, d })),
    links: links.result(),
    revisions: [...revisions.values()],
    newAnswers,
    changedAnswers,
    newComments,
    changedComments,
    activity: activity.map(({ n: _, ...row }, position) => ({ ...row, n: position })),
    countedQuestions: [...questions.values()].filter((q) => q.refreshed !== null).map((q) => ({ q: q.id })),
    editorsAtCount,
    acceptances: [...acceptances].map(([q, list]) => ({ q, a: list.at(-1)?.answerId ?? null })),
    newAnswerIds: [...answers.values()].filter((a) => a.madeBy).map((a) => a.id),
  };
}

export type RunWrites = ReturnType<typeof foldRun>;
