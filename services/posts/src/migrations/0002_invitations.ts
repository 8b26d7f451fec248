import { type Kysely, type Migration, sql } from 'kysely';

export const key = '20261122_0002_invitations';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table questions add column invited_user_ids jsonb not null default '[]'`.execute(db);
  },
};
