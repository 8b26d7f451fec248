import { BookmarkToggled } from '@agora/contracts';
import type { ImportedBookmark, ImportTally } from '@agora/contracts/import/records';
import { type ImportedEvent, skip } from '@agora/platform';
import { bookmarkStreamId } from '../domain/bookmark/decider';
import type { PostFacts } from './imported-posts';

/** Bookmarks of questions as the first event of their (member, question) streams, with their original times. */
export function bookmarkEvents(
  bookmarks: ImportedBookmark[],
  posts: Map<string, PostFacts>,
  tally: ImportTally,
): ImportedEvent[] {
  const events: ImportedEvent[] = [];
  const seen = new Set<string>();
  for (const bookmark of bookmarks) {
    const post = posts.get(bookmark.question_id);
    if (post?.objectType !== 'question') {
      skip(tally, 'no such question: the bookmark is of a question that was not imported');
      continue;
    }
    const streamId = bookmarkStreamId(bookmark.question_id, bookmark.user_id);
    if (seen.has(streamId)) {
      skip(tally, 'the same bookmark twice');
      continue;
    }
    seen.add(streamId);
    tally.imported += 1;
    events.push({
      streamId,
      version: 1,
      type: BookmarkToggled.type,
      data: {
        object_id: bookmark.question_id,
        object_type: 'question',
        question_id: bookmark.question_id,
        user_id: bookmark.user_id,
        bookmarked: true,
      },
      occurredAt: bookmark.created_at,
      actorId: bookmark.user_id,
    });
  }
  return events;
}
