import type { ImportedEvent } from '@agora/platform';
import { followsStream } from '../domain/follows/decider';

/** A member's follow of a tag, on the member's follow stream after its last version. */
export function tagFollowEvent(f: { userId: string; tagId: string; at: string }, version: number): ImportedEvent {
  return {
    streamId: followsStream(f.userId),
    version,
    type: 'tags.tag_followed',
    data: { user_id: f.userId, tag_id: f.tagId },
    occurredAt: f.at,
    actorId: f.userId,
  };
}
