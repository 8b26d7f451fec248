import { type SiteSettings, TagStatus } from '@agora/contracts';
import { type Actor, errors, type ServiceContext, tagMarks } from '@agora/platform';
import { sql } from 'kysely';
import { tagDecider } from '../domain/tag/decider';
import { lockTagRows } from '../projections/tags/row-locks';
import { tagById, tagBySlug, tagsBySlugs } from '../queries/tag-rows';
import { displayName, tagContent, tagSlug } from './content';
import { can, requirePermission } from './permissions';
import { decideOn, inTransaction } from './streams';

export interface NewTagInput {
  slug_name: string;
  display_name: string;
  original_text?: string;
}
export interface TagEditInput {
  tag_id: string;
  slug_name?: string;
  display_name?: string;
  original_text?: string;
  edit_summary?: string;
}
export interface SynonymItem {
  slug_name: string;
  display_name?: string;
  original_text?: string;
}

/** Everything the tags service does to tags: create, edit, delete, recover, synonyms. */
export class TagCommands {
  constructor(readonly context: ServiceContext) {}

  get db() {
    return this.context.database.db;
  }

  settings(): Promise<SiteSettings> {
    return this.context.siteSettings();
  }

  private async liveTag(id: string) {
    const tag = await tagById(this.db, id);
    if (!tag || tag.status !== TagStatus.available) throw errors.notFound('error.tag.not_found');
    return tag;
  }

  private async slugIsFree(slug: string, exceptId?: string) {
    const taken = await tagBySlug(this.db, slug);
    if (taken && taken.id !== exceptId)
      throw errors.business('error.tag.already_exists', 'error.tag.already_exists', undefined, { slug });
  }

  /** Creating needs `tag.add`; a reserved slug needs a moderator. */
  async create(actor: Actor, input: NewTagInput): Promise<{ slug_name: string }> {
    const settings = await this.settings();
    const privileges = settings.privileges;
    const slug = tagSlug(input.slug_name);
    const content = tagContent(slug, displayName(input.display_name, null), input.original_text ?? '');
    requirePermission(actor, 'tag.add', privileges);
    if (tagMarks(settings).isReserved(slug) && !can(actor, 'tag.use_reserved_tag', privileges))
      throw errors.forbidden(undefined, 'error.tag.reserved');
    await this.slugIsFree(slug);
    const tagId = this.context.ids.next('tag');
    const command = {
      type: 'create' as const,
      tagId,
      userId: actor.id,
      revisionId: this.context.ids.next('revision'),
      questionId: null,
      content,
    };
    await inTransaction(this.context, (tx) => decideOn(this.context, tx, tagId, tagDecider, command, actor.id), slug);
    return { slug_name: slug };
  }

  /**
   * Whether the member may open the tag's editor now (`revisions/edit/check`): the tag is live,
   * they may edit it, and no suggested edit of it waits for review (which blocks every edit until decided).
   */
  async checkEditable(actor: Actor, tagId: string): Promise<void> {
    const tag = await this.liveTag(tagId);
    const privileges = (await this.settings()).privileges;
    if (!can(actor, 'tag.edit_without_review', privileges)) requirePermission(actor, 'tag.edit', privileges);
    if (tag.pending_revision_id)
      throw errors.business('error.revision.review_underway', 'error.revision.review_underway', 'toast');
  }

  /** Applied at once with `tag.edit_without_review`, else a revision waits for review. */
  async edit(actor: Actor, input: TagEditInput): Promise<{ wait_for_review: boolean }> {
    const tag = await this.liveTag(input.tag_id);
    const settings = await this.settings();
    const privileges = settings.privileges;
    const direct = can(actor, 'tag.edit_without_review', privileges);
    if (!direct) requirePermission(actor, 'tag.edit', privileges);
    const slug = input.slug_name === undefined ? tag.slug_name : tagSlug(input.slug_name);
    const content = tagContent(
      slug,
      displayName(input.display_name, tag.display_name),
      input.original_text ?? tag.original_text,
    );
    if (slug !== tag.slug_name) {
      requirePermission(actor, 'tag.edit_slug_name', privileges);
      await this.slugIsFree(slug, tag.id);
    }
    const command = {
      type: 'edit' as const,
      editorId: actor.id,
      revisionId: this.context.ids.next('revision'),
      editSummary: input.edit_summary?.trim() ?? '',
      direct,
      content,
      questionCount: tag.question_count,
    };
    const { events } = await inTransaction(
      this.context,
      (tx) => decideOn(this.context, tx, tag.id, tagDecider, command, actor.id),
      slug,
    );
    return { wait_for_review: events.length > 0 && !direct };
  }

  /** Moderators only; a tag with questions or synonyms stays. */
  async delete(actor: Actor, tagId: string): Promise<void> {
    requirePermission(actor, 'tag.delete', (await this.settings()).privileges);
    const tag = await tagById(this.db, tagId);
    if (!tag) throw errors.notFound('error.tag.not_found');
    const command = { type: 'delete' as const, actorId: actor.id, questionCount: tag.question_count };
    await inTransaction(this.context, (tx) => decideOn(this.context, tx, tagId, tagDecider, command, actor.id));
  }

  async recover(actor: Actor, tagId: string): Promise<void> {
    requirePermission(actor, 'tag.undeleted', (await this.settings()).privileges);
    if (!(await tagById(this.db, tagId))) throw errors.notFound('error.tag.not_found');
    const command = { type: 'undelete' as const, actorId: actor.id };
    await inTransaction(this.context, (tx) => decideOn(this.context, tx, tagId, tagDecider, command, actor.id));
  }

  /**
   * Replaces a main tag's synonyms in one transaction: slugs nobody has used yet become new tags, each
   * synonym's stream records its main tag, and synonyms left out are released.
   */
  async setSynonyms(actor: Actor, input: { tag_id: string; synonym_tag_list: SynonymItem[] }): Promise<void> {
    requirePermission(actor, 'tag.synonym', (await this.settings()).privileges);
    const main = await this.liveTag(input.tag_id);
    const items = new Map<string, SynonymItem>();
    for (const item of input.synonym_tag_list) {
      const slug = tagSlug(item.slug_name, 'synonym_tag_list');
      if (!items.has(slug)) items.set(slug, item);
    }
    const slugs = [...items.keys()];
    const existing = new Map((await tagsBySlugs(this.db, slugs)).map((t) => [t.slug_name, t.id]));
    const fresh = slugs.filter((s) => !existing.has(s));
    const contents = new Map(
      fresh.flatMap((slug) => {
        const item = items.get(slug);
        if (!item) return [];
        const name = displayName(item.display_name, slug, 'synonym_tag_list');
        return [[slug, tagContent(slug, name, item.original_text ?? '')] as const];
      }),
    );
    const synonyms = slugs.map((slug) => ({ slug, id: existing.get(slug) ?? this.context.ids.next('tag') }));
    const ids = synonyms.map((s) => s.id);
    await inTransaction(this.context, async (tx) => {
      await lockTagRows(tx);
      for (const { slug, id } of synonyms) {
        const content = contents.get(slug);
        if (!content) continue;
        const create = {
          type: 'create' as const,
          tagId: id,
          userId: actor.id,
          revisionId: this.context.ids.next('revision'),
          questionId: null,
          content,
        };
        await decideOn(this.context, tx, id, tagDecider, create, actor.id);
      }
      const set = { type: 'set_synonyms' as const, actorId: actor.id, synonymIds: ids };
      await decideOn(this.context, tx, main.id, tagDecider, set, actor.id);
      for (const id of ids) {
        await decideOn(
          this.context,
          tx,
          id,
          tagDecider,
          { type: 'link', actorId: actor.id, mainTagId: main.id },
          actor.id,
        );
      }
      const { rows } = await sql<{ id: string }>`
        select id from tags where main_tag_id = ${main.id} and id <> all(${ids})`.execute(tx);
      for (const { id } of rows) {
        await decideOn(
          this.context,
          tx,
          id,
          tagDecider,
          { type: 'unlink', actorId: actor.id, mainTagId: main.id },
          actor.id,
        );
      }
    });
  }
}
