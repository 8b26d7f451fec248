import { REDACTED } from '@agora/contracts';
import { type Actor, type Db, PostStatusSql, type Redactions, redactStreams } from '@agora/platform';
import { sql } from 'kysely';
import { answerDecider } from '../domain/answer/decider';
import { questionDecider } from '../domain/question/decider';
import type { PostStreams } from './post-streams';

/**
 * What the posts event store keeps of a purged post: its events' ids, types, versions, times and the ids in
 * them, with every text a member wrote emptied (docs/adr/0078-purging-in-an-event-sourced-system.md).
 */
export const POST_REDACTIONS: Redactions = {
  title: REDACTED,
  url_title: REDACTED,
  content: REDACTED,
  html: REDACTED,
  edit_summary: REDACTED,
  close_msg: REDACTED,
  original_text: REDACTED,
  parsed_text: REDACTED,
  tags: [],
  mentions: [],
};

const ids = async (db: Db, query: ReturnType<typeof sql<{ id: string }>>) =>
  (await query.execute(db)).rows.map((row) => row.id);

/** The admin's permanent delete of posts: every deleted question (with all under it) or every deleted answer. */
export class PurgeCommands {
  constructor(
    private readonly db: Db,
    private readonly streams: PostStreams,
  ) {}

  /** Purges every question or answer deleted now; answers how many were purged. */
  async purgeDeleted(actor: Actor, type: 'questions' | 'answers'): Promise<number> {
    const purge =
      type === 'questions'
        ? (id: string) => this.purgeQuestion(actor, id)
        : (id: string) => this.purgeAnswer(actor, id);
    const table = sql.table(type);
    const deleted = await ids(
      this.db,
      sql<{ id: string }>`select id from ${table} where status = ${PostStatusSql.deleted} order by id`,
    );
    let purged = 0;
    for (const id of deleted) purged += (await purge(id)) ? 1 : 0;
    return purged;
  }

  /** A deleted question with its answers and every comment under them; false when it is not deleted (any more). */
  async purgeQuestion(actor: Actor, questionId: string): Promise<boolean> {
    const answerIds = await ids(this.db, sql`select id from answers where question_id = ${questionId} order by id`);
    const commentIds = await ids(this.db, sql`select id from comments where question_id = ${questionId} order by id`);
    const revisionIds = await this.revisionsOf([questionId, ...answerIds]);
    const events = await this.streams.run(
      questionId,
      questionDecider,
      { type: 'purge', actorId: actor.id, answerIds, commentIds, revisionIds },
      actor.id,
      {
        alongside: (tx, stored) =>
          stored.length ? redact(tx, [questionId, ...answerIds, ...commentIds]) : Promise.resolve(),
      },
    );
    return events.length > 0;
  }

  private revisionsOf(postIds: string[]): Promise<string[]> {
    return ids(this.db, sql`select id from revisions where object_id = any(${postIds}::text[]) order by id`);
  }

  /** A deleted answer with the comments on it; false when it is not deleted (any more). */
  async purgeAnswer(actor: Actor, answerId: string): Promise<boolean> {
    const commentIds = await ids(this.db, sql`select id from comments where object_id = ${answerId} order by id`);
    const revisionIds = await this.revisionsOf([answerId]);
    const events = await this.streams.run(
      answerId,
      answerDecider,
      { type: 'purge', actorId: actor.id, commentIds, revisionIds },
      actor.id,
      { alongside: (tx, stored) => (stored.length ? redact(tx, [answerId, ...commentIds]) : Promise.resolve()) },
    );
    return events.length > 0;
  }
}

const redact = async (tx: Parameters<typeof redactStreams>[0], streamIds: string[]) => {
  await redactStreams(tx, streamIds, POST_REDACTIONS);
};
