import type { ImportedQuestion, ImportedRevision } from '@agora/contracts/import/records';
import type { ImportedEvent } from '@agora/platform';
import { questionContent } from '../commands/command-builders';
import type { Tag } from '../commands/question-tags';
import type { QuestionContent, QuestionEvent } from '../domain/question/decider';

/** The stream of an imported question's view count: one event, so writing it twice counts it once. */
export const importedViewsStream = (questionId: string) => `question-views-${questionId}`;

/** A revision's question content as the commands store it, its tags filed as the site files them (see `TagNames`). */
export function revisionContent(revision: ImportedRevision, tagsOf: (slugs: string[]) => Tag[]): QuestionContent {
  return questionContent({ title: revision.title ?? '', content: revision.content }, tagsOf(revision.tags ?? []));
}

/** What an imported question changed on the way in (for the report's notes). */
export interface QuestionNotes {
  /** Both pinned and hidden at the source: a hidden question cannot be pinned, so it stays hidden, unpinned. */
  pinDropped: boolean;
}

const time = (iso: string) => Date.parse(iso);

/**
 * An imported question's own stream, versions from 1 (docs/adr/0094-importing-a-community.md): asked with its first
 * revision at its creation time, each later revision an edit by its editor, closed, pinned or hidden, and deleted
 * last (a deleted question takes no other act). Edits and the close keep their times' order; pin and hide carry the
 * time of the last act before them, as the source does not date them. The views go to a stream of their own. A
 * question held for review at the source is held here (`posts.question_held`), with nothing after it.
 */
export function questionEvents(
  q: ImportedQuestion,
  tagsOf: (slugs: string[]) => Tag[],
): { events: ImportedEvent[]; notes: QuestionNotes } {
  const [first, ...later] = q.revisions;
  if (!first) throw new Error(`question ${q.id} has no revision`);
  const asked = revisionContent(first, tagsOf);
  type Dated = { at: string; actorId: string; event: QuestionEvent };
  const acts: Dated[] = later.map((r) => ({
    at: r.created_at,
    actorId: r.editor_id,
    event: {
      type: 'posts.question_edited',
      data: {
        question_id: q.id,
        editor_id: r.editor_id,
        revision_id: r.id,
        edit_summary: r.summary,
        ...revisionContent(r, tagsOf),
      },
    },
  }));
  if (q.closed) {
    const c = q.closed;
    acts.push({
      at: c.at,
      actorId: c.by,
      event: {
        type: 'posts.question_closed',
        data: { question_id: q.id, actor_id: c.by, close_type: c.close_type, close_msg: c.close_msg },
      },
    });
  }
  // In time order, the close among the edits; equal times keep the source's order.
  acts.sort((a, b) => time(a.at) - time(b.at));
  const lastAt = acts.at(-1)?.at ?? q.created_at;
  const display = q.hidden ? 'posts.question_hidden' : q.pinned ? 'posts.question_pinned' : null;
  if (display) {
    acts.push({
      at: lastAt,
      actorId: q.user_id,
      event: { type: display, data: { question_id: q.id, actor_id: q.user_id } },
    });
  }
  if (q.deleted) {
    const d = q.deleted;
    acts.push({
      at: d.at,
      actorId: d.by,
      event: { type: 'posts.question_deleted', data: { question_id: q.id, actor_id: d.by } },
    });
  }
  const ask: Dated = {
    at: q.created_at,
    actorId: q.user_id,
    event: q.pending
      ? {
          type: 'posts.question_held',
          data: { question_id: q.id, user_id: q.user_id, revision_id: first.id, reason: 'imported', ...asked },
        }
      : {
          type: 'posts.question_asked',
          data: { question_id: q.id, user_id: q.user_id, revision_id: first.id, ...asked },
        },
  };
  // Held at the source: it waits in the review queue as it was, and nothing else happens to it until then.
  if (q.pending) acts.length = 0;
  const events: ImportedEvent[] = [ask, ...acts].map(({ at, actorId, event }, n) => ({
    streamId: q.id,
    version: n + 1,
    type: event.type,
    data: event.data,
    occurredAt: at,
    actorId,
  }));
  if (q.view_count > 0) {
    events.push({
      streamId: importedViewsStream(q.id),
      version: 1,
      type: 'posts.views_counted',
      data: { counts: [{ question_id: q.id, views: q.view_count, unique_views: q.view_count }] },
      occurredAt: lastAt,
      actorId: null,
    });
  }
  return { events, notes: { pinDropped: q.pinned && q.hidden } };
}
