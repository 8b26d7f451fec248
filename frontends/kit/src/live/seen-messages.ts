import type { LiveMessage } from '@agora/contracts/live/messages';

/** What tells a message apart (docs/adr/0099-live-pages.md): a resume may bring one again at the same position. */
export const messageKey = (message: Pick<LiveMessage, 'topic' | 'source' | 'position'>): string =>
  `${message.topic}\u0000${message.source}\u0000${message.position}`;

/** The messages a tab has had, the most recent `limit` of them: a message seen before is not handed on again. */
export class SeenMessages {
  private readonly keys = new Set<string>();

  constructor(private readonly limit = 5_000) {}

  /** True the first time a message comes; false when it came before. */
  firstTime(message: Pick<LiveMessage, 'topic' | 'source' | 'position'>): boolean {
    const key = messageKey(message);
    if (this.keys.has(key)) return false;
    this.keys.add(key);
    if (this.keys.size > this.limit) {
      const oldest = this.keys.values().next().value;
      if (oldest !== undefined) this.keys.delete(oldest);
    }
    return true;
  }
}
