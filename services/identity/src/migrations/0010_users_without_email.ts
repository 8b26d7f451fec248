import { type Kysely, type Migration, sql } from 'kysely';

export const key = '20261228_0018_users_without_email';

/**
 * A member may have no e-mail address: one imported from a Stack Exchange dump, which has none
 * (docs/adr/0094-importing-a-community.md). Addresses stay unique among live accounts; the empty one is nobody's.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`drop index users_email`.execute(db);
    await sql`create unique index users_email on users (lower(email)) where status <> 'deleted' and email <> ''`.execute(
      db,
    );
  },
  async down(db: Kysely<unknown>) {
    await sql`drop index users_email`.execute(db);
    await sql`create unique index users_email on users (lower(email)) where status <> 'deleted'`.execute(db);
  },
};
