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
  QuestionRevisionRejected,
  QuestionRevisionSubmitted,
  QuestionShown,
  QuestionUndeleted,
  Show,
} from '@agora/contracts';
import type { Projection, StoredEvent, Tx } from '@agora/platform';
import { sql } from 'kysely';
import { forgetPurgedPosts } from './purged';
import {
  insertObject,
  queueRevision,
  recountAnswers,
  resetObjects,
  setShow,
  setStatus,
  settleRevision,
  tagResps,
  updateContent,
} from './rows';

const NO_TAG_FIELDS = { slug_name: '', display_name: '' };

async function apply(tx: Tx, event: StoredEvent): Promise<void> {
  const at = event.occurredAt;
  switch (event.type) {
    case QuestionAsked.type: {
      const d = event.data as DataOf<typeof QuestionAsked>;
      await insertObject(tx, {
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
    case QuestionRevisionSubmitted.type: {
      const d = event.data as DataOf<typeof QuestionRevisionSubmitted>;
      return queueRevision(tx, {
        revisionId: d.revision_id,
        objectId: d.question_id,
        objectType: 'question',
        editorId: d.editor_id,
        editSummary: d.edit_summary,
        content: { title: d.title, content: d.content, html: d.html, tags: tagResps(d.tags), ...NO_TAG_FIELDS },
        submittedAt: at,
      });
    }
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
      await insertObject(tx, {
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
      return recountAnswers(tx, d.question_id);
    }
    case AnswerEdited.type: {
      const d = event.data as DataOf<typeof AnswerEdited>;
      await updateContent(tx, d.answer_id, { originalText: d.content, parsedText: d.html });
      return settleRevision(tx, d.revision_id);
    }
    case AnswerRevisionSubmitted.type: {
      const d = event.data as DataOf<typeof AnswerRevisionSubmitted>;
      return queueRevision(tx, {
        revisionId: d.revision_id,
        objectId: d.answer_id,
        objectType: 'answer',
        editorId: d.editor_id,
        editSummary: d.edit_summary,
        content: { title: '', content: d.content, html: d.html, tags: [], ...NO_TAG_FIELDS },
        submittedAt: at,
      });
    }
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
    case CommentAdded.type: {
      const d = event.data as DataOf<typeof CommentAdded>;
      return insertObject(tx, {
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
    }
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

/**
 * Questions, answers and comments as posts' events tell them (what may be flagged, and what a flag or a
 * suggested edit is shown beside), and the suggested edits posts submitted for review (DESIGN §2, sagas).
 */
export const objectsFromPosts: Projection = {
  name: 'objects-from-posts',
  source: 'posts',
  events: [
    QuestionAsked,
    QuestionEdited,
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
  ],
  apply: (event, tx) => apply(tx, event),
  reset: (tx) => resetObjects(tx, ['question', 'answer', 'comment']),
};
