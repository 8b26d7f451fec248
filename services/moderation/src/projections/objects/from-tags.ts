import {
  type DataOf,
  TagCreated,
  TagDeleted,
  TagEdited,
  TagRevisionRejected,
  TagRevisionSubmitted,
  TagStatus,
  TagUndeleted,
} from '@agora/contracts';
import type { Projection, StoredEvent, Tx } from '@agora/platform';
import { insertObject, queueRevision, resetObjects, setStatus, settleRevision, updateContent } from './rows';

async function apply(tx: Tx, event: StoredEvent): Promise<void> {
  switch (event.type) {
    case TagCreated.type: {
      const d = event.data as DataOf<typeof TagCreated>;
      return insertObject(tx, {
        objectId: d.tag_id,
        objectType: 'tag',
        questionId: '',
        answerId: '',
        userId: d.user_id,
        title: d.display_name,
        urlTitle: d.slug_name,
        originalText: d.original_text,
        parsedText: d.parsed_text,
        tags: [],
        createdAt: event.occurredAt,
      });
    }
    case TagEdited.type: {
      const d = event.data as DataOf<typeof TagEdited>;
      await updateContent(tx, d.tag_id, {
        title: d.display_name,
        urlTitle: d.slug_name,
        originalText: d.original_text,
        parsedText: d.parsed_text,
      });
      return settleRevision(tx, d.revision_id);
    }
    case TagRevisionSubmitted.type: {
      const d = event.data as DataOf<typeof TagRevisionSubmitted>;
      return queueRevision(tx, {
        revisionId: d.revision_id,
        objectId: d.tag_id,
        objectType: 'tag',
        editorId: d.editor_id,
        editSummary: d.edit_summary,
        content: {
          title: d.display_name,
          content: d.original_text,
          html: d.parsed_text,
          tags: [],
          slug_name: d.slug_name,
          display_name: d.display_name,
        },
        submittedAt: event.occurredAt,
      });
    }
    case TagRevisionRejected.type:
      return settleRevision(tx, (event.data as DataOf<typeof TagRevisionRejected>).revision_id);
    case TagDeleted.type:
    case TagUndeleted.type: {
      const d = event.data as DataOf<typeof TagDeleted>;
      return setStatus(tx, d.tag_id, event.type === TagDeleted.type ? TagStatus.deleted : TagStatus.available);
    }
  }
}

/** Tags as tags' events tell them, and the suggested tag edits waiting for review. */
export const objectsFromTags: Projection = {
  name: 'objects-from-tags',
  source: 'tags',
  events: [TagCreated, TagEdited, TagRevisionSubmitted, TagRevisionRejected, TagDeleted, TagUndeleted],
  apply: (event, tx) => apply(tx, event),
  reset: (tx) => resetObjects(tx, ['tag']),
};
