import { RevisionStatus, TagStatus } from '@agora/contracts';
import { excerpt, type StoredEvent, TagStatusSql, type Tx } from '@agora/platform';
import { sql } from 'kysely';
import type { FollowEvent } from '../../domain/follows/decider';
import type { TagEvent } from '../../domain/tag/decider';
import { linkedQuestions, lockTagRows } from './row-locks';

type TagsEvent = (TagEvent | FollowEvent) & { occurredAt: string; version: number };

const EXCERPT_LENGTH = 240;

async function recordRevision(
  tx: Tx,
  r: { id: string; tag: string; user: string; status: number; content: object; log?: string; at: string },
) {
  await sql`insert into tag_revisions (id, tag_id, user_id, status, content, log, created_at)
            values (${r.id}, ${r.tag}, ${r.user}, ${r.status}, ${JSON.stringify(r.content)}::jsonb, ${r.log ?? ''}, ${r.at})
            on conflict (id) do nothing`.execute(tx);
}

async function setRevisionStatus(tx: Tx, revisionId: string, status: number) {
  await sql`update tag_revisions set status = ${status} where id = ${revisionId}`.execute(tx);
}

/**
 * Updates one tag (unless the row is already newer) and keeps `tag_listing` right when the change
 * takes the tag onto the tag page or off it (a deletion, a recovery, becoming or ceasing to be a synonym).
 */
async function changeListed(tx: Tx, tagId: string, version: number, set: ReturnType<typeof sql>) {
  await sql`
    with before as (
      select id, (status = ${TagStatusSql.available} and main_tag_id is null) as listed from tags
      where id = ${tagId} and version < ${version} for update
    ), changed as (
      update tags t set ${set}, version = ${version} from before where t.id = before.id
      returning before.listed as was, (t.status = ${TagStatusSql.available} and t.main_tag_id is null) as now
    )
    update tag_listing set listed = listed + coalesce((select sum(now::int - was::int) from changed), 0)
    where exists (select 1 from changed where now <> was)`.execute(tx);
}

/** Applies a tags event to the read models, in the transaction of the command that caused it. */
export async function applyTagsEvent(tx: Tx, stored: StoredEvent): Promise<void> {
  const event = stored as unknown as TagsEvent;
  const at = event.occurredAt;
  // An event older than the row (a replay over a live model) changes nothing.
  const newer = sql`version < ${event.version}`;
  switch (event.type) {
    case 'tags.tag_created': {
      const d = event.data;
      await lockTagRows(tx, 'shared');
      const { rows: inserted } = await sql`
        insert into tags (id, slug_name, display_name, original_text, parsed_text, excerpt, user_id, question_count,
                          revision_id, version, created_at, updated_at)
        values (${d.tag_id}, ${d.slug_name}, ${d.display_name}, ${d.original_text}, ${d.parsed_text},
                ${excerpt(d.original_text, EXCERPT_LENGTH)}, ${d.user_id}, ${linkedQuestions(d.slug_name)},
                ${d.revision_id}, ${event.version}, ${at}, ${at})
        on conflict (id) do nothing returning 1`.execute(tx);
      if (inserted.length) await sql`update tag_listing set listed = listed + 1`.execute(tx);
      const { tag_id, user_id, revision_id, question_id: _, ...content } = d;
      await recordRevision(tx, {
        id: revision_id,
        tag: tag_id,
        user: user_id,
        status: RevisionStatus.created,
        content,
        at,
      });
      return;
    }
    case 'tags.tag_edited': {
      const d = event.data;
      const { rows } = await sql<{ slug_name: string }>`select slug_name from tags where id = ${d.tag_id}`.execute(tx);
      const renamed = rows[0] && rows[0].slug_name !== d.slug_name;
      if (renamed) await lockTagRows(tx, 'shared');
      await sql`
        update tags set slug_name = ${d.slug_name}, display_name = ${d.display_name}, original_text = ${d.original_text},
          parsed_text = ${d.parsed_text}, excerpt = ${excerpt(d.original_text, EXCERPT_LENGTH)},
          revision_id = ${d.revision_id}, pending_revision_id = null, version = ${event.version}, updated_at = ${at},
          question_count = ${renamed ? linkedQuestions(d.slug_name) : sql`question_count`}
        where id = ${d.tag_id} and ${newer}`.execute(tx);
      const { tag_id, editor_id, revision_id, edit_summary, reviewer_id, ...content } = d;
      // An approved suggestion was recorded when it was made: now it is the tag's content.
      if (reviewer_id) await setRevisionStatus(tx, revision_id, RevisionStatus.applied);
      await recordRevision(tx, {
        id: revision_id,
        tag: tag_id,
        user: editor_id,
        status: RevisionStatus.applied,
        content,
        log: edit_summary,
        at,
      });
      return;
    }
    case 'tags.tag_revision_submitted': {
      const d = event.data;
      await sql`update tags set pending_revision_id = ${d.revision_id}, version = ${event.version}
                where id = ${d.tag_id} and ${newer}`.execute(tx);
      const { tag_id, editor_id, revision_id, edit_summary, ...content } = d;
      await recordRevision(tx, {
        id: revision_id,
        tag: tag_id,
        user: editor_id,
        status: RevisionStatus.pending,
        content,
        log: edit_summary,
        at,
      });
      return;
    }
    case 'tags.tag_revision_rejected': {
      const d = event.data;
      await sql`update tags set pending_revision_id = null, version = ${event.version}
                where id = ${d.tag_id} and ${newer}`.execute(tx);
      await setRevisionStatus(tx, d.revision_id, RevisionStatus.rejected);
      return;
    }
    case 'tags.tag_deleted':
    case 'tags.tag_undeleted': {
      const status = event.type === 'tags.tag_deleted' ? TagStatus.deleted : TagStatus.available;
      await changeListed(tx, event.data.tag_id, event.version, sql`status = ${status}, updated_at = ${at}`);
      return;
    }
    case 'tags.synonym_linked':
    case 'tags.synonym_unlinked': {
      const main = event.type === 'tags.synonym_linked' ? event.data.main_tag_id : null;
      await changeListed(tx, event.data.tag_id, event.version, sql`main_tag_id = ${main}`);
      return;
    }
    case 'tags.synonyms_set':
    case 'tags.tag_merged':
      // The synonyms' own events carry the links (a merged tag's its `synonym_linked`); the tag only moves on.
      await sql`update tags set version = ${event.version} where id = ${event.data.tag_id} and ${newer}`.execute(tx);
      return;
    case 'tags.tag_followed': {
      const d = event.data;
      const { rows } =
        await sql`insert into tag_follows (user_id, tag_id, created_at) values (${d.user_id}, ${d.tag_id}, ${at})
                                 on conflict do nothing returning 1`.execute(tx);
      if (rows.length) await sql`update tags set follow_count = follow_count + 1 where id = ${d.tag_id}`.execute(tx);
      return;
    }
    case 'tags.tag_unfollowed': {
      const d = event.data;
      const { rows } = await sql`delete from tag_follows where user_id = ${d.user_id} and tag_id = ${d.tag_id}
                                 returning 1`.execute(tx);
      if (rows.length) await sql`update tags set follow_count = follow_count - 1 where id = ${d.tag_id}`.execute(tx);
      return;
    }
  }
}

/** Empties the tags read model; question counts come back from the links when tags are recreated. */
export async function resetTagsReadModel(tx: Tx): Promise<void> {
  // First in line with the projections that write tags, so a rebuild under traffic never deadlocks with them.
  await lockTagRows(tx);
  await sql`truncate tags, tag_revisions, tag_follows`.execute(tx);
  await sql`update tag_listing set listed = 0, generation = generation + 1`.execute(tx);
}

/** The tags read model as one unit, for a rebuild from the service's own log. */
export const tagsReadModel = { reset: resetTagsReadModel, apply: applyTagsEvent };
