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
import { applyInRuns, type BulkApply, type Projection, type StoredEvent, type Tx } from '@agora/platform';
import { sql } from 'kysely';
import type { Static } from 'typebox';
import type { AwardCommands, AwardRequest } from '../../commands/awards';
import { type AwardIntent, awardsFor } from '../../domain/rules/award-rules';
import { postObject } from '../../domain/rules/facts';
import { authorOf, authorsOf, indexAnswer, indexQuestion, PostIndexRun, resetPostIndex } from './post-index';

type Asked = Static<typeof QuestionAsked.data>;
type QEdited = Static<typeof QuestionEdited.data>;
type Posted = Static<typeof AnswerPosted.data>;
type AEdited = Static<typeof AnswerEdited.data>;
type Accepted = Static<typeof AnswerAccepted.data>;
type Shares = Static<typeof QuestionSharesVisited.data>;

/** The answer a live acceptance names, whose author is looked up; none for a withdrawal or an imported one. */
function acceptedAnswerOf(event: StoredEvent): string | null {
  if (event.type !== AnswerAccepted.type || isImported(event)) return null;
  return (event.data as Accepted).answer_id;
}

/**
 * The badges an event may earn, `answerAuthor` being an accepted answer's author as the index holds it then.
 * Imported acts earn nothing: their source's awards come in as records (docs/adr/0094-importing-a-community.md).
 */
function intentsOf(event: StoredEvent, answerAuthor: string | null): AwardIntent[] {
  if (isImported(event)) return [];
  switch (event.type) {
    case QuestionEdited.type: {
      const d = event.data as QEdited;
      return awardsFor({
        kind: 'post_edited',
        editorId: d.editor_id,
        direct: d.reviewer_id === undefined,
        on: postObject('question', d.question_id, d.question_id),
      });
    }
    case AnswerEdited.type: {
      const d = event.data as AEdited;
      return awardsFor({
        kind: 'post_edited',
        editorId: d.editor_id,
        direct: d.reviewer_id === undefined,
        on: postObject('answer', d.answer_id, d.question_id),
      });
    }
    case AnswerAccepted.type: {
      const d = event.data as Accepted;
      if (!d.answer_id) return [];
      return awardsFor({
        kind: 'answer_accepted',
        acceptorId: d.actor_id,
        answerAuthorId: answerAuthor,
        on: postObject('answer', d.answer_id, d.question_id),
      });
    }
    case QuestionSharesVisited.type:
      return (event.data as Shares).visits.flatMap((visit) =>
        awardsFor({
          kind: 'share_visited',
          sharerId: visit.sharer_id,
          on: postObject('question', visit.question_id, visit.question_id),
        }),
      );
  }
  return [];
}

async function apply(awards: AwardCommands, tx: Tx, event: StoredEvent): Promise<void> {
  switch (event.type) {
    case QuestionAsked.type: {
      const d = event.data as Asked;
      return indexQuestion(tx, d.question_id, d.user_id, d.url_title);
    }
    case QuestionEdited.type: {
      const d = event.data as QEdited;
      await indexQuestion(tx, d.question_id, null, d.url_title);
      break;
    }
    case AnswerPosted.type: {
      const d = event.data as Posted;
      return indexAnswer(tx, d.answer_id, d.question_id, d.user_id);
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
  }
  const answerId = acceptedAnswerOf(event);
  const intents = intentsOf(event, answerId ? await authorOf(tx, answerId) : null);
  if (intents.length > 0) await awards.award(tx, intents, event);
}

/**
 * A run of everything but purges in one statement when nothing in it is live (an import's replay: imported acts
 * earn nothing), in a few more when something is: the index writes folded per post (PostIndexRun), each live
 * acceptance's answer author read from what the index held and the fold at its place in the run, and the awards
 * the run's live events earn checked together, in order (`awardAll`, as for votes). The awards read nothing of
 * the index, so writing it first leaves what one event at a time would.
 */
function postsInBulk(awards: AwardCommands): BulkApply {
  return {
    types: new Set(
      [QuestionAsked, QuestionEdited, AnswerPosted, AnswerEdited, AnswerAccepted, QuestionSharesVisited].map(
        (d) => d.type,
      ),
    ),
    async apply(run, tx) {
      const accepted = run.map(acceptedAnswerOf).filter((id): id is string => id !== null);
      const before = await authorsOf(tx, [...new Set(accepted)]);
      const index = new PostIndexRun();
      const requests: AwardRequest[] = [];
      for (const event of run) {
        if (event.type === QuestionAsked.type) {
          const d = event.data as Asked;
          index.question(d.question_id, d.user_id, d.url_title);
        } else if (event.type === QuestionEdited.type) {
          const d = event.data as QEdited;
          index.question(d.question_id, null, d.url_title);
        } else if (event.type === AnswerPosted.type) {
          const d = event.data as Posted;
          index.answer(d.answer_id, d.question_id, d.user_id);
        }
        const answerId = acceptedAnswerOf(event);
        const author = answerId ? index.authorOf(answerId, before) : null;
        for (const intent of intentsOf(event, author)) requests.push({ intent, cause: event });
      }
      await index.write(tx);
      await awards.awardAll(tx, requests);
    },
  };
}

/**
 * Badges earned by posting: "Editor" for a direct edit, "Scholar" for accepting an answer
 * and "Solved" for its author, "First Share" for a member whose share link was opened. It keeps who wrote
 * each question and answer, and questions' `url_title`, for the awards page, from imported events too; imported acts
 * earn nothing, as their source's awards come in as records (docs/adr/0094-importing-a-community.md).
 */
export function awardsFromPosts(awards: AwardCommands): Projection {
  const bulk = postsInBulk(awards);
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
    applyBatch: (events, tx) => applyInRuns(events, tx, bulk, (event, t) => apply(awards, t, event)),
    reset: resetPostIndex,
  };
}
