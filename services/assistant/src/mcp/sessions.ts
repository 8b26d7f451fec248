import type { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';

interface SseSession {
  transport: SSEServerTransport;
  keyId: number;
}

/** The SSE sessions this instance holds open: a message is taken only with the key that opened its session. */
export class SseSessions {
  private readonly open = new Map<string, SseSession>();

  add(session: SseSession): void {
    this.open.set(session.transport.sessionId, session);
    session.transport.onclose = () => this.open.delete(session.transport.sessionId);
  }

  find(sessionId: string, keyId: number): SSEServerTransport | undefined {
    const session = this.open.get(sessionId);
    return session && session.keyId === keyId ? session.transport : undefined;
  }

  get size(): number {
    return this.open.size;
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.open.values()].map((session) => session.transport.close().catch(() => {})));
    this.open.clear();
  }
}
