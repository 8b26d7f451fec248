import { type DataOf, TagFollowed, TagUnfollowed } from '@agora/contracts';
import type { Projection } from '@agora/platform';
import { sql } from 'kysely';

/**
 * Posts' copy of the tags service's tag follows (DESIGN §2): which tags each member follows, for the questions
 * recommended to them (`question/recommend/page`). A member's follows are one stream, applied in its order.
 */
export const tagFollowsProjection: Projection = {
  name: 'tag-follows',
  source: 'tags',
  events: [TagFollowed, TagUnfollowed],
  async apply(event, tx) {
    const d = event.data as DataOf<typeof TagFollowed>;
    if (event.type === TagFollowed.type) {
      await sql`insert into tag_follows (user_id, tag_id) values (${d.user_id}, ${d.tag_id}) on conflict do nothing`.execute(
        tx,
      );
    } else {
      await sql`delete from tag_follows where user_id = ${d.user_id} and tag_id = ${d.tag_id}`.execute(tx);
    }
  },
  async reset(tx) {
    await sql`truncate tag_follows`.execute(tx);
  },
};
