import {
  AnswerHeld,
  AnswerPosted,
  type DataOf,
  HeldAnswerDropped,
  HeldQuestionDropped,
  QuestionAsked,
  QuestionHeld,
} from '@agora/contracts';
import type { Projection, StoredEvent, Tx } from '@agora/platform';
import { sql } from 'kysely';

interface Held {
  objectId: string;
  objectType: 'question' | 'answer';
  questionId: string;
  userId: string;
  title: string;
  urlTitle: string;
  originalText: string;
  parsedText: string;
  tags: { slug_name: string; display_name: string }[];
  reason: string;
}

async function hold(tx: Tx, h: Held, at: string): Promise<void> {
  await sql`
    insert into held_posts (object_id, object_type, question_id, user_id, title, url_title, original_text, parsed_text,
                            tags, reason, submitted_at)
    values (${h.objectId}, ${h.objectType}, ${h.questionId}, ${h.userId}, ${h.title}, ${h.urlTitle}, ${h.originalText},
            ${h.parsedText}, ${JSON.stringify(h.tags)}::jsonb, ${h.reason}, ${at})
    on conflict (object_id) do nothing`.execute(tx);
}

/** Posts published or dropped it: it leaves the queue, whoever decided. */
async function settle(tx: Tx, objectId: string): Promise<void> {
  await sql`update held_posts set settled = true where object_id = ${objectId} and not settled`.execute(tx);
}

async function apply(tx: Tx, event: StoredEvent): Promise<void> {
  switch (event.type) {
    case QuestionHeld.type: {
      const d = event.data as DataOf<typeof QuestionHeld>;
      const held = { objectId: d.question_id, objectType: 'question' as const, questionId: d.question_id };
      const text = { originalText: d.content, parsedText: d.html, tags: d.tags, reason: d.reason };
      return hold(tx, { ...held, userId: d.user_id, title: d.title, urlTitle: d.url_title, ...text }, event.occurredAt);
    }
    case AnswerHeld.type: {
      const d = event.data as DataOf<typeof AnswerHeld>;
      const held = { objectId: d.answer_id, objectType: 'answer' as const, questionId: d.question_id };
      const text = { originalText: d.content, parsedText: d.html, tags: [], reason: d.reason };
      return hold(tx, { ...held, userId: d.user_id, title: '', urlTitle: '', ...text }, event.occurredAt);
    }
    case QuestionAsked.type:
      return settle(tx, (event.data as DataOf<typeof QuestionAsked>).question_id);
    case AnswerPosted.type:
      return settle(tx, (event.data as DataOf<typeof AnswerPosted>).answer_id);
    case HeldQuestionDropped.type:
      return settle(tx, (event.data as DataOf<typeof HeldQuestionDropped>).question_id);
    case HeldAnswerDropped.type:
      return settle(tx, (event.data as DataOf<typeof HeldAnswerDropped>).answer_id);
  }
}

/**
 * The queue of held posts (docs/adr/0069-held-posts.md): what posts held for review, until it publishes or drops
 * it. Numbered in arrival order, so a rebuild from posts' log gives every post the same `review_id`.
 */
export const heldPostsFromPosts: Projection = {
  name: 'held-posts-from-posts',
  source: 'posts',
  events: [QuestionHeld, AnswerHeld, QuestionAsked, AnswerPosted, HeldQuestionDropped, HeldAnswerDropped],
  apply: (event, tx) => apply(tx, event),
  async reset(tx) {
    await sql`truncate held_posts restart identity`.execute(tx);
  },
};
