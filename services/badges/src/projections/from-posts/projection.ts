import {
  AnswerAccepted,
  AnswerEdited,
  AnswerPosted,
  AnswerPurged,
  isImported,
  QuestionAsked,
  QuestionEdited,
  QuestionPurged,
  QuestionSharesVisited,
} from '@agora/contracts';
import type { Projection, StoredEvent, Tx } from '@agora/platform';
import { sql } from 'kysely';
import type { Static } from 'typebox';
import type { AwardCommands } from '../../commands/awards';
import { awardsFor } from '../../domain/rules/award-rules';
import { postObject } from '../../domain/rules/facts';
import { authorOf, indexAnswer, indexQuestion, resetPostIndex } from './post-index';

type Asked = Static<typeof QuestionAsked.data>;
type QEdited = Static<typeof QuestionEdited.data>;
type Posted = Static<typeof AnswerPosted.data>;
type AEdited = Static<typeof AnswerEdited.data>;
type Accepted = Static<typeof AnswerAccepted.data>;
type Shares = Static<typeof QuestionSharesVisited.data>;

async function apply(awards: AwardCommands, tx: Tx, event: StoredEvent): Promise<void> {
  switch (event.type) {
    case QuestionAsked.type: {
      const d = event.data as Asked;
      return indexQuestion(tx, d.question_id, d.user_id, d.url_title);
    }
    case QuestionEdited.type: {
      const d = event.data as QEdited;
      await indexQuestion(tx, d.question_id, null, d.url_title);
      if (isImported(event)) return;
      const fact = {
        kind: 'post_edited' as const,
        editorId: d.editor_id,
        direct: d.reviewer_id === undefined,
        on: postObject('question', d.question_id, d.question_id),
      };
      await awards.award(tx, awardsFor(fact), event);
      return;
    }
    case AnswerPosted.type: {
      const d = event.data as Posted;
      return indexAnswer(tx, d.answer_id, d.question_id, d.user_id);
    }
    case AnswerEdited.type: {
      if (isImported(event)) return;
      const d = event.data as AEdited;
      const fact = {
        kind: 'post_edited' as const,
        editorId: d.editor_id,
        direct: d.reviewer_id === undefined,
        on: postObject('answer', d.answer_id, d.question_id),
      };
      await awards.award(tx, awardsFor(fact), event);
      return;
    }
    case AnswerAccepted.type: {
      const d = event.data as Accepted;
      if (!d.answer_id || isImported(event)) return;
      const fact = {
        kind: 'answer_accepted' as const,
        acceptorId: d.actor_id,
        answerAuthorId: await authorOf(tx, d.answer_id),
        on: postObject('answer', d.answer_id, d.question_id),
      };
      await awards.award(tx, awardsFor(fact), event);
      return;
    }
    // A purged post is forgotten (its authors and address, the up-votes counted on it); the badges it earned
    // stay earned (docs/adr/0078-purging-in-an-event-sourced-system.md).
    case QuestionPurged.type:
    case AnswerPurged.type: {
      const d = event.data as Static<typeof QuestionPurged.data> | Static<typeof AnswerPurged.data>;
      const ids = 'answer_ids' in d ? [d.question_id, ...d.answer_ids] : [d.answer_id];
      await sql`delete from post_index where object_id = any(${ids}::text[])`.execute(tx);
      await sql`delete from post_tallies where object_id = any(${ids}::text[])`.execute(tx);
      return;
    }
    case QuestionSharesVisited.type: {
      if (isImported(event)) return;
      const d = event.data as Shares;
      const intents = d.visits.flatMap((visit) =>
        awardsFor({
          kind: 'share_visited',
          sharerId: visit.sharer_id,
          on: postObject('question', visit.question_id, visit.question_id),
        }),
      );
      await awards.award(tx, intents, event);
      return;
    }
  }
}

/**
 * Badges earned by posting: "Editor" for a direct edit, "Scholar" for accepting an answer
 * and "Solved" for its author, "First Share" for a member whose share link was opened. It keeps who wrote
 * each question and answer, and questions' `url_title`, for the awards page, from imported events too; imported acts
 * earn nothing, as their source's awards come in as records (docs/adr/0094-importing-a-community.md).
 */
export function awardsFromPosts(awards: AwardCommands): Projection {
  return {
    name: 'awards-from-posts',
    source: 'posts',
    events: [
      QuestionAsked,
      QuestionEdited,
      AnswerPosted,
      AnswerEdited,
      AnswerAccepted,
      QuestionSharesVisited,
      QuestionPurged,
      AnswerPurged,
    ],
    apply: (event, tx) => apply(awards, tx, event),
    reset: resetPostIndex,
  };
}
