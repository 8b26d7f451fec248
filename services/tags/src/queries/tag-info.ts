import { normalizeTagSlug, type SiteSettings, TagStatus } from '@agora/contracts';
import { type Actor, type Db, errors, isStaff, tagMarks } from '@agora/platform';
import { followedAmong } from './follows';
import { tagActions } from './member-actions';
import { tagInfo } from './responses';
import { tagById, tagBySlug } from './tag-rows';

/** A tag by id or by slug (any case); a deleted one only for moderators. */
export async function tagDetail(
  db: Db,
  by: { id?: string; name?: string },
  viewer: Actor | null,
  settings: SiteSettings,
) {
  const tag = by.id ? await tagById(db, by.id) : await tagBySlug(db, normalizeTagSlug(by.name ?? ''));
  if (!tag || (tag.status === TagStatus.deleted && !isStaff(viewer))) throw errors.notFound('error.tag.not_found');
  const [main, followed] = await Promise.all([
    tag.main_tag_id ? tagById(db, tag.main_tag_id) : undefined,
    followedAmong(db, viewer?.id, [tag.id]),
  ]);
  const kind = { deleted: tag.status === TagStatus.deleted, synonym: tag.main_tag_id !== null };
  const actions = tagActions(viewer, kind, settings.privileges);
  return tagInfo(tag, tagMarks(settings), { following: followed.has(tag.id), actions }, main?.slug_name ?? '');
}
