import { type AiConversation, type AiRecord, type Page, type SiteSettings, seconds } from '@agora/contracts';
import { type Db, loadAuthorCards } from '@agora/platform';
import { sql } from 'kysely';

interface RecordRow {
  chat_completion_id: string;
  role: string;
  content: string;
  reasoning_content: string;
  sources: AiRecord['sources'];
  helpful: boolean;
  unhelpful: boolean;
  created_at: Date;
}
interface ConversationRow {
  conversation_id: string;
  user_id: string;
  topic: string;
  created_at: Date;
  updated_at: Date;
}

const recordOf = (row: RecordRow): AiRecord => ({
  chat_completion_id: row.chat_completion_id,
  role: row.role,
  content: row.content,
  reasoning_content: row.reasoning_content,
  helpful: row.helpful ? 1 : 0,
  unhelpful: row.unhelpful ? 1 : 0,
  created_at: seconds(row.created_at),
  sources: row.sources,
});

export async function conversationRow(db: Db, conversationId: string): Promise<ConversationRow | null> {
  const { rows } = await sql<ConversationRow>`
    select conversation_id, user_id, topic, created_at, updated_at from ai_conversations
    where conversation_id = ${conversationId}`.execute(db);
  return rows[0] ?? null;
}

export async function records(db: Db, conversationId: string): Promise<AiRecord[]> {
  const { rows } = await sql<RecordRow>`
    select chat_completion_id, role, content, reasoning_content, sources, helpful, unhelpful, created_at
    from ai_records where conversation_id = ${conversationId} order by position`.execute(db);
  return rows.map(recordOf);
}

/** A member's own conversation with its records; null when missing or another member's (as the reference answers). */
export async function ownConversation(db: Db, userId: string, conversationId: string): Promise<AiConversation | null> {
  const row = await conversationRow(db, conversationId);
  if (!row || row.user_id !== userId) return null;
  return {
    conversation_id: row.conversation_id,
    topic: row.topic,
    records: await records(db, conversationId),
    created_at: seconds(row.created_at),
    updated_at: seconds(row.updated_at),
  };
}

/** `GET ai/conversation/page`: the member's conversations, newest first. */
export async function ownConversations(db: Db, userId: string, page: number, pageSize: number) {
  const [{ rows: counted }, { rows }] = await Promise.all([
    sql<{ n: number }>`select count(*)::int as n from ai_conversations where user_id = ${userId}`.execute(db),
    sql<ConversationRow>`
      select conversation_id, user_id, topic, created_at, updated_at from ai_conversations where user_id = ${userId}
      order by created_at desc, conversation_id desc limit ${pageSize} offset ${(page - 1) * pageSize}`.execute(db),
  ]);
  return {
    count: counted[0]?.n ?? 0,
    list: rows.map((r) => ({ conversation_id: r.conversation_id, topic: r.topic, created_at: seconds(r.created_at) })),
  };
}

/** `GET {admin}/ai/conversation/page`: every conversation, newest first, with its member and its votes. */
export async function allConversations(db: Db, settings: SiteSettings, page: number, pageSize: number) {
  const [{ rows: counted }, { rows }] = await Promise.all([
    sql<{ n: number }>`select count(*)::int as n from ai_conversations`.execute(db),
    sql<ConversationRow & { helpful_count: number; unhelpful_count: number }>`
      select c.conversation_id, c.user_id, c.topic, c.created_at, c.updated_at,
             coalesce(sum(r.helpful::int), 0)::int as helpful_count,
             coalesce(sum(r.unhelpful::int), 0)::int as unhelpful_count
      from (select * from ai_conversations order by created_at desc, conversation_id desc
            limit ${pageSize} offset ${(page - 1) * pageSize}) c
      left join ai_records r on r.conversation_id = c.conversation_id and r.role = 'assistant'
      group by c.conversation_id, c.user_id, c.topic, c.created_at, c.updated_at
      order by c.created_at desc, c.conversation_id desc`.execute(db),
  ]);
  const cards = await loadAuthorCards(
    db,
    rows.map((r) => r.user_id),
    settings,
  );
  return {
    count: counted[0]?.n ?? 0,
    list: rows.map((r) => ({
      id: r.conversation_id,
      topic: r.topic,
      user_info: cards.get(r.user_id),
      helpful_count: r.helpful_count,
      unhelpful_count: r.unhelpful_count,
      created_at: seconds(r.created_at),
    })),
  } satisfies Page<unknown>;
}

/** The conversation a reply belongs to. */
export async function conversationOfReply(db: Db, chatCompletionId: string): Promise<string | null> {
  const { rows } = await sql<{ conversation_id: string }>`
    select conversation_id from ai_records where chat_completion_id = ${chatCompletionId} and role = 'assistant'`.execute(
    db,
  );
  return rows[0]?.conversation_id ?? null;
}

/** How many replies a member was given in the last hour, for the rate the settings allow. */
export async function repliesInLastHour(db: Db, userId: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from ai_records r join ai_conversations c using (conversation_id)
    where c.user_id = ${userId} and r.role = 'assistant' and r.created_at > now() - interval '1 hour'`.execute(db);
  return rows[0]?.n ?? 0;
}
