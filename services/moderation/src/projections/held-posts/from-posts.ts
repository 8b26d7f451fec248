import {
  AnswerHeld,
  AnswerPosted,
  type DataOf,
  HeldAnswerDropped,
  HeldQuestionDropped,
  QuestionAsked,
  QuestionHeld,
} from '@agora/contracts';
import { applyInRuns, type BulkApply, type Projection, type StoredEvent, type Tx } from '@agora/platform';
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

/** The post a question's or an answer's hold puts in the queue. */
function heldOf(event: StoredEvent): Held | undefined {
  if (event.type === QuestionHeld.type) {
    const d = event.data as DataOf<typeof QuestionHeld>;
    const held = { objectId: d.question_id, objectType: 'question' as const, questionId: d.question_id };
    const text = { originalText: d.content, parsedText: d.html, tags: d.tags, reason: d.reason };
    return { ...held, userId: d.user_id, title: d.title, urlTitle: d.url_title, ...text };
  }
  if (event.type === AnswerHeld.type) {
    const d = event.data as DataOf<typeof AnswerHeld>;
    const held = { objectId: d.answer_id, objectType: 'answer' as const, questionId: d.question_id };
    const text = { originalText: d.content, parsedText: d.html, tags: [], reason: d.reason };
    return { ...held, userId: d.user_id, title: '', urlTitle: '', ...text };
  }
  return undefined;
}

/** The held post a publication or a drop takes out of the queue. */
function settledOf(event: StoredEvent): string | undefined {
  switch (event.type) {
    case QuestionAsked.type:
      return (event.data as DataOf<typeof QuestionAsked>).question_id;
    case AnswerPosted.type:
      return (event.data as DataOf<typeof AnswerPosted>).answer_id;
    case HeldQuestionDropped.type:
      return (event.data as DataOf<typeof HeldQuestionDropped>).question_id;
    case HeldAnswerDropped.type:
      return (event.data as DataOf<typeof HeldAnswerDropped>).answer_id;
  }
  return undefined;
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
  const held = heldOf(event);
  if (held) return hold(tx, held, event.occurredAt);
  const settled = settledOf(event);
  if (settled) return settle(tx, settled);
}

const heldEvents = [QuestionHeld, AnswerHeld, QuestionAsked, AnswerPosted, HeldQuestionDropped, HeldAnswerDropped];

/**
 * A run in two statements (an import's replay: docs/capacity.md §9): the posts already held before the run that
 * it publishes or drops are settled; then every hold is inserted in the run's order, repeats included, since each
 * insert takes a `review_id` even when the post is already there (as `hold` one at a time does), the first of a
 * post's settled if the run publishes or drops it after.
 */
const heldInBulk: BulkApply = {
  types: new Set(heldEvents.map((e) => e.type)),
  async apply(run, tx) {
    const holds: { n: number; held: Held; at: string; settled: boolean }[] = [];
    const firstHold = new Map<string, { settled: boolean }>();
    const leaving = new Set<string>();
    for (const event of run) {
      const held = heldOf(event);
      if (held) {
        const row = { n: holds.length, held, at: event.occurredAt, settled: false };
        holds.push(row);
        if (!firstHold.has(held.objectId)) firstHold.set(held.objectId, row);
        continue;
      }
      const objectId = settledOf(event);
      if (!objectId) continue;
      leaving.add(objectId);
      const first = firstHold.get(objectId);
      if (first) first.settled = true;
    }
    if (leaving.size > 0) {
      await sql`update held_posts set settled = true
                where object_id = any(${[...leaving]}::text[]) and not settled`.execute(tx);
    }
    if (holds.length === 0) return;
    const rows = holds.map(({ n, held: h, at, settled }) => ({
      n,
      object_id: h.objectId,
      object_type: h.objectType,
      question_id: h.questionId,
      user_id: h.userId,
      title: h.title,
      url_title: h.urlTitle,
      original_text: h.originalText,
      parsed_text: h.parsedText,
      tags: h.tags,
      reason: h.reason,
      submitted_at: at,
      settled,
    }));
    await sql`
      insert into held_posts (object_id, object_type, question_id, user_id, title, url_title, original_text,
                              parsed_text, tags, reason, submitted_at, settled)
      select object_id, object_type, question_id, user_id, title, url_title, original_text, parsed_text, tags, reason,
             submitted_at, settled
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as i(n integer, object_id text, object_type text, question_id text, user_id text, title text, url_title text,
             original_text text, parsed_text text, tags jsonb, reason text, submitted_at timestamptz, settled boolean)
      order by n
      on conflict (object_id) do nothing`.execute(tx);
  },
};

/**
 * The queue of held posts (docs/adr/0069-held-posts.md): what posts held for review, until it publishes or drops
 * it. Numbered in arrival order, so a rebuild from posts' log gives every post the same `review_id`.
 */
export const heldPostsFromPosts: Projection = {
  name: 'held-posts-from-posts',
  source: 'posts',
  events: heldEvents,
  apply: (event, tx) => apply(tx, event),
  applyBatch: (events, tx) => applyInRuns(events, tx, heldInBulk, (event, inTx) => apply(inTx, event)),
  async reset(tx) {
    await sql`truncate held_posts restart identity`.execute(tx);
  },
};
