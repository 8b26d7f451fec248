import {
  AnswerAccepted,
  AnswerDeleted,
  AnswerEdited,
  AnswerPosted,
  AnswerPurged,
  AnswerRevisionRejected,
  AnswerRevisionSubmitted,
  AnswerUndeleted,
  CommentAdded,
  CommentDeleted,
  CommentEdited,
  type DataOf,
  objectTypeOf,
  PostStatus,
  QuestionAsked,
  QuestionClosed,
  QuestionDeleted,
  QuestionEdited,
  QuestionHidden,
  QuestionPurged,
  QuestionReopened,
  QuestionRetagged,
  QuestionRevisionRejected,
  QuestionRevisionSubmitted,
  QuestionShown,
  QuestionUndeleted,
  Show,
} from '@agora/contracts';
import { applyInRuns, type BulkApply, type Projection, type StoredEvent, type Tx } from '@agora/platform';
import { sql } from 'kysely';
import { forgetPurgedPosts } from './purged';
import {
  changeObjects,
  insertObject,
  insertObjects,
  type NewObject,
  type ObjectChange,
  type QueuedRevision,
  queueRevision,
  queueRevisions,
  recountAnswers,
  recountAnswersOf,
  resetObjects,
  setShow,
  setStatus,
  settleRevision,
  settleRevisions,
  tagResps,
  updateContent,
} from './rows';

const NO_TAG_FIELDS = { slug_name: '', display_name: '' };

const askedObject = (d: DataOf<typeof QuestionAsked>, at: string): NewObject => ({
  objectId: d.question_id,
  objectType: 'question',
  questionId: d.question_id,
  answerId: '',
  userId: d.user_id,
  title: d.title,
  urlTitle: d.url_title,
  originalText: d.content,
  parsedText: d.html,
  tags: d.tags,
  createdAt: at,
});

const postedObject = (d: DataOf<typeof AnswerPosted>, at: string): NewObject => ({
  objectId: d.answer_id,
  objectType: 'answer',
  questionId: d.question_id,
  answerId: d.answer_id,
  userId: d.user_id,
  title: '',
  urlTitle: '',
  originalText: d.content,
  parsedText: d.html,
  tags: [],
  createdAt: at,
});

const commentObject = (d: DataOf<typeof CommentAdded>, at: string): NewObject => ({
  objectId: d.comment_id,
  objectType: 'comment',
  questionId: d.question_id,
  answerId: objectTypeOf(d.object_id) === 'answer' ? d.object_id : '',
  userId: d.user_id,
  title: '',
  urlTitle: '',
  originalText: d.original_text,
  parsedText: d.parsed_text,
  tags: [],
  createdAt: at,
});

const questionRevision = (d: DataOf<typeof QuestionRevisionSubmitted>, at: string): QueuedRevision => ({
  revisionId: d.revision_id,
  objectId: d.question_id,
  objectType: 'question',
  editorId: d.editor_id,
  editSummary: d.edit_summary,
  content: { title: d.title, content: d.content, html: d.html, tags: tagResps(d.tags), ...NO_TAG_FIELDS },
  submittedAt: at,
});

const answerRevision = (d: DataOf<typeof AnswerRevisionSubmitted>, at: string): QueuedRevision => ({
  revisionId: d.revision_id,
  objectId: d.answer_id,
  objectType: 'answer',
  editorId: d.editor_id,
  editSummary: d.edit_summary,
  content: { title: '', content: d.content, html: d.html, tags: [], ...NO_TAG_FIELDS },
  submittedAt: at,
});

async function apply(tx: Tx, event: StoredEvent): Promise<void> {
  const at = event.occurredAt;
  switch (event.type) {
    case QuestionAsked.type: {
      const d = event.data as DataOf<typeof QuestionAsked>;
      await insertObject(tx, askedObject(d, at));
      // Its answers may have been applied first (on Kafka, another partition ran ahead).
      return recountAnswers(tx, d.question_id);
    }
    case QuestionEdited.type: {
      const d = event.data as DataOf<typeof QuestionEdited>;
      await updateContent(tx, d.question_id, {
        title: d.title,
        urlTitle: d.url_title,
        originalText: d.content,
        parsedText: d.html,
        tags: d.tags,
      });
      return settleRevision(tx, d.revision_id);
    }
    case QuestionRetagged.type: {
      const d = event.data as DataOf<typeof QuestionRetagged>;
      return changeObjects(tx, new Map([[d.question_id, { tags: d.tags }]]));
    }
    case QuestionRevisionSubmitted.type:
      return queueRevision(tx, questionRevision(event.data as DataOf<typeof QuestionRevisionSubmitted>, at));
    case QuestionRevisionRejected.type:
      return settleRevision(tx, (event.data as DataOf<typeof QuestionRevisionRejected>).revision_id);
    case QuestionDeleted.type:
      return setStatus(tx, (event.data as DataOf<typeof QuestionDeleted>).question_id, PostStatus.deleted);
    case QuestionUndeleted.type:
    case QuestionReopened.type:
      return setStatus(tx, (event.data as { question_id: string }).question_id, PostStatus.available);
    case QuestionClosed.type:
      return setStatus(tx, (event.data as DataOf<typeof QuestionClosed>).question_id, PostStatus.closed);
    case QuestionHidden.type:
      return setShow(tx, (event.data as DataOf<typeof QuestionHidden>).question_id, Show.hidden);
    case QuestionShown.type:
      return setShow(tx, (event.data as DataOf<typeof QuestionShown>).question_id, Show.shown);
    case AnswerPosted.type: {
      const d = event.data as DataOf<typeof AnswerPosted>;
      await insertObject(tx, postedObject(d, at));
      return recountAnswers(tx, d.question_id);
    }
    case AnswerEdited.type: {
      const d = event.data as DataOf<typeof AnswerEdited>;
      await updateContent(tx, d.answer_id, { originalText: d.content, parsedText: d.html });
      return settleRevision(tx, d.revision_id);
    }
    case AnswerRevisionSubmitted.type:
      return queueRevision(tx, answerRevision(event.data as DataOf<typeof AnswerRevisionSubmitted>, at));
    case AnswerRevisionRejected.type:
      return settleRevision(tx, (event.data as DataOf<typeof AnswerRevisionRejected>).revision_id);
    case AnswerDeleted.type:
    case AnswerUndeleted.type: {
      const d = event.data as DataOf<typeof AnswerDeleted>;
      await setStatus(tx, d.answer_id, event.type === AnswerDeleted.type ? PostStatus.deleted : PostStatus.available);
      return recountAnswers(tx, d.question_id);
    }
    case AnswerAccepted.type: {
      const d = event.data as DataOf<typeof AnswerAccepted>;
      await sql`update moderated_objects set accepted_answer_id = ${d.answer_id ?? ''}
                where object_id = ${d.question_id}`.execute(tx);
      return;
    }
    case CommentAdded.type:
      return insertObject(tx, commentObject(event.data as DataOf<typeof CommentAdded>, at));
    case CommentEdited.type: {
      const d = event.data as DataOf<typeof CommentEdited>;
      return updateContent(tx, d.comment_id, { originalText: d.original_text, parsedText: d.parsed_text });
    }
    case CommentDeleted.type:
      return setStatus(tx, (event.data as DataOf<typeof CommentDeleted>).comment_id, PostStatus.deleted);
    case QuestionPurged.type: {
      const d = event.data as DataOf<typeof QuestionPurged>;
      return forgetPurgedPosts(tx, d.question_id, [d.question_id, ...d.answer_ids, ...d.comment_ids]);
    }
    case AnswerPurged.type: {
      const d = event.data as DataOf<typeof AnswerPurged>;
      return forgetPurgedPosts(tx, null, [d.answer_id, ...d.comment_ids]);
    }
  }
}

const objectsEvents = [
  QuestionAsked,
  QuestionEdited,
  QuestionRetagged,
  QuestionRevisionSubmitted,
  QuestionRevisionRejected,
  QuestionDeleted,
  QuestionUndeleted,
  QuestionClosed,
  QuestionReopened,
  QuestionHidden,
  QuestionShown,
  AnswerPosted,
  AnswerEdited,
  AnswerRevisionSubmitted,
  AnswerRevisionRejected,
  AnswerDeleted,
  AnswerUndeleted,
  AnswerAccepted,
  CommentAdded,
  CommentEdited,
  CommentDeleted,
  QuestionPurged,
  AnswerPurged,
];

/** What one event does, as the run applied in bulk gathers it (the same writes as `apply`'s). */
interface Effect {
  insert?: NewObject;
  /** Columns set on an object's row, if it is there. */
  change?: { objectId: string; columns: ObjectChange };
  /** The question whose answers are counted again (after the event's other writes). */
  recount?: string;
  queue?: QueuedRevision;
  settle?: string;
}

function effectOf(event: StoredEvent): Effect {
  const at = event.occurredAt;
  const change = (objectId: string, columns: ObjectChange) => ({ objectId, columns });
  switch (event.type) {
    case QuestionAsked.type: {
      const d = event.data as DataOf<typeof QuestionAsked>;
      return { insert: askedObject(d, at), recount: d.question_id };
    }
    case QuestionEdited.type: {
      const d = event.data as DataOf<typeof QuestionEdited>;
      const columns = { title: d.title, url_title: d.url_title, original_text: d.content, parsed_text: d.html };
      return { change: change(d.question_id, { ...columns, tags: d.tags }), settle: d.revision_id };
    }
    case QuestionRetagged.type: {
      const d = event.data as DataOf<typeof QuestionRetagged>;
      return { change: change(d.question_id, { tags: d.tags }) };
    }
    case QuestionRevisionSubmitted.type:
      return { queue: questionRevision(event.data as DataOf<typeof QuestionRevisionSubmitted>, at) };
    case QuestionRevisionRejected.type:
    case AnswerRevisionRejected.type:
      return { settle: (event.data as { revision_id: string }).revision_id };
    case QuestionDeleted.type:
      return { change: change((event.data as { question_id: string }).question_id, { status: PostStatus.deleted }) };
    case QuestionUndeleted.type:
    case QuestionReopened.type:
      return { change: change((event.data as { question_id: string }).question_id, { status: PostStatus.available }) };
    case QuestionClosed.type:
      return { change: change((event.data as { question_id: string }).question_id, { status: PostStatus.closed }) };
    case QuestionHidden.type:
      return { change: change((event.data as { question_id: string }).question_id, { show: Show.hidden }) };
    case QuestionShown.type:
      return { change: change((event.data as { question_id: string }).question_id, { show: Show.shown }) };
    case AnswerPosted.type: {
      const d = event.data as DataOf<typeof AnswerPosted>;
      return { insert: postedObject(d, at), recount: d.question_id };
    }
    case AnswerEdited.type: {
      const d = event.data as DataOf<typeof AnswerEdited>;
      return { change: change(d.answer_id, { original_text: d.content, parsed_text: d.html }), settle: d.revision_id };
    }
    case AnswerRevisionSubmitted.type:
      return { queue: answerRevision(event.data as DataOf<typeof AnswerRevisionSubmitted>, at) };
    case AnswerDeleted.type:
    case AnswerUndeleted.type: {
      const d = event.data as DataOf<typeof AnswerDeleted>;
      const status = event.type === AnswerDeleted.type ? PostStatus.deleted : PostStatus.available;
      return { change: change(d.answer_id, { status }), recount: d.question_id };
    }
    case AnswerAccepted.type: {
      const d = event.data as DataOf<typeof AnswerAccepted>;
      return { change: change(d.question_id, { accepted_answer_id: d.answer_id ?? '' }) };
    }
    case CommentAdded.type:
      return { insert: commentObject(event.data as DataOf<typeof CommentAdded>, at) };
    case CommentEdited.type: {
      const d = event.data as DataOf<typeof CommentEdited>;
      return { change: change(d.comment_id, { original_text: d.original_text, parsed_text: d.parsed_text }) };
    }
    case CommentDeleted.type:
      return {
        change: change((event.data as DataOf<typeof CommentDeleted>).comment_id, { status: PostStatus.deleted }),
      };
  }
  return {};
}

/** A run's writes folded: each object's and suggested edit's first insert, the columns set on them, the recounts. */
class Folded {
  /** Each object's first insert in the run (the later ones change nothing) and where it came. */
  readonly inserted = new Map<string, { at: number; object: NewObject; after: ObjectChange }>();
  /** Every column set per object, the last value winning: for a row there before the run. */
  readonly changed = new Map<string, ObjectChange>();
  /** Where each object's status was set. */
  readonly statusSet: { objectId: string; at: number }[] = [];
  /** Where each question's answers were last counted. */
  readonly lastRecount = new Map<string, number>();
  readonly queued = new Map<string, { item: QueuedRevision; settled: boolean }>();
  readonly settled = new Set<string>();

  constructor(run: StoredEvent[]) {
    run.forEach((event, at) => {
      const effect = effectOf(event);
      if (effect.insert && !this.inserted.has(effect.insert.objectId)) {
        this.inserted.set(effect.insert.objectId, { at, object: effect.insert, after: {} });
      }
      if (effect.change) {
        const { objectId, columns } = effect.change;
        this.changed.set(objectId, { ...this.changed.get(objectId), ...columns });
        // Set after the object's first insert in the run: its new row has it too.
        const inserted = this.inserted.get(objectId);
        if (inserted) Object.assign(inserted.after, columns);
        if (columns.status !== undefined) this.statusSet.push({ objectId, at });
      }
      if (effect.recount) this.lastRecount.set(effect.recount, at);
      if (effect.queue && !this.queued.has(effect.queue.revisionId)) {
        this.queued.set(effect.queue.revisionId, { item: effect.queue, settled: false });
      }
      if (effect.settle) {
        this.settled.add(effect.settle);
        const queued = this.queued.get(effect.settle);
        if (queued) queued.settled = true;
      }
    });
  }

  /**
   * Whether counting the run's questions' answers once, at its end, could differ from what each count was when it
   * was last taken: an answer's status set after its question's last count in the run (by an event naming another
   * question), or a recounted question's row made after its last count by an insert that counts nothing (a post
   * filed under another post's id). Neither happens in posts' own streams; such a run goes one event at a time.
   */
  async countsMayDrift(tx: Tx): Promise<boolean> {
    for (const [questionId, last] of this.lastRecount) {
      const inserted = this.inserted.get(questionId);
      if (inserted && inserted.at > last) return true;
    }
    const firstCount = Math.min(...this.lastRecount.values());
    const late = this.statusSet.filter((set) => set.at > firstCount);
    if (late.length === 0) return false;
    const { rows } = await sql<{ object_id: string; object_type: string; question_id: string }>`
      select object_id, object_type, question_id from moderated_objects
      where object_id = any(${[...new Set(late.map((set) => set.objectId))]}::text[])`.execute(tx);
    const there = new Map(rows.map((row) => [row.object_id, row]));
    return late.some(({ objectId, at }) => {
      const before = there.get(objectId);
      const inserted = this.inserted.get(objectId);
      const row = before
        ? { type: before.object_type, questionId: before.question_id }
        : inserted && inserted.at < at
          ? { type: inserted.object.objectType, questionId: inserted.object.questionId }
          : undefined;
      if (row?.type !== 'answer') return false;
      const last = this.lastRecount.get(row.questionId);
      return last !== undefined && last < at;
    });
  }
}

/**
 * Posts' events a run at a time (an import's replay: docs/capacity.md §9), in at most six statements: rows there
 * before the run take every column its events set (the last value of each); then each new object is inserted once,
 * as its first insert made it with what later events set on it; then the questions whose answers an event counted
 * are counted again; likewise suggested edits, settled ones first. An answer's or a comment's events before its
 * question's, or repeated, end as applied in turn. Purges go one at a time.
 */
const postsInBulk: BulkApply = {
  types: new Set(objectsEvents.filter((e) => e !== QuestionPurged && e !== AnswerPurged).map((e) => e.type)),
  async apply(run, tx) {
    const folded = new Folded(run);
    if (await folded.countsMayDrift(tx)) {
      for (const event of run) await apply(tx, event);
      return;
    }
    await changeObjects(tx, folded.changed);
    await insertObjects(
      tx,
      [...folded.inserted.values()].map(({ object, after }) => ({ object, change: after })),
    );
    await recountAnswersOf(tx, [...folded.lastRecount.keys()]);
    await settleRevisions(tx, [...folded.settled]);
    await queueRevisions(tx, [...folded.queued.values()]);
  },
};

/**
 * Questions, answers and comments as posts' events tell them (what may be flagged, and what a flag or a
 * suggested edit is shown beside), and the suggested edits posts submitted for review (DESIGN §2, sagas).
 */
export const objectsFromPosts: Projection = {
  name: 'objects-from-posts',
  source: 'posts',
  events: objectsEvents,
  apply: (event, tx) => apply(tx, event),
  applyBatch: (events, tx) => applyInRuns(events, tx, postsInBulk, (event, inTx) => apply(inTx, event)),
  reset: (tx) => resetObjects(tx, ['question', 'answer', 'comment']),
};
