import { type Kysely, type Migration, sql } from 'kysely';

export const key = '20261207_0004_conversations';

/** Members' conversations with the assistant and their turns (the inline read model of the conversation events). */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      create table ai_conversations (
        conversation_id text primary key,
        user_id text not null,
        topic text not null,
        created_at timestamptz not null,
        updated_at timestamptz not null
      )`.execute(db);
    await sql`create index ai_conversations_of on ai_conversations (user_id, created_at desc)`.execute(db);
    await sql`create index ai_conversations_newest on ai_conversations (created_at desc, conversation_id desc)`.execute(
      db,
    );
    // Two records a turn, as the reference keeps them: the member's message and the assistant's reply.
    await sql`
      create table ai_records (
        conversation_id text not null,
        chat_completion_id text not null,
        role text not null check (role in ('user', 'assistant')),
        content text not null,
        reasoning_content text not null default '',
        sources jsonb not null default '[]',
        helpful boolean not null default false,
        unhelpful boolean not null default false,
        created_at timestamptz not null,
        position bigint not null,
        primary key (chat_completion_id, role)
      )`.execute(db);
    await sql`create index ai_records_of on ai_records (conversation_id, position)`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table ai_records, ai_conversations`.execute(db);
  },
};
