import type { AiRecord } from '../api/wire';

/** What the member thinks of a reply. */
export type ReplyVote = 'helpful' | 'unhelpful' | 'none';

/** The assistant's reply in a turn, stored or streaming in. */
export interface ChatReply {
  /** Its `chat_completion_id`; '' until the first chunk names it. */
  id: string;
  content: string;
  reasoning: string;
  vote: ReplyVote;
  state: 'streaming' | 'done' | 'stopped';
  /** Whether the conversation holds it yet (only a stored reply can be voted on). */
  stored: boolean;
}

/** One turn: what the member asked and what the assistant answered. */
export interface ChatTurn {
  key: string;
  question: string;
  reply: ChatReply;
}

export const voteOf = (record: Pick<AiRecord, 'helpful' | 'unhelpful'>): ReplyVote =>
  record.helpful > 0 ? 'helpful' : record.unhelpful > 0 ? 'unhelpful' : 'none';

/** A conversation's records (a `user` and an `assistant` record per turn, sharing an id) as turns, in order. */
export function turnsOf(records: readonly AiRecord[]): ChatTurn[] {
  const turns: ChatTurn[] = [];
  for (const record of records) {
    if (record.role === 'user') {
      turns.push({
        key: record.chat_completion_id,
        question: record.content,
        reply: { id: record.chat_completion_id, content: '', reasoning: '', vote: 'none', state: 'done', stored: true },
      });
      continue;
    }
    if (record.role !== 'assistant') continue;
    const reply: ChatReply = {
      id: record.chat_completion_id,
      content: record.content,
      reasoning: record.reasoning_content,
      vote: voteOf(record),
      state: 'done',
      stored: true,
    };
    const last = turns.at(-1);
    if (last && last.reply.id === record.chat_completion_id && !last.reply.content) last.reply = reply;
    else turns.push({ key: `${record.chat_completion_id}-reply`, question: '', reply });
  }
  return turns;
}

/**
 * A reply's text and the failure it ended on, apart: the server ends a reply whose provider failed with a last
 * paragraph `Error: <why>` (the whole reply when nothing came before it).
 */
export function splitReply(content: string): { body: string; error: string } {
  const found = /(?:^|\n\n)Error: ([^\n]+)$/.exec(content);
  if (!found) return { body: content, error: '' };
  return { body: content.slice(0, found.index), error: found[1] ?? '' };
}
