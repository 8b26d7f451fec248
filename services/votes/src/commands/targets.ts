import { objectTypeOf } from '@agora/contracts';
import { type ChangeFeed, type Db, ReadModelCache } from '@agora/platform';
import { sql } from 'kysely';
import type { VotableType } from '../domain/vote/decider';
import { POST_FACTS_TOPIC } from '../projections/post-facts/projection';

export interface Target {
  objectId: string;
  objectType: VotableType;
  questionId: string;
  ownerId: string;
  /** The post, or the question it belongs to, is deleted. */
  deleted: boolean;
}

/**
 * A question, answer or comment as votes knows it from posts' events, or undefined when the id names
 * nothing votable. An answer or comment under a deleted question counts as deleted.
 */
export async function findTarget(db: Db, objectId: string): Promise<Target | undefined> {
  const type = objectTypeOf(objectId);
  if (type !== 'question' && type !== 'answer' && type !== 'comment') return undefined;
  const { rows } =
    type === 'question'
      ? await sql<{ owner: string; question_id: string; deleted: boolean }>`
          select user_id as owner, id as question_id, status = 10 as deleted from questions where id = ${objectId}`.execute(
          db,
        )
      : type === 'answer'
        ? await sql<{ owner: string; question_id: string; deleted: boolean }>`
            select a.user_id as owner, a.question_id, (a.status = 10 or coalesce(q.status = 10, false)) as deleted
            from answers a left join questions q on q.id = a.question_id where a.id = ${objectId}`.execute(db)
        : await sql<{ owner: string; question_id: string; deleted: boolean }>`
            select c.user_id as owner, c.question_id,
              (c.status = 10 or coalesce(q.status = 10, false) or coalesce(a.status = 10, false)) as deleted
            from comments c left join questions q on q.id = c.question_id left join answers a on a.id = c.object_id
            where c.id = ${objectId}`.execute(db);
  const row = rows[0];
  if (!row) return undefined;
  return { objectId, objectType: type, questionId: row.question_id, ownerId: row.owner, deleted: row.deleted };
}

/** Targets kept until posts' facts change here (a vote changes none of them). */
export class TargetLookup {
  private readonly cache: ReadModelCache<Target | undefined>;

  constructor(
    private readonly db: Db,
    changes: Pick<ChangeFeed, 'topic'>,
  ) {
    this.cache = new ReadModelCache(changes.topic(POST_FACTS_TOPIC), 20_000);
  }

  find(objectId: string): Promise<Target | undefined> {
    return this.cache.get(objectId, () => findTarget(this.db, objectId));
  }
}
