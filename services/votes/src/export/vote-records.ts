import type { Db } from '@agora/platform';
import type { ExportItem } from '@agora/platform/export/export-source';
import { isoTime, keysetPages } from '@agora/platform/export/keyset-pages';
import { sql } from 'kysely';

const PAGE = 1000;

/** Every standing vote with its voter, by post and voter, a page at a time. */
async function* votersVotes(db: Db): AsyncIterable<ExportItem> {
  type Row = { object_id: string; user_id: string; direction: number; voted_at: Date };
  const pages = keysetPages<Row>(async (last) => {
    const after = last ? sql`where (object_id, user_id) > (${last.object_id}, ${last.user_id})` : sql``;
    const { rows } = await sql<Row>`
      select object_id, user_id, direction, voted_at from votes ${after}
      order by object_id, user_id limit ${PAGE}`.execute(db);
    return rows;
  }, PAGE);
  for await (const page of pages) {
    for (const v of page) {
      yield {
        record: {
          kind: 'vote',
          object_id: v.object_id,
          voter_id: v.user_id,
          direction: v.direction > 0 ? 'up' : 'down',
          created_at: isoTime(v.voted_at),
        },
      };
    }
  }
}

/**
 * Votes a source counted without their voters (a Stack Exchange dump), kept as counts per post: one record each,
 * dated with the post, as they came in.
 */
async function* anonymousVotes(db: Db): AsyncIterable<ExportItem> {
  type Row = { object_id: string; up: number; down: number; created_at: Date | null };
  const pages = keysetPages<Row>(async (last) => {
    const { rows } = await sql<Row>`
      select n.object_id, n.up, n.down, coalesce(q.created_at, a.created_at, c.created_at) as created_at
      from anonymous_vote_counts n
      left join questions q on q.id = n.object_id
      left join answers a on a.id = n.object_id
      left join comments c on c.id = n.object_id
      where n.object_id > ${last?.object_id ?? ''} order by n.object_id limit ${PAGE}`.execute(db);
    return rows;
  }, PAGE);
  for await (const page of pages) {
    for (const n of page) {
      const created_at = isoTime(n.created_at ?? new Date(0));
      for (let i = 0; i < n.up; i++)
        yield { record: { kind: 'vote', object_id: n.object_id, direction: 'up', created_at } };
      for (let i = 0; i < n.down; i++) {
        yield { record: { kind: 'vote', object_id: n.object_id, direction: 'down', created_at } };
      }
    }
  }
}

/** How many votes were counted without their voters: one record each. */
export async function anonymousVoteTotal(db: Db): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select coalesce(sum(up + down), 0)::int as n from anonymous_vote_counts`.execute(db);
  return rows[0]?.n ?? 0;
}

/** Every vote: its voter's, then those counted without a voter. */
export async function* voteRecords(db: Db): AsyncIterable<ExportItem> {
  yield* votersVotes(db);
  yield* anonymousVotes(db);
}

/** Bookmarks of questions (what an import's bookmark names). */
export async function* bookmarkRecords(db: Db): AsyncIterable<ExportItem> {
  type Row = { object_id: string; user_id: string; created_at: Date };
  const pages = keysetPages<Row>(async (last) => {
    const after = last ? sql`and (object_id, user_id) > (${last.object_id}, ${last.user_id})` : sql``;
    const { rows } = await sql<Row>`
      select object_id, user_id, created_at from bookmarks where object_type = 'question' ${after}
      order by object_id, user_id limit ${PAGE}`.execute(db);
    return rows;
  }, PAGE);
  for await (const page of pages) {
    for (const b of page) {
      yield {
        record: { kind: 'bookmark', user_id: b.user_id, question_id: b.object_id, created_at: isoTime(b.created_at) },
      };
    }
  }
}

/** Every standing reaction. */
export async function* reactionRecords(db: Db): AsyncIterable<ExportItem> {
  type Row = { object_id: string; emoji: string; user_id: string };
  const pages = keysetPages<Row>(async (last) => {
    const after = last
      ? sql`where (object_id, emoji, user_id) > (${last.object_id}, ${last.emoji}, ${last.user_id})`
      : sql``;
    const { rows } = await sql<Row>`
      select object_id, emoji, user_id from reactions ${after} order by object_id, emoji, user_id limit ${PAGE}`.execute(
      db,
    );
    return rows;
  }, PAGE);
  for await (const page of pages) {
    for (const r of page)
      yield { record: { kind: 'reaction', object_id: r.object_id, user_id: r.user_id, emoji: r.emoji } };
  }
}

/** Each member's reputation history: the ledger's standing entries. */
export async function* reputationRecords(db: Db): AsyncIterable<ExportItem> {
  type Row = {
    entry_id: string;
    user_id: string;
    object_id: string;
    reason: string;
    amount: number;
    trigger_user_id: string | null;
    granted_at: Date;
  };
  const pages = keysetPages<Row>(async (last) => {
    const { rows } = await sql<Row>`
      select entry_id, user_id, object_id, reason, amount, trigger_user_id, granted_at from ledger_entries
      where state = 'active' and entry_id > ${last?.entry_id ?? ''} order by entry_id limit ${PAGE}`.execute(db);
    return rows;
  }, PAGE);
  for await (const page of pages) {
    for (const e of page) {
      yield {
        record: {
          kind: 'reputation',
          user_id: e.user_id,
          delta: e.amount,
          reason: e.reason,
          object_id: e.object_id,
          ...(e.trigger_user_id ? { trigger_user_id: e.trigger_user_id } : {}),
          created_at: isoTime(e.granted_at),
        },
      };
    }
  }
}
