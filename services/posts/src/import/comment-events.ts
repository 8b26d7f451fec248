import type { ImportedComment } from '@agora/contracts/import/records';
import { type ImportedEvent, renderMarkdown } from '@agora/platform';

/**
 * An imported comment's own stream (docs/adr/0094-importing-a-community.md): added at its time by its author, a
 * reply naming the comment and member it answers; deleted after it, at the same time and by its author, as the
 * source dates and names no deletion. Its text is rendered as Markdown without mention links: posts' copy of the
 * members may not have caught up with the import, and nobody is notified of an imported mention.
 */
export function commentEvents(c: ImportedComment): ImportedEvent[] {
  const events: ImportedEvent[] = [
    {
      streamId: c.id,
      version: 1,
      type: 'posts.comment_added',
      data: {
        comment_id: c.id,
        object_id: c.object_id,
        question_id: c.question_id,
        user_id: c.user_id,
        reply_comment_id: c.reply_to_comment_id ?? null,
        reply_user_id: c.reply_to_user_id ?? null,
        original_text: c.content,
        parsed_text: renderMarkdown(c.content),
        mentions: [],
      },
      occurredAt: c.created_at,
      actorId: c.user_id,
    },
  ];
  if (c.deleted) {
    events.push({
      streamId: c.id,
      version: 2,
      type: 'posts.comment_deleted',
      data: { comment_id: c.id, object_id: c.object_id, actor_id: c.user_id },
      occurredAt: c.created_at,
      actorId: c.user_id,
    });
  }
  return events;
}
