import type { ImportedPendingRevision } from '@agora/contracts/import/records';
import { type ImportedEvent, renderMarkdown } from '@agora/platform';
import type { Tag } from '../commands/question-tags';
import { revisionContent } from './question-events';

/** The post a suggested edit is of, as the read model has it. */
export interface RevisedPost {
  kind: 'question' | 'answer';
  questionId: string;
  /** The post's stream's last version: the suggestion comes after it. */
  version: number;
}

/**
 * A suggested edit waiting for review, on its post's stream after its last version: moderation builds its review
 * queue from these events, as from a member's (docs/adr/0094-importing-a-community.md).
 */
export function pendingRevisionEvent(
  p: ImportedPendingRevision,
  post: RevisedPost,
  tagsOf: (slugs: string[]) => Tag[],
): ImportedEvent {
  const r = p.revision;
  const base = { streamId: p.object_id, version: post.version + 1, occurredAt: r.created_at, actorId: r.editor_id };
  const edit = { editor_id: r.editor_id, revision_id: r.id, edit_summary: r.summary };
  if (post.kind === 'question') {
    return {
      ...base,
      type: 'posts.question_revision_submitted',
      data: { question_id: p.object_id, ...edit, ...revisionContent(r, tagsOf) },
    };
  }
  return {
    ...base,
    type: 'posts.answer_revision_submitted',
    data: {
      answer_id: p.object_id,
      question_id: post.questionId,
      ...edit,
      content: r.content,
      html: renderMarkdown(r.content),
    },
  };
}
