import { CatchUp, objectTypeOf, PostStatus } from '@agora/contracts';
import type { Db, ServiceContext } from '@agora/platform';
import { sql } from 'kysely';
import type { FlaggedObject } from '../domain/flag/facts';
import { objectsFromPosts } from '../projections/objects/from-posts';

interface ObjectRow {
  object_id: string;
  object_type: 'question' | 'answer' | 'comment' | 'tag';
  question_id: string;
  user_id: string;
  status: number;
  title: string;
  original_text: string;
  tags: { slug_name: string; display_name: string }[];
}

async function postFacts(db: Db, objectId: string): Promise<FlaggedObject | null> {
  const { rows } = await sql<ObjectRow>`
    select object_id, object_type, question_id, user_id, status, title, original_text, tags
    from moderated_objects where object_id = ${objectId} and object_type <> 'tag'`.execute(db);
  const row = rows[0];
  if (!row || row.object_type === 'tag') return null;
  return {
    objectId: row.object_id,
    objectType: row.object_type,
    questionId: row.question_id,
    userId: row.user_id,
    status: row.status,
    title: row.title,
    content: row.original_text,
    tags: row.tags,
  };
}

async function memberFacts(db: Db, userId: string): Promise<FlaggedObject | null> {
  const { rows } = await sql<{ user_id: string; status: string }>`
    select user_id, status from actors where user_id = ${userId}`.execute(db);
  const row = rows[0];
  if (!row) return null;
  return {
    objectId: row.user_id,
    objectType: 'user',
    questionId: '',
    userId: row.user_id,
    status: row.status === 'deleted' ? PostStatus.deleted : PostStatus.available,
    title: '',
    content: '',
    tags: [],
  };
}

/**
 * What a flag names, as moderation knows it once the owner's events already committed about it have
 * arrived (docs/adr/0044-catching-up.md): a post from posts, a member from identity; null for anything else. An
 * object not known here while its events may still be on their way is a 503 to try again, not a "not found"
 * (docs/adr/0092-ready-when-caught-up.md).
 */
export async function currentObject(context: ServiceContext, objectId: string): Promise<FlaggedObject | null> {
  const type = objectTypeOf(objectId);
  const db = context.database.db;
  const known = async <T>(projection: string, read: () => Promise<T | null>): Promise<T | null> => {
    const caughtUp = await context.catchUp.projection(projection, { streams: [objectId] });
    const found = await read();
    if (!found && (!caughtUp || context.catchUp.mayBeOnItsWay(objectId))) {
      throw await context.catchUp.behind(projection, objectId);
    }
    return found;
  };
  if (type === 'question' || type === 'answer' || type === 'comment') {
    return known(objectsFromPosts.name, () => postFacts(db, objectId));
  }
  if (type === 'user') return known(CatchUp.actorsProjection, () => memberFacts(db, objectId));
  return null;
}
