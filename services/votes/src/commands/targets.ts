import { objectTypeOf } from '@agora/contracts';
import {
  type CatchUps,
  type ChangeFeed,
  type Db,
  FRESH_READ_RECHECK_MS,
  PostStatusSql,
  ReadModelCache,
  type ServiceContext,
} from '@agora/platform';
import { type RawBuilder, sql } from 'kysely';
import type { VotableType } from '../domain/vote/decider';
import { POST_FACTS_TOPIC, postFactsProjection } from '../projections/post-facts/projection';

export interface Target {
  objectId: string;
  objectType: VotableType;
  questionId: string;
  ownerId: string;
  /** The post, or the question it belongs to, is deleted. */
  deleted: boolean;
  /** posts' streams whose events decide the facts above: the post, its question, a comment's answer. */
  streams: string[];
}

/** The posts streams whose events may create or change what votes knows of an object. */
export function streamsOf(objectId: string, target: Target | undefined): string[] {
  return target ? target.streams : [objectId];
}

/** The query of what votes knows of a question, answer or comment; undefined when the id names nothing votable. */
function targetQuery(objectId: string): RawBuilder<TargetRow> | undefined {
  const type = objectTypeOf(objectId);
  if (type === 'question') {
    return sql<TargetRow>`
      select user_id as owner, id as question_id, null as parent_id, status = ${PostStatusSql.deleted} as deleted
      from questions where id = ${objectId}`;
  }
  if (type === 'answer') {
    return sql<TargetRow>`
      select a.user_id as owner, a.question_id, null as parent_id,
        (a.status = ${PostStatusSql.deleted} or coalesce(q.status = ${PostStatusSql.deleted}, false)) as deleted
      from answers a left join questions q on q.id = a.question_id where a.id = ${objectId}`;
  }
  if (type === 'comment') {
    return sql<TargetRow>`
      select c.user_id as owner, c.question_id, c.object_id as parent_id,
        (c.status = ${PostStatusSql.deleted} or coalesce(q.status = ${PostStatusSql.deleted}, false) or coalesce(a.status = ${PostStatusSql.deleted}, false)) as deleted
      from comments c left join questions q on q.id = c.question_id left join answers a on a.id = c.object_id
      where c.id = ${objectId}`;
  }
  return undefined;
}

/** The target a row of `targetQuery` describes (undefined for none). */
function targetOf(objectId: string, row: TargetRow | undefined): Target | undefined {
  const type = objectTypeOf(objectId);
  if (!row || (type !== 'question' && type !== 'answer' && type !== 'comment')) return undefined;
  const streams = [...new Set([objectId, row.question_id, ...(row.parent_id ? [row.parent_id] : [])])];
  return {
    objectId,
    objectType: type,
    questionId: row.question_id,
    ownerId: row.owner,
    deleted: row.deleted,
    streams,
  };
}

/**
 * A question, answer or comment as votes knows it from posts' events, or undefined when the id names
 * nothing votable. An answer or comment under a deleted question counts as deleted.
 */
export async function findTarget(db: Db, objectId: string): Promise<Target | undefined> {
  const query = targetQuery(objectId);
  if (!query) return undefined;
  const { rows } = await query.execute(db);
  return targetOf(objectId, rows[0]);
}

interface TargetRow {
  owner: string;
  question_id: string;
  /** A comment's question or answer. */
  parent_id: string | null;
  deleted: boolean;
}

/** Targets kept until posts' facts change here (a vote or a reaction changes none of them). */
export class TargetLookup {
  private readonly cache: ReadModelCache<Target | undefined>;

  /** The lookup of a votes instance, shared by its votes, bookmarks and reactions. */
  static of(context: ServiceContext): TargetLookup {
    return new TargetLookup(
      context.database.db,
      context.changes,
      context.catchUp,
      context.config.cacheLimits.post_facts,
    );
  }

  constructor(
    private readonly db: Db,
    changes: Pick<ChangeFeed, 'topic'>,
    private readonly catchUp: Pick<CatchUps, 'projectionReading' | 'mayBeOnItsWay' | 'behind'>,
    maxEntries = 20_000,
  ) {
    this.cache = new ReadModelCache(changes.topic(POST_FACTS_TOPIC), maxEntries);
  }

  find(objectId: string): Promise<Target | undefined> {
    return this.cache.get(objectId, () => findTarget(this.db, objectId));
  }

  /**
   * The target as posts had it when the command arrived: events of its streams that posts committed
   * but votes has not applied yet (a comment just added, a question just deleted) are waited for,
   * bounded (docs/adr/0044-catching-up.md). When nothing is on its way this costs one statement on the PostgreSQL
   * log: the indexed look at posts' log and the read of the target together.
   * A post still unknown when the wait ran out is on its way, not missing (the partition's consumer died and
   * the group has not handed it on yet): a 503 to try again, never a 404 for a post that exists.
   */
  async current(objectId: string): Promise<Target | undefined> {
    const query = targetQuery(objectId);
    if (!query) return undefined;
    const known = await this.find(objectId);
    // From the database, not the cache: another replica may have applied the facts a moment before this one's
    // caches hear of it. Where the bus can, the read goes with the catch-up's first look, in its snapshot.
    const { caughtUp, rows } = await this.catchUp.projectionReading(postFactsProjection.name, query, {
      streams: streamsOf(objectId, known),
      recheckMs: FRESH_READ_RECHECK_MS,
    });
    const target = rows ? targetOf(objectId, rows[0]) : await findTarget(this.db, objectId);
    if (!target && (!caughtUp || this.catchUp.mayBeOnItsWay(objectId))) {
      throw await this.catchUp.behind(postFactsProjection.name, objectId);
    }
    return target;
  }
}
