import type { ImportedFollow } from '@agora/contracts/import/records';
import type { ImportedEvent } from '@agora/platform';
import { questionFollowStream } from '../domain/question-follow/decider';

/** A member's follow of a question, on the stream of that follow (one event: writing it twice follows once). */
export function questionFollowEvent(f: ImportedFollow): ImportedEvent {
  return {
    streamId: questionFollowStream(f.object_id, f.user_id),
    version: 1,
    type: 'posts.question_followed',
    data: { question_id: f.object_id, user_id: f.user_id },
    occurredAt: f.created_at,
    actorId: f.user_id,
  };
}
