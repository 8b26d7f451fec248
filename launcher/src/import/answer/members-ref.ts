import { idFromNumber } from '@agora/contracts/import/legacy-ids';
import { type AnswerDatabase, quote } from './database';
import { rawId } from './values';
import type { AnswerTable } from './versions';

/**
 * The member a hard-deleted user's posts are credited to (docs/adr/0094-importing-a-community.md): Answer's user ids
 * are an autoincrement from 1, so the last sequence an imported id can hold (10^13 − 1) is never a real user's.
 */
export const PLACEHOLDER_USER_NUMBER = 9_999_999_999_999n;
export const PLACEHOLDER_USER_ID = idFromNumber('user', PLACEHOLDER_USER_NUMBER);
const PLACEHOLDER_USERNAME = 'former-member';

/** SQL that joins the user a column names: `<alias>.id` is NULL when that user is not there (or the id is 0). */
export function userJoin(db: AnswerDatabase, columnSql: string, alias: string): string {
  return `LEFT JOIN ${quote(db.dialect, 'user')} ${alias} ON ${alias}.id = ${columnSql}`;
}

/** Where a user id that must name someone may dangle, with what else must hold (the who of timeline rows). */
const AUTHOR_COLUMNS: { table: AnswerTable; column: string; where?: string }[] = [
  { table: 'question', column: 'user_id' },
  { table: 'answer', column: 'user_id' },
  { table: 'comment', column: 'user_id' },
  { table: 'comment', column: 'reply_user_id', where: 't.reply_user_id IS NOT NULL AND t.reply_user_id <> 0' },
  { table: 'revision', column: 'user_id' },
  { table: 'tag', column: 'user_id' },
  { table: 'report', column: 'user_id' },
  { table: 'file_record', column: 'user_id' },
];

/** Who members are, by the ids the source's rows hold: a user there, or the placeholder when none is. */
export class Members {
  constructor(
    /** Whether some row names a user the source no longer has (so the placeholder member is yielded). */
    readonly placeholderNeeded: boolean,
    readonly placeholderUsername: string,
  ) {}

  /** A member a row must name: the user the join found, else the placeholder. */
  required(known: unknown): string {
    const id = rawId(known);
    return id === undefined ? PLACEHOLDER_USER_ID : idFromNumber('user', id);
  }

  /** A member a row may name (`raw` 0 or NULL: none); a user not there is the placeholder. */
  optional(raw: unknown, known: unknown): string | undefined {
    if (rawId(raw) === undefined) return undefined;
    return this.required(known);
  }

  /** A member who must still be there (a voter, a follower); undefined when the user is gone. */
  existing(known: unknown): string | undefined {
    const id = rawId(known);
    return id === undefined ? undefined : idFromNumber('user', id);
  }
}

/**
 * Finds whether any row names a user that is not there (one anti-join per column, stopping at the first), and a
 * username for the placeholder that no user has.
 */
export async function loadMembers(db: AnswerDatabase, tables: Set<AnswerTable>, whoTypes: number[]): Promise<Members> {
  const user = quote(db.dialect, 'user');
  const checks = AUTHOR_COLUMNS.filter((c) => tables.has(c.table)).map(
    (c) =>
      `SELECT 1 AS x FROM ${c.table} t WHERE ${c.where ? `${c.where} AND ` : ''}` +
      `NOT EXISTS (SELECT 1 FROM ${user} u WHERE u.id = t.${c.column})`,
  );
  const params: number[] = [];
  if (whoTypes.length) {
    const list = whoTypes.map(() => '?').join(', ');
    checks.push(
      `SELECT 1 AS x FROM activity t WHERE t.activity_type IN (${list}) AND t.user_id <> 0 AND ` +
        `NOT EXISTS (SELECT 1 FROM ${user} u WHERE u.id = t.user_id)`,
      `SELECT 1 AS x FROM activity t WHERE t.activity_type IN (${list}) AND t.trigger_user_id <> 0 AND ` +
        `NOT EXISTS (SELECT 1 FROM ${user} u WHERE u.id = t.trigger_user_id)`,
    );
    params.push(...whoTypes, ...whoTypes);
  }
  let needed = false;
  let used = 0;
  for (const check of checks) {
    const count = (check.match(/\?/g) ?? []).length;
    const rows = await db.query(`${check} LIMIT 1`, params.slice(used, used + count));
    used += count;
    if (rows.length) {
      needed = true;
      break;
    }
  }
  let username = PLACEHOLDER_USERNAME;
  for (let n = 2; (await db.query(`SELECT 1 AS x FROM ${user} WHERE username = ?`, [username])).length; n++) {
    username = `${PLACEHOLDER_USERNAME}-${n}`;
  }
  return new Members(needed, username);
}
