import { AnonymousVoteCounted, BookmarkToggled, objectTypeOf, VoteCancelled, VoteCast } from '@agora/contracts';
import type { Projection } from '@agora/platform';
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
export const voteCountsProjection: Projection = {
  name: 'vote-counts',
  source: 'votes',
  lockGroup: POST_ROW_WRITERS,
  events: [VoteCast, VoteCancelled, AnonymousVoteCounted, BookmarkToggled],
  async apply(event, tx) {
    const d = event.data as { object_id: string; direction?: 'up' | 'down'; bookmarked?: boolean };
    const type = objectTypeOf(d.object_id);
    if (event.type === BookmarkToggled.type) {
      if (type !== 'question') return;
      await sql`update questions set collection_count = greatest(collection_count + ${d.bookmarked ? 1 : -1}, 0)
                where id = ${d.object_id}`.execute(tx);
      return;
    }
    if (type !== 'question' && type !== 'answer' && type !== 'comment') return;
    const sign = d.direction === 'up' ? 1 : -1;
    const change = event.type === VoteCancelled.type ? -sign : sign;
    await sql`update ${TABLES[type]} set vote_count = vote_count + ${change} where id = ${d.object_id}`.execute(tx);
  },
  async reset(tx) {
    await sql`update questions set vote_count = 0, collection_count = 0 where vote_count <> 0 or collection_count <> 0`.execute(
      tx,
    );
    await sql`update answers set vote_count = 0 where vote_count <> 0`.execute(tx);
    await sql`update comments set vote_count = 0 where vote_count <> 0`.execute(tx);
  },
};
