import { MailStatus, Pin, PostStatus, RevisionStatus, Role, Show, TagStatus } from '@agora/contracts';
import { type RawBuilder, sql } from 'kysely';

type Literals<T extends Record<string, number>> = { readonly [K in keyof T]: RawBuilder<T[K]> };

function literals<T extends Record<string, number>>(named: T): Literals<T> {
  return Object.fromEntries(Object.entries(named).map(([name, value]) => [name, sql.lit(value)])) as Literals<T>;
}

/*
 * The named constants of `contracts` as SQL literals: `sql\`status = ${PostStatusSql.deleted}\`` has `status = 10`
 * in its text, exactly as when written out. A literal, not a parameter: partial indexes (`where status = 1`)
 * serve a statement only when its text shows the same condition, and a prepared statement's generic plan
 * never sees a parameter's value.
 */
export const PostStatusSql = literals(PostStatus);
export const PinSql = literals(Pin);
export const ShowSql = literals(Show);
export const RevisionStatusSql = literals(RevisionStatus);
export const TagStatusSql = literals(TagStatus);
export const RoleSql = literals(Role);
export const MailStatusSql = literals(MailStatus);
