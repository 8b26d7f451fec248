import { idFromNumber } from '@agora/contracts/import/legacy-ids';
import type {
  ImportedBadgeAward,
  ImportedBookmark,
  ImportedComment,
  ImportedLink,
  ImportedVote,
} from '@agora/contracts/import/records';
import type pg from 'pg';
import { memberId } from './ids';
import { keysetPages } from './pages';

/**
 * Comments, links, votes, bookmarks and badge awards, each from its staged file in id order, joined with the posts
 * they are on; what names a post that is not imported is left out and counted (`skips.ts`).
 */

const known = (s: string, column: string) =>
  `(${column} >= 1 and exists (select 1 from ${s}.users u where u.id = ${column}))`;

export async function* commentRecords(db: pg.Pool, s: string, pageSize: number): AsyncGenerator<ImportedComment> {
  const sql = `select c.id::text as id, c.text, c.created_at, c.user_id::text as user_id,
      ${known(s, 'c.user_id')} as user_known, p.post_type, p.id::text as post_id, p.question_id::text as question_id
    from ${s}.comments c join ${s}.posts p on p.id = c.post_id and p.importable
    where c.id > $1 order by c.id limit $2`;
  type Row = {
    id: string;
    text: string | null;
    created_at: string;
    user_id: string | null;
    user_known: boolean;
    post_type: number;
    post_id: string;
    question_id: string;
  };
  for await (const page of keysetPages<Row>(db, sql, pageSize)) {
    for (const row of page) {
      yield {
        kind: 'comment',
        id: idFromNumber('comment', row.id),
        object_id: idFromNumber(row.post_type === 1 ? 'question' : 'answer', row.post_id),
        question_id: idFromNumber('question', row.question_id),
        user_id: memberId(row.user_id, row.user_known),
        // Comments.xml keeps what the author typed: mini-Markdown (links, code, emphasis), not HTML.
        content: row.text ?? '',
        created_at: row.created_at,
        deleted: false,
      };
    }
  }
}

export async function* linkRecords(db: pg.Pool, s: string, pageSize: number): AsyncGenerator<ImportedLink> {
  const sql = `select l.id::text as id, l.created_at, f.post_type as from_type, f.id::text as from_id,
      f.question_id::text as from_question, t.question_id::text as to_question
    from ${s}.post_links l
      join ${s}.posts f on f.id = l.post_id and f.importable
      join ${s}.posts t on t.id = l.related_post_id and t.importable
    where l.id > $1 and f.question_id <> t.question_id order by l.id limit $2`;
  type Row = {
    id: string;
    created_at: string;
    from_type: number;
    from_id: string;
    from_question: string;
    to_question: string;
  };
  for await (const page of keysetPages<Row>(db, sql, pageSize)) {
    for (const row of page) {
      yield {
        kind: 'link',
        from_question_id: idFromNumber('question', row.from_question),
        ...(row.from_type === 2 ? { from_answer_id: idFromNumber('answer', row.from_id) } : {}),
        to_question_id: idFromNumber('question', row.to_question),
        created_at: row.created_at,
      };
    }
  }
}

/** Up and down votes (VoteTypeId 2 and 3): a dump does not say who voted, so they come without a voter. */
export async function* voteRecords(db: pg.Pool, s: string, pageSize: number): AsyncGenerator<ImportedVote> {
  const sql = `select v.id::text as id, v.vote_type, v.created_at, v.user_id::text as user_id,
      ${known(s, 'v.user_id')} as user_known, p.post_type, p.id::text as post_id
    from ${s}.votes v join ${s}.posts p on p.id = v.post_id and p.importable
    where v.vote_type in (2, 3) and v.id > $1 order by v.id limit $2`;
  type Row = {
    id: string;
    vote_type: number;
    created_at: string;
    user_id: string | null;
    user_known: boolean;
    post_type: number;
    post_id: string;
  };
  for await (const page of keysetPages<Row>(db, sql, pageSize)) {
    for (const row of page) {
      yield {
        kind: 'vote',
        id: row.id,
        object_id: idFromNumber(row.post_type === 1 ? 'question' : 'answer', row.post_id),
        ...(row.user_id && row.user_known ? { voter_id: idFromNumber('user', row.user_id) } : {}),
        direction: row.vote_type === 2 ? 'up' : 'down',
        created_at: row.created_at,
      };
    }
  }
}

/** Favourites (VoteTypeId 5, the one vote a dump names the member of) on questions. */
export async function* bookmarkRecords(db: pg.Pool, s: string, pageSize: number): AsyncGenerator<ImportedBookmark> {
  const sql = `select v.id::text as id, v.user_id::text as user_id, v.post_id::text as post_id, v.created_at
    from ${s}.votes v join ${s}.posts p on p.id = v.post_id and p.post_type = 1
    where v.vote_type = 5 and ${known(s, 'v.user_id')} and v.id > $1 order by v.id limit $2`;
  type Row = { id: string; user_id: string; post_id: string; created_at: string };
  for await (const page of keysetPages<Row>(db, sql, pageSize)) {
    for (const row of page) {
      yield {
        kind: 'bookmark',
        user_id: idFromNumber('user', row.user_id),
        question_id: idFromNumber('question', row.post_id),
        created_at: row.created_at,
      };
    }
  }
}

/** Badges.xml's awards under the source's badge names; a dump names no post an award was for. */
export async function* badgeAwardRecords(db: pg.Pool, s: string, pageSize: number): AsyncGenerator<ImportedBadgeAward> {
  const sql = `select b.id::text as id, b.user_id::text as user_id, b.name, b.created_at
    from ${s}.badges b where ${known(s, 'b.user_id')} and b.id > $1 order by b.id limit $2`;
  type Row = { id: string; user_id: string; name: string; created_at: string };
  for await (const page of keysetPages<Row>(db, sql, pageSize)) {
    for (const row of page) {
      yield {
        kind: 'badge_award',
        id: idFromNumber('badgeAward', row.id),
        user_id: idFromNumber('user', row.user_id),
        badge: row.name,
        award_key: '',
        created_at: row.created_at,
      };
    }
  }
}
