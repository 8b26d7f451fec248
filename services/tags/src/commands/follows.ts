import { isTagSlug, Limits, normalizeTagSlug, TagStatus } from '@agora/contracts';
import { type Actor, errors, type ServiceContext } from '@agora/platform';
import { followsDecider, followsStream } from '../domain/follows/decider';
import { lockTagRows } from '../projections/tags/row-locks';
import { mainTagsBySlugs, tagById } from '../queries/tag-rows';
import { decideOn, inTransaction } from './streams';

/** Following tags: one tag at a time, or the whole list at once. A synonym stands for its main tag. */
export class FollowCommands {
  constructor(readonly context: ServiceContext) {}

  get db() {
    return this.context.database.db;
  }

  /** The live tag a follow lands on: the tag itself, or its main tag when it is a synonym. */
  private async target(tagId: string) {
    let tag = await tagById(this.db, tagId);
    if (tag?.main_tag_id) tag = await tagById(this.db, tag.main_tag_id);
    if (!tag || tag.status !== TagStatus.available) throw errors.notFound('error.tag.not_found');
    return tag;
  }

  async follow(actor: Actor, tagId: string, cancel: boolean): Promise<{ follows: number; is_followed: boolean }> {
    const tag = await this.target(tagId);
    const command = { type: cancel ? ('unfollow' as const) : ('follow' as const), userId: actor.id, tagId: tag.id };
    await inTransaction(this.context, (tx) =>
      decideOn(this.context, tx, followsStream(actor.id), followsDecider, command, actor.id),
    );
    const after = await tagById(this.db, tag.id);
    return { follows: after?.follow_count ?? 0, is_followed: !cancel };
  }

  /** Replaces the followed list by slugs; unknown slugs are passed over, as the reference does. */
  async replace(actor: Actor, slugNames: string[]): Promise<void> {
    const slugs = slugNames.map(normalizeTagSlug);
    const bad = slugNames.find((name) => !isTagSlug(normalizeTagSlug(name)));
    if (bad !== undefined)
      throw errors.fields({
        field: 'slug_name_list',
        key: 'error.tag.invalid_slug',
        params: { slug: bad, max: Limits.tags.slugMaxLength },
      });
    const tags = await mainTagsBySlugs(this.db, slugs);
    const command = { type: 'replace' as const, userId: actor.id, tagIds: tags.map((t) => t.id) };
    await inTransaction(this.context, async (tx) => {
      // Many tags' follower counts at once: see lockTagRows.
      await lockTagRows(tx);
      return decideOn(this.context, tx, followsStream(actor.id), followsDecider, command, actor.id);
    });
  }
}
