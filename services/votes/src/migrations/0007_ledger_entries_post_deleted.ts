import { PostStatusSql } from '@agora/platform';
import { type Kysely, type Migration, sql } from 'kysely';

export const key = '20261226_0007_ledger_entries_post_deleted';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // The reputation page counts and pages a member's entries without joining votes' copy of posts for each one:
    // whether the entry's post is deleted is kept on the entry (docs/adr/0077-ledger-entries-know-deleted-posts.md).
    await sql`alter table ledger_entries add column post_deleted boolean not null default false`.execute(db);
    const deleted = PostStatusSql.deleted;
    await sql`
      update ledger_entries e set post_deleted = true
      where exists (select 1 from questions q where q.id = e.question_id and q.status = ${deleted})
         or exists (select 1 from answers a where a.id = e.object_id and a.status = ${deleted})
         or exists (select 1 from comments c where c.id = e.object_id and c.status = ${deleted})`.execute(db);
    // A question's deletion updates its entries and its answers' entries.
    await sql`create index ledger_entries_question on ledger_entries (question_id)`.execute(db);
    await sql`
      create index ledger_entries_user_listed on ledger_entries (user_id, granted_at desc, entry_id desc)
      where state = 'active' and amount <> 0 and object_id <> '' and question_id <> '' and not post_deleted`.execute(
      db,
    );
  },
};
