import { FlagReported, objectTypeOf, reasonOfType } from '@agora/contracts';
import type { ImportedFlag, ImportTally } from '@agora/contracts/import/records';
import { type ImportedEvent, skip } from '@agora/platform';
import { flagStreamId } from '../domain/flag/decider';
import type { PostFacts } from './imported-posts';

/** What a flag is on: a post the import or moderation knows, or a member. */
function flaggedOf(flag: ImportedFlag, posts: Map<string, PostFacts>) {
  if (objectTypeOf(flag.object_id) === 'user') {
    return { object_type: 'user' as const, question_id: '', object_user_id: flag.object_id };
  }
  const post = posts.get(flag.object_id);
  return post && { object_type: post.objectType, question_id: post.questionId, object_user_id: post.ownerId };
}

/**
 * Flags still waiting for a moderator as `moderation.flag_reported` at their original times, on the stream of their
 * member's flags of their object, so the review queue shows them. A flag the source has handled already is not kept:
 * handling one is a moderator's decision that its object's owner carries out, and the source names neither the
 * moderator nor what they did (docs/adr/0094-importing-a-community.md).
 */
export function flagEvents(flags: ImportedFlag[], posts: Map<string, PostFacts>, tally: ImportTally): ImportedEvent[] {
  const events: ImportedEvent[] = [];
  const seen = new Set<string>();
  for (const flag of flags) {
    if (flag.status !== 'pending') {
      skip(tally, `a flag the source has ${flag.status} already: no moderator or decision to keep`);
      continue;
    }
    const flagged = flaggedOf(flag, posts);
    if (!flagged) {
      skip(tally, 'no such post: the flag is on a post that was not imported');
      continue;
    }
    if (!reasonOfType(flagged.object_type, 'flag', flag.reason_type)) {
      skip(tally, `no flag reason of type ${flag.reason_type} for a ${flagged.object_type} in Agora`);
      continue;
    }
    const streamId = flagStreamId(flag.object_id, flag.user_id);
    if (seen.has(streamId)) {
      skip(tally, "a member's second waiting flag on one object");
      continue;
    }
    seen.add(streamId);
    tally.imported += 1;
    events.push({
      streamId,
      version: 1,
      type: FlagReported.type,
      data: {
        flag_id: flag.id,
        object_id: flag.object_id,
        ...flagged,
        reporter_id: flag.user_id,
        reason_type: flag.reason_type,
        content: flag.content.trim(),
      },
      occurredAt: flag.created_at,
      actorId: flag.user_id,
    });
  }
  return events;
}
