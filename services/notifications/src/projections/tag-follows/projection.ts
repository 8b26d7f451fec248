import {
  TagCreated,
  TagEdited,
  TagFollowed,
  TagSynonymLinked,
  TagSynonymUnlinked,
  TagUnfollowed,
} from '@agora/contracts';
import type { Projection } from '@agora/platform';
import { sql } from 'kysely';

/** Tags' events: slugs to tag ids (a synonym to its main tag) and who follows which, for new-question mail. */
export const tagFollowsProjection: Projection = {
  name: 'tag-follows',
  source: 'tags',
  events: [TagCreated, TagEdited, TagSynonymLinked, TagSynonymUnlinked, TagFollowed, TagUnfollowed],
  async apply(event, tx) {
    const d = event.data as Record<string, string>;
    switch (event.type) {
      case TagCreated.type:
      case TagEdited.type:
        await sql`
          insert into tag_names (tag_id, slug_name) values (${d.tag_id}, ${d.slug_name})
          on conflict (tag_id) do update set slug_name = excluded.slug_name`.execute(tx);
        return;
      case TagSynonymLinked.type:
        await sql`update tag_names set main_tag_id = ${d.main_tag_id} where tag_id = ${d.tag_id}`.execute(tx);
        return;
      case TagSynonymUnlinked.type:
        await sql`update tag_names set main_tag_id = null where tag_id = ${d.tag_id}`.execute(tx);
        return;
      case TagFollowed.type:
        await sql`insert into tag_follows (user_id, tag_id) values (${d.user_id}, ${d.tag_id}) on conflict do nothing`.execute(
          tx,
        );
        return;
      case TagUnfollowed.type:
        await sql`delete from tag_follows where user_id = ${d.user_id} and tag_id = ${d.tag_id}`.execute(tx);
        return;
    }
  },
  async reset(tx) {
    await sql`truncate tag_names, tag_follows`.execute(tx);
  },
};
