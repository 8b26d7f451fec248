import type { Db, ServiceContext } from '@agora/platform';
import type { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { sql } from 'kysely';

interface SseSession {
  transport: SSEServerTransport;
  keyId: number;
}

/** The keyed announcements a relayed message travels by (the change feed's channel, which every replica listens on). */
const RELAY_TOPIC = 'mcp-relay';
/** What a notification may carry (PostgreSQL's limit is 8,000 bytes, with the topic's prefix). */
const RELAY_MAX_BYTES = 7000;
/** Sessions left behind by a replica that died are forgotten after a day. */
const STALE_SESSIONS = '1 day';

export type Delivery = 'here' | 'relayed' | 'unknown' | 'too-large';

/**
 * The MCP SSE sessions: each held open by the replica that answered its GET, known to all in `mcp_sessions`. A message
 * is taken only with the key that opened its session; one that reaches another replica is relayed to the holder over
 * PostgreSQL's notifications (docs/adr/0096-the-assistant-service.md).
 */
export class SseSessions {
  private readonly open = new Map<string, SseSession>();

  constructor(private readonly context: ServiceContext) {}

  private get db(): Db {
    return this.context.database.db;
  }

  /** Hears messages relayed by the other replicas. */
  listen(): void {
    this.context.changes.onKeyChanged(RELAY_TOPIC, (payload) => {
      let relayed: { sessionId: string; keyId: number; message: JSONRPCMessage };
      try {
        relayed = JSON.parse(payload);
      } catch {
        return;
      }
      const session = this.open.get(relayed.sessionId);
      if (!session || session.keyId !== relayed.keyId) return;
      void session.transport.handleMessage(relayed.message).catch((error) => {
        this.context.log.warn({ err: error }, 'mcp: a relayed message failed');
      });
    });
  }

  async add(session: SseSession): Promise<void> {
    const id = session.transport.sessionId;
    this.open.set(id, session);
    session.transport.onclose = () => {
      this.open.delete(id);
      void sql`delete from mcp_sessions where session_id = ${id}`.execute(this.db).catch(() => {});
    };
    await sql`delete from mcp_sessions where opened_at < now() - ${STALE_SESSIONS}::interval`.execute(this.db);
    await sql`insert into mcp_sessions (session_id, key_id) values (${id}, ${session.keyId})`.execute(this.db);
  }

  /** This replica's transport of a session opened with this key. */
  find(sessionId: string, keyId: number): SSEServerTransport | undefined {
    const session = this.open.get(sessionId);
    return session && session.keyId === keyId ? session.transport : undefined;
  }

  /** A message for a session another replica holds, sent on to it; `unknown` when no replica holds it for this key. */
  async relay(sessionId: string, keyId: number, message: unknown): Promise<Delivery> {
    const { rows } = await sql<{ key_id: number }>`
      select key_id from mcp_sessions where session_id = ${sessionId}`.execute(this.db);
    if (rows[0]?.key_id !== keyId) return 'unknown';
    const payload = JSON.stringify({ sessionId, keyId, message });
    if (Buffer.byteLength(payload) > RELAY_MAX_BYTES) return 'too-large';
    await sql`select pg_notify('agora_read_model_changes', current_schema() || ${`/${RELAY_TOPIC}#`} || ${payload})`.execute(
      this.db,
    );
    return 'relayed';
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.open.values()].map((session) => session.transport.close().catch(() => {})));
    this.open.clear();
  }
}
