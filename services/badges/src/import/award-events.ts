import { type BadgeAward, BadgeAwarded, objectTypeOf } from '@agora/contracts';
import type { ImportedBadgeAward, ImportTally } from '@agora/contracts/import/records';
import { type ImportedEvent, skip } from '@agora/platform';
import { awardIdOf, awardStreamId } from '../domain/award/award-id';
import { catalogueBadge } from './catalogue-badge';
import type { PostFacts } from './imported-posts';

/** What an award was earned on: its post when the source names one, else nothing. */
function earnedOn(postId: string, posts: Map<string, PostFacts>) {
  const post = posts.get(postId);
  if (!post) return { object_id: '', object_type: '' as const, question_id: '', answer_id: '' };
  return {
    object_id: postId,
    object_type: post.objectType,
    question_id: post.questionId,
    answer_id: post.objectType === 'answer' ? postId : '',
  };
}

/**
 * The source's awards as `badges.badge_awarded` on the award's own stream, at their original times. A once-per-member
 * badge is keyed as Agora keys it, so a member holds it once; a per-post badge is keyed by its post, or, when the
 * source names none (a Stack Exchange dump), by the award's own id, so each one the member earned stays theirs.
 */
export function awardEvents(
  awards: ImportedBadgeAward[],
  posts: Map<string, PostFacts>,
  tally: ImportTally,
): ImportedEvent[] {
  const events: ImportedEvent[] = [];
  const seen = new Set<string>();
  for (const record of awards) {
    const badge = catalogueBadge(record.badge);
    if (!badge) {
      skip(tally, `no such badge in Agora's catalogue: ${record.badge}`);
      continue;
    }
    const postKnown = record.award_key !== '' && objectTypeOf(record.award_key) !== undefined;
    const awardKey = badge.single ? '' : postKnown ? record.award_key : record.id;
    const awardId = awardIdOf(badge.id, record.user_id, awardKey);
    if (seen.has(awardId)) {
      skip(tally, badge.single ? 'the member holds this badge already' : 'the same award twice');
      continue;
    }
    seen.add(awardId);
    tally.imported += 1;
    const data: BadgeAward = {
      award_id: awardId,
      badge_id: badge.id,
      user_id: record.user_id,
      award_key: awardKey,
      ...earnedOn(record.award_key, posts),
      awarded_at: record.created_at,
      cause_event_id: '',
    };
    events.push({
      streamId: awardStreamId(awardId),
      version: 1,
      type: BadgeAwarded.type,
      data,
      occurredAt: record.created_at,
      actorId: null,
    });
  }
  return events;
}
