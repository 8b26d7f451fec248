import type { ImportKind } from '@agora/contracts/import/records';
import type pg from 'pg';

/**
 * What a dump holds that no record carries, counted in the staging tables per kind and reason, for the import's
 * report (docs/adr/0094-importing-a-community.md: never silently; docs/behaviour-decisions.md, "Importing a Stack
 * Exchange dump").
 */

const POST_TYPES: Record<number, string> = {
  3: 'orphaned tag wiki',
  6: 'moderator nomination',
  7: 'wiki placeholder',
  8: 'privilege wiki',
};

const VOTE_TYPES: Record<number, string> = {
  4: 'offensive',
  6: 'close vote',
  7: 'reopen vote',
  8: 'bounty start',
  9: 'bounty close',
  10: 'deletion vote',
  11: 'undeletion vote',
  12: 'spam',
  15: 'moderator review',
  16: 'approve edit suggestion',
};

const notUser = (s: string, column: string) =>
  `not (${column} >= 1 and exists (select 1 from ${s}.users u where u.id = ${column}))`;

export type SkipTally = Partial<Record<ImportKind, Record<string, number>>>;

export async function countSkips(db: pg.Pool, s: string): Promise<SkipTally> {
  const tally: SkipTally = {};
  const add = (kind: ImportKind, reason: string, n: number) => {
    if (n <= 0) return;
    const reasons = tally[kind] ?? {};
    reasons[reason] = (reasons[reason] ?? 0) + n;
    tally[kind] = reasons;
  };
  const count = async (sql: string) => Number((await db.query<{ n: string }>(sql)).rows[0]?.n ?? 0);

  add(
    'member',
    'Users.xml rows numbered below 1 (the Community user): their posts are the placeholder’s',
    await count(`select count(*) as n from ${s}.users where id < 1`),
  );
  const posts = await db.query<{ post_type: number; n: string }>(
    `select post_type, count(*) as n from ${s}.posts where post_type not in (1, 2, 4, 5) group by post_type`,
  );
  for (const row of posts.rows)
    add(
      'question',
      `Posts.xml PostTypeId ${row.post_type} (${POST_TYPES[row.post_type] ?? 'unknown'}): no counterpart`,
      Number(row.n),
    );
  add(
    'answer',
    'answer whose question is not in Posts.xml',
    await count(`select count(*) as n from ${s}.posts where post_type = 2 and not importable`),
  );
  add(
    'comment',
    'comment on a post that is not imported (not in Posts.xml, or not a question or answer)',
    await count(
      `select count(*) as n from ${s}.comments c where not exists (select 1 from ${s}.posts p where p.id = c.post_id and p.importable)`,
    ),
  );
  add(
    'link',
    'link to or from a post that is not imported, or within one question',
    await count(
      `select count(*) as n from ${s}.post_links l where not exists (
       select 1 from ${s}.posts f, ${s}.posts t where f.id = l.post_id and f.importable and t.id = l.related_post_id
         and t.importable and f.question_id <> t.question_id)`,
    ),
  );
  add(
    'vote',
    'vote on a post that is not imported',
    await count(
      `select count(*) as n from ${s}.votes v where v.vote_type in (2, 3)
       and not exists (select 1 from ${s}.posts p where p.id = v.post_id and p.importable)`,
    ),
  );
  const votes = await db.query<{ vote_type: number; n: string }>(
    `select vote_type, count(*) as n from ${s}.votes where vote_type not in (1, 2, 3, 5) group by vote_type`,
  );
  for (const row of votes.rows)
    add(
      'vote',
      `Votes.xml VoteTypeId ${row.vote_type} (${VOTE_TYPES[row.vote_type] ?? 'unknown'}): no counterpart`,
      Number(row.n),
    );
  add(
    'bookmark',
    'favourite without a member in Users.xml, or not on a question',
    await count(
      `select count(*) as n from ${s}.votes v where v.vote_type = 5 and (${notUser(s, 'v.user_id')}
       or not exists (select 1 from ${s}.posts p where p.id = v.post_id and p.post_type = 1))`,
    ),
  );
  add(
    'badge_award',
    'award to a member not in Users.xml',
    await count(`select count(*) as n from ${s}.badges b where ${notUser(s, 'b.user_id')}`),
  );
  return tally;
}
