import { type SiteSettings, TagStatus } from '@agora/contracts';
import { type Actor, type Db, errors, TagStatusSql } from '@agora/platform';
import { sql } from 'kysely';
import { synonymActions } from './member-actions';
import { type TagRow, tagById } from './tag-rows';

/**
 * A main tag's live synonyms, each naming the main tag's slug; asked about a synonym, its main tag
 * (as the reference answers, so the client can lead there).
 */
export async function tagSynonyms(db: Db, tagId: string, viewer: Actor | null, settings: SiteSettings) {
  const tag = await tagById(db, tagId);
  if (!tag || tag.status !== TagStatus.available) throw errors.notFound('error.tag.not_found');
  let list: TagRow[];
  let mainSlug = '';
  if (tag.main_tag_id) {
    const main = await tagById(db, tag.main_tag_id);
    list = main && main.status === TagStatus.available ? [main] : [];
  } else {
    const { rows } = await sql<TagRow>`
      select * from tags where main_tag_id = ${tag.id} and status = ${TagStatusSql.available} order by slug_name`.execute(
      db,
    );
    list = rows;
    mainSlug = tag.slug_name;
  }
  return {
    member_actions: synonymActions(viewer, settings.privileges),
    synonyms: list.map((t) => ({
      tag_id: t.id,
      slug_name: t.slug_name,
      display_name: t.display_name,
      main_tag_slug_name: mainSlug,
    })),
  };
}
