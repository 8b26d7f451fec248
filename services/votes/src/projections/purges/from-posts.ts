import { AnswerPurged, type DataOf, ObjectPurged, QuestionPurged } from '@agora/contracts';
import { ConcurrencyError, type EventStore, type Projection } from '@agora/platform';
import { applyObjectPurged } from './read-model';

/** The stream of the one event that voids the votes on a purged post. */
const purgeStreamId = (objectId: string) => `purged-${objectId}`;

/**
 * Posts purged posts: votes says, on its own log, that the votes, bookmarks and reactions on each of them are void
 * (`votes.object_purged`, once per post), and drops them from its own read models in the same transaction, so that
 * every copy of votes' events (search, notifications, badges, the dashboard) and a rebuild of any of them ends
 * without them (docs/adr/0078-purging-in-an-event-sourced-system.md).
 */
export function purgesFromPosts(store: EventStore): Projection {
  return {
    name: 'purges-from-posts',
    source: 'posts',
    events: [QuestionPurged, AnswerPurged],
    async apply(event, tx) {
      const d = event.data as DataOf<typeof QuestionPurged> | DataOf<typeof AnswerPurged>;
      const objects =
        'answer_ids' in d ? [d.question_id, ...d.answer_ids, ...d.comment_ids] : [d.answer_id, ...d.comment_ids];
      for (const objectId of objects) {
        try {
          const { events } = await store.append(
            purgeStreamId(objectId),
            0,
            [{ type: ObjectPurged.type, data: { object_id: objectId } }],
            { causationId: event.id, actorId: event.metadata.actorId },
            tx,
          );
          for (const stored of events) await applyObjectPurged(tx, stored);
        } catch (error) {
          // Said already (a redelivered purge): nothing more to do.
          if (!(error instanceof ConcurrencyError)) throw error;
        }
      }
    },
    // It decides, it keeps nothing: a rebuild must not say anything twice.
    async reset() {},
  };
}
