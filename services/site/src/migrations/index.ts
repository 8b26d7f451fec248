import { type Kysely, type Migration, sql } from 'kysely';

export const siteMigrations: Record<string, Migration> = {
  '20261122_0001_site_settings': {
    async up(db: Kysely<any>) {
      await sql`
        create table site_settings (
          group_name text primary key,
          values jsonb not null,
          stream_version integer not null,
          updated_at timestamptz not null default now()
        )`.execute(db);
    },
  },
};
