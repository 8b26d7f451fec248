import { type Kysely, type Migration, sql } from 'kysely';

export const key = '20261122_0001_mail_outbox';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Rendered mail waiting for (or done with) delivery. `dedupe_key` is the id of the event that asked
    // for the mail, so a replayed or redelivered event never queues it twice. `claim_token` marks the
    // worker that holds a row; `next_attempt_at` doubles as the end of its lease while it is sending.
    await sql`
      create table mail_outbox (
        mail_id bigserial primary key,
        dedupe_key text not null unique,
        template text not null,
        language text not null,
        recipient text not null,
        subject text not null,
        text_body text not null,
        html_body text not null,
        status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
        attempts integer not null default 0,
        next_attempt_at timestamptz not null default now(),
        claim_token uuid,
        last_error text,
        created_at timestamptz not null default now(),
        sent_at timestamptz
      )`.execute(db);
    await sql`
      create index mail_outbox_due on mail_outbox (next_attempt_at, mail_id) where status = 'pending'`.execute(db);
  },
};
