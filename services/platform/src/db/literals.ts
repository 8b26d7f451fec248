import { MailStatus, Pin, PostStatus, RevisionStatus, Role, Show, TagStatus } from '@agora/contracts';
import { type RawBuilder, sql } from 'kysely';

type Literals<T extends Record<string, number>> = { readonly [K in keyof T]: RawBuilder<T[K]> };

function literals<T extends Record<string, number>>(named: T): Literals<T> {
  return Object.fromEntries(Object.entries(named).map(([name, value]) => [name, sql.lit(value)])) as Literals<T>;
}

/*
 * The named constants of `contracts` as SQL literals: `sql\`status = ${PostStatusSql.deleted}\`` has `status = 10`
 * in its text, exactly as when written out. A literal, not a parameter, so every statement's text is what it
 * was: a partial index (`where status = 1`) serves a prepared statement's generic plan only when the
 * statement's own text implies its condition (docs/adr/0054-named-constants.md).
 */
export const PostStatusSql = literals(PostStatus);
export const PinSql = literals(Pin);
export const ShowSql = literals(Show);
export const RevisionStatusSql = literals(RevisionStatus);
export const TagStatusSql = literals(TagStatus);
export const RoleSql = literals(Role);
export const MailStatusSql = literals(MailStatus);
