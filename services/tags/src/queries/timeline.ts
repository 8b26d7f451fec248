import { RevisionStatus, type SiteSettings, seconds, TagStatus } from '@agora/contracts';
import {
  type Actor,
  type Db,
  type EventStore,
  errors,
  isStaff,
  loadAuthorCards,
  renderMarkdown,
} from '@agora/platform';
import { sql } from 'kysely';
import { tagById } from './tag-rows';

/** The tag events a timeline shows (created, edited, deleted, undeleted, merged into another), by label. */
const SHOWN: Record<string, string> = {
  'tags.tag_created': 'created',
  'tags.tag_edited': 'edited',
  'tags.tag_deleted': 'deleted',
  'tags.tag_undeleted': 'undeleted',
  'tags.tag_merged': 'merged',
};

interface TimelineData {
  user_id?: string;
  editor_id?: string;
  actor_id?: string;
  revision_id?: string;
  edit_summary?: string;
}

const notFound = () => errors.notFound('error.tag.not_found');

/** A tag the viewer may see the history of: a deleted one only for moderators. */
async function visibleTag(db: Db, tagId: string, viewer: Actor | null) {
  const tag = await tagById(db, tagId);
  if (!tag || (tag.status === TagStatus.deleted && !isStaff(viewer))) throw notFound();
  return tag;
}

/**
 * `GET activity/timeline` for a tag: its creation, applied edits, deletions and recoveries, newest
 * first, read from the tag's own event stream (the history is the log).
 */
export async function tagTimeline(
  db: Db,
  store: EventStore,
  tagId: string,
  viewer: Actor | null,
  settings: SiteSettings,
) {
  const tag = await visibleTag(db, tagId, viewer);
  const shown = (await store.readStream(tag.id))
    .flatMap((event) => {
      const activity = SHOWN[event.type];
      return activity ? [{ ...event, activity }] : [];
    })
    .reverse();
  const actorOf = (data: TimelineData) => data.editor_id ?? data.actor_id ?? data.user_id ?? '';
  const main = tag.main_tag_id ? await tagById(db, tag.main_tag_id) : undefined;
  const authors = await loadAuthorCards(
    db,
    [tag.user_id, ...shown.map((event) => actorOf(event.data as TimelineData))],
    settings,
  );
  const creator = authors.get(tag.user_id);
  return {
    object_info: {
      title: tag.slug_name,
      object_type: 'tag',
      question_id: '',
      answer_id: '',
      username: creator.username,
      display_name: creator.display_name,
      main_tag_slug_name: main?.slug_name ?? '',
    },
    timeline: shown.map((event) => {
      const data = event.data as TimelineData;
      return {
        activity_id: event.position.globalPosition,
        revision_id: data.revision_id ?? '0',
        created_at: seconds(new Date(event.occurredAt)),
        activity_type: event.activity,
        comment: event.type === 'tags.tag_edited' && data.edit_summary ? renderMarkdown(data.edit_summary) : '',
        object_id: tag.id,
        object_type: 'tag',
        cancelled: false,
        cancelled_at: 0,
        user_info: authors.get(actorOf(data)),
      };
    }),
  };
}

interface RevisionRow {
  tag_id: string;
  user_id: string;
  status: number;
  content: { slug_name?: string; display_name?: string; original_text?: string };
}

/** One side of a tag revision diff; `0` is nothing (the side before a creation). */
async function revisionDetail(db: Db, id: string, viewer: Actor | null) {
  if (id === '0') return null;
  const { rows } =
    await sql<RevisionRow>`select tag_id, user_id, status, content from tag_revisions where id = ${id}`.execute(db);
  const revision = rows[0];
  // A suggestion still waiting for review is its author's and the moderators'.
  if (!revision || (revision.status === RevisionStatus.pending && !isStaff(viewer) && viewer?.id !== revision.user_id))
    throw notFound();
  const tag = await visibleTag(db, revision.tag_id, viewer);
  const main = tag.main_tag_id ? await tagById(db, tag.main_tag_id) : undefined;
  return {
    title: revision.content.display_name ?? '',
    tags: [],
    original_text: revision.content.original_text ?? '',
    slug_name: revision.content.slug_name ?? '',
    main_tag_slug_name: main?.slug_name ?? '',
  };
}

/** `GET activity/timeline/detail` for two revisions of a tag. */
export async function tagTimelineDetail(
  db: Db,
  query: { old_revision_id: string; new_revision_id: string },
  viewer: Actor | null,
) {
  const [old_revision, new_revision] = await Promise.all([
    revisionDetail(db, query.old_revision_id, viewer),
    revisionDetail(db, query.new_revision_id, viewer),
  ]);
  return { old_revision, new_revision };
}
