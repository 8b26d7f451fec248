import { AnonymousVoteCounted, BookmarkToggled, objectTypeOf, VoteCancelled, VoteCast } from '@agora/contracts';
import type { Projection, StoredEvent, Tx } from '@agora/platform';
import { sql } from 'kysely';

/**
 * The lock group (Projection.lockGroup) of the projections that write many questions, answers and
 * comments rows per batch (vote counts, a member's content removed): they take turns.
 */
export const POST_ROW_WRITERS = 'post_rows';

const TABLES = { question: sql`questions`, answer: sql`answers`, comment: sql`comments` } as const;

/**
 * Vote counts of questions, answers and comments and bookmark counts of questions, from the votes
 * service's events (DESIGN §2). Votes arrive as changes (+1, -1), which commute, so the order between
 * different voters' streams does not matter; each event is applied once, with the consumer's checkpoint
 * in the same transaction. An imported vote without a voter (`AnonymousVoteCounted`) counts as a cast one.
 */
type VoteData = { object_id: string; direction?: 'up' | 'down'; bookmarked?: boolean };

/** A vote event's change to its post's count: +1 or -1, cancelled votes taking back their direction. */
function voteChange(event: StoredEvent): number {
  const d = event.data as VoteData;
  const sign = d.direction === 'up' ? 1 : -1;
  return event.type === VoteCancelled.type ? -sign : sign;
}

/**
 * A batch in one statement per table: vote changes commute, so each post's are summed. A bookmark count is
 * clamped at zero after each change, which does not commute; a run of changes x₁…xₙ from a count c ends at
 * max(c + Sₙ, maxₖ (Sₙ − Sₖ)) with Sₖ the sums of the first k (the clamped walk's closed form), so each
 * question gets its sum and that floor.
 */
async function applyBatch(events: StoredEvent[], tx: Tx): Promise<void> {
  const votes = {
    question: new Map<string, number>(),
    answer: new Map<string, number>(),
    comment: new Map<string, number>(),
  };
  const bookmarks = new Map<string, { sum: number; lowest: number }>();
  for (const event of events) {
    const d = event.data as VoteData;
    const type = objectTypeOf(d.object_id);
    if (event.type === BookmarkToggled.type) {
      if (type !== 'question') continue;
      const walk = bookmarks.get(d.object_id) ?? { sum: 0, lowest: Number.POSITIVE_INFINITY };
      walk.sum += d.bookmarked ? 1 : -1;
      walk.lowest = Math.min(walk.lowest, walk.sum);
      bookmarks.set(d.object_id, walk);
      continue;
    }
    if (type !== 'question' && type !== 'answer' && type !== 'comment') continue;
    votes[type].set(d.object_id, (votes[type].get(d.object_id) ?? 0) + voteChange(event));
  }
  for (const type of ['question', 'answer', 'comment'] as const) {
    const changes = [...votes[type]].filter(([, change]) => change !== 0).map(([i, c]) => ({ i, c }));
    if (changes.length === 0) continue;
    await sql`update ${TABLES[type]} t set vote_count = t.vote_count + i.c
              from jsonb_to_recordset(${JSON.stringify(changes)}::jsonb) as i(i text, c int) where t.id = i.i`.execute(
      tx,
    );
  }
  if (bookmarks.size > 0) {
    const walks = [...bookmarks].map(([i, { sum, lowest }]) => ({ i, s: sum, f: sum - lowest }));
    await sql`update questions t set collection_count = greatest(t.collection_count + i.s, i.f)
              from jsonb_to_recordset(${JSON.stringify(walks)}::jsonb) as i(i text, s int, f int) where t.id = i.i`.execute(
      tx,
    );
  }
}

export const voteCountsProjection: Projection = {
  name: 'vote-counts',
  source: 'votes',
  lockGroup: POST_ROW_WRITERS,
  events: [VoteCast, VoteCancelled, AnonymousVoteCounted, BookmarkToggled],
  async apply(event, tx) {
    const d = event.data as VoteData;
    const type = objectTypeOf(d.object_id);
    if (event.type === BookmarkToggled.type) {
      if (type !== 'question') return;
      await sql`update questions set collection_count = greatest(collection_count + ${d.bookmarked ? 1 : -1}, 0)
                where id = ${d.object_id}`.execute(tx);
      return;
    }
    if (type !== 'question' && type !== 'answer' && type !== 'comment') return;
    await sql`update ${TABLES[type]} set vote_count = vote_count + ${voteChange(event)} where id = ${d.object_id}`.execute(
      tx,
    );
  },
  applyBatch,
  async reset(tx) {
    await sql`update questions set vote_count = 0, collection_count = 0 where vote_count <> 0 or collection_count <> 0`.execute(
      tx,
    );
    await sql`update answers set vote_count = 0 where vote_count <> 0`.execute(tx);
    await sql`update comments set vote_count = 0 where vote_count <> 0`.execute(tx);
  },
};
