import { ObjectType } from '@agora/contracts/ids';
import type { ImportedBookmark } from '@agora/contracts/import/records';
import type { ReadContext } from './context';
import { userJoin } from './members-ref';
import { pages } from './pages';
import { optionalObjectId, requiredTime } from './values';

/** Bookmarks (`collection` rows of questions) by members still there, in id order. */
export async function* readBookmarks(context: ReadContext): AsyncGenerator<ImportedBookmark> {
  const { db } = context;
  for await (const page of pages(db, {
    select: 'c.id AS page_key, c.object_id, c.created_at, u.id AS known_user',
    from: `collection c ${userJoin(db, 'c.user_id', 'u')}`,
    key: 'c.id',
  })) {
    for (const row of page) {
      const user = context.members.existing(row.known_user);
      const question = optionalObjectId(row.object_id);
      if (!user || !question || Number(question.slice(1, 4)) !== ObjectType.question) continue;
      yield {
        kind: 'bookmark',
        user_id: user,
        question_id: question,
        created_at: requiredTime(row.created_at, 'collection', row.page_key),
      };
    }
  }
}
