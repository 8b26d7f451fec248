import { type Kysely, type Migration, sql } from 'kysely';

export const key = '20261226_0008_mail_recipient_ids';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Whom a mail is for, when it is a member, and whom it names: a purged member's mails, and the mails naming
    // them, are emptied (docs/adr/0078-purging-in-an-event-sourced-system.md). Mails queued before have neither.
    await sql`alter table mail_outbox add column user_id text`.execute(db);
    await sql`alter table mail_outbox add column about_user_ids text[] not null default '{}'`.execute(db);
    await sql`create index mail_outbox_about on mail_outbox using gin (about_user_ids)`.execute(db);
    await sql`create index mail_outbox_user on mail_outbox (user_id) where user_id is not null`.execute(db);
  },
};
