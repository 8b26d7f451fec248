import { type Actor, executeCommand, redactStreams, type ServiceContext } from '@agora/platform';
import {
  type ConversationCommand,
  conversationDecider,
  conversationStreamId,
  type Turn,
  type Vote,
} from '../domain/conversation/decider';
import { applyOwnEvent } from '../projections/own/read-model';

/** What a purge leaves of a conversation's events: ids, times and votes; no words. */
const CONVERSATION_REDACTIONS = { topic: '', user_content: '', content: '', reasoning_content: '', sources: [] };

/** Conversations with the assistant: a turn recorded once it is answered, votes on replies, an admin's purge. */
export class ConversationCommands {
  constructor(private readonly context: ServiceContext) {}

  private async run(command: ConversationCommand, actorId: string, purge = false): Promise<void> {
    const streamId = conversationStreamId(command.conversationId);
    await executeCommand({
      db: this.context.database.db,
      store: this.context.store,
      streamId,
      decider: conversationDecider,
      command,
      metadata: { actorId },
      project: async (tx, events) => {
        for (const event of events) await applyOwnEvent(tx, event);
        if (purge && events.length > 0) await redactStreams(tx, [streamId], CONVERSATION_REDACTIONS);
      },
    });
    this.context.changes.changed();
  }

  recordTurn(userId: string, conversationId: string, topic: string, turn: Turn): Promise<void> {
    return this.run({ type: 'record_turn', conversationId, userId, topic, turn }, userId);
  }

  vote(actor: Actor, conversationId: string, chatCompletionId: string, vote: Vote): Promise<void> {
    return this.run({ type: 'vote', conversationId, userId: actor.id, chatCompletionId, vote }, actor.id);
  }

  purge(actor: Actor, conversationId: string): Promise<void> {
    return this.run({ type: 'purge', conversationId, actorId: actor.id }, actor.id, true);
  }
}
