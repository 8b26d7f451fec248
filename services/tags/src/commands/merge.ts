import { TagStatus } from '@agora/contracts';
import { type Actor, errors, isStaff, type ServiceContext, type Tx } from '@agora/platform';
import { sql } from 'kysely';
import { followsDecider, followsStream } from '../domain/follows/decider';
import { type MergeTarget, tagDecider } from '../domain/tag/decider';
import { lockTagRows } from '../projections/tags/row-locks';
import { type TagRow, tagById } from '../queries/tag-rows';
import { decideOn, inTransaction } from './streams';

export interface MergeInput {
  source_tag_id: string;
  target_tag_id: string;
}

/** A tag as the merge reads it in its transaction: 400 on the field that named an unknown one. */
async function knownTag(tx: Tx, id: string, field: string): Promise<TagRow> {
  const tag = await tagById(tx, id);
  if (!tag) throw errors.fields({ field, key: 'error.tag.not_found' });
  return tag;
}

const mainSlugOf = async (tx: Tx, tag: TagRow) =>
  tag.main_tag_id ? (await tagById(tx, tag.main_tag_id))?.slug_name : null;

/**
 * Folding one tag into another (`tag/merge`, moderators and admins): in one transaction, the source lets its
 * synonyms go and becomes the target's synonym, its synonyms follow it there, the target's synonym list takes them
 * all, and the source's followers follow the target instead. Its questions are posts' to file again: posts reacts to
 * `tags.tag_merged` (sagas/tag-merges.ts), and tags' question counts follow posts' events.
 */
export class TagMerges {
  constructor(private readonly context: ServiceContext) {}

  async merge(actor: Actor, input: MergeInput): Promise<void> {
    if (!isStaff(actor)) throw errors.forbidden(undefined, 'error.rank.role_only');
    const run = (tx: Tx, streamId: string, command: Parameters<typeof tagDecider.decide>[0]) =>
      decideOn(this.context, tx, streamId, tagDecider, command, actor.id);
    await inTransaction(this.context, async (tx) => {
      // Many tags' rows and follower counts at once: see lockTagRows.
      await lockTagRows(tx);
      const source = await knownTag(tx, input.source_tag_id, 'source_tag_id');
      const target = await knownTag(tx, input.target_tag_id, 'target_tag_id');
      const into: MergeTarget = {
        id: target.id,
        slug_name: target.slug_name,
        display_name: target.display_name,
        deleted: target.status === TagStatus.deleted,
        mainSlug: target.main_tag_id ? ((await mainSlugOf(tx, target)) ?? '') : null,
      };
      const mainSlug = (await mainSlugOf(tx, source)) ?? null;
      await run(tx, source.id, { type: 'merge', actorId: actor.id, target: into, mainSlug });
      const moved = (
        await sql<{ id: string }>`select id from tags where main_tag_id = ${source.id} order by id`.execute(tx)
      ).rows.map((r) => r.id);
      for (const id of moved) {
        await run(tx, id, { type: 'move_synonym', actorId: actor.id, fromMainId: source.id, toMainId: target.id });
      }
      const { rows: kept } = await sql<{ id: string }>`
        select id from tags where main_tag_id = ${target.id} and id <> all(${[source.id, ...moved]}) order by id`.execute(
        tx,
      );
      const synonymIds = [...kept.map((r) => r.id), source.id, ...moved];
      await run(tx, target.id, { type: 'set_synonyms', actorId: actor.id, synonymIds });
      const { rows: followers } = await sql<{ user_id: string }>`
        select user_id from tag_follows where tag_id = ${source.id} order by user_id`.execute(tx);
      for (const { user_id } of followers) {
        const command = { type: 'move' as const, userId: user_id, fromTagId: source.id, toTagId: target.id };
        await decideOn(this.context, tx, followsStream(user_id), followsDecider, command, actor.id);
      }
    });
  }
}
