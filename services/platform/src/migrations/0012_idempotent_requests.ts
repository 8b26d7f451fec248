import { type Kysely, type Migration, sql } from 'kysely';
import { CLAIM_LOST_SQLSTATE } from '../idempotency/claim-context';

export const key = '0000_platform_11_idempotent_requests';

/**
 * The keys of idempotent writes (docs/adr/0093-idempotent-writes.md): one row per member and key, claimed before the
 * handler runs, marked `committed` by the statement that appends the write's events, and `done` with the reply.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Updated in place twice (committed, done) and never on an indexed column: room on the page keeps them HOT.
    await sql`
      create table if not exists idempotent_requests (
        caller text not null,
        key text not null,
        request_hash text not null,
        attempt uuid not null,
        holder_pid integer,
        holder_node integer,
        state text not null default 'pending' check (state in ('pending', 'committed', 'done')),
        -- Its attempt answered without a reply to keep (a 5xx): a retry need not wait for it.
        ended boolean not null default false,
        status smallint,
        content_type text,
        body bytea,
        -- Sent as text (a serialised reply), which later hooks may rewrite, or as bytes, which they leave.
        body_is_text boolean not null default false,
        claimed_at timestamptz not null default now(),
        primary key (caller, key)
      ) with (fillfactor = 80)`.execute(db);
    // Rows arrive in time order: a block-range index finds the old ones for the sweep at next to no cost per insert.
    await sql`
      create index if not exists idempotent_requests_claimed_at on idempotent_requests
      using brin (claimed_at)`.execute(db);
    // Fails the statement that would commit a write for an attempt whose claim a retry has taken over.
    await sql`
      create or replace function idempotent_claim_lost() returns boolean language plpgsql as $$
      begin
        raise exception 'the idempotency key was taken over by a later attempt'
          using errcode = ${sql.lit(CLAIM_LOST_SQLSTATE)};
      end $$`.execute(db);
  },
};
