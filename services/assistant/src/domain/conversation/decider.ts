import type { ConversationPurged, ConversationStarted, EventOf, ReplyVoted, TurnRecorded } from '@agora/contracts';
import { type Decider, errors } from '@agora/platform';

export type ConversationEvent =
  | EventOf<typeof ConversationStarted>
  | EventOf<typeof TurnRecorded>
  | EventOf<typeof ReplyVoted>
  | EventOf<typeof ConversationPurged>;

export type Turn = Omit<EventOf<typeof TurnRecorded>['data'], 'conversation_id'>;
export type Vote = EventOf<typeof ReplyVoted>['data']['vote'];

export interface ConversationState {
  userId: string | null;
  purged: boolean;
  turns: ReadonlySet<string>;
  votes: ReadonlyMap<string, Vote>;
}

export type ConversationCommand =
  | { type: 'record_turn'; conversationId: string; userId: string; topic: string; turn: Turn }
  | { type: 'vote'; conversationId: string; userId: string; chatCompletionId: string; vote: Vote }
  | { type: 'purge'; conversationId: string; actorId: string };

export const conversationStreamId = (conversationId: string) => `ai-conversation-${conversationId}`;

/** A member's conversation with the assistant: theirs alone, turn after turn, until an admin purges it. */
export const conversationDecider: Decider<ConversationState, ConversationCommand, ConversationEvent> = {
  initialState: () => ({ userId: null, purged: false, turns: new Set(), votes: new Map() }),
  evolve(state, event) {
    switch (event.type) {
      case 'assistant.conversation_started':
        return { ...state, userId: event.data.user_id };
      case 'assistant.turn_recorded':
        return { ...state, turns: new Set([...state.turns, event.data.chat_completion_id]) };
      case 'assistant.reply_voted':
        return { ...state, votes: new Map([...state.votes, [event.data.chat_completion_id, event.data.vote]]) };
      case 'assistant.conversation_purged':
        return { ...state, purged: true };
    }
  },
  decide(command, state) {
    if (state.purged) throw errors.notFound();
    switch (command.type) {
      case 'record_turn': {
        if (state.userId !== null && state.userId !== command.userId) throw errors.forbidden();
        if (state.turns.has(command.turn.chat_completion_id)) return [];
        const turn: ConversationEvent = {
          type: 'assistant.turn_recorded',
          data: { conversation_id: command.conversationId, ...command.turn },
        };
        if (state.userId !== null) return [turn];
        return [
          {
            type: 'assistant.conversation_started',
            data: { conversation_id: command.conversationId, user_id: command.userId, topic: command.topic },
          },
          turn,
        ];
      }
      case 'vote': {
        if (state.userId === null || !state.turns.has(command.chatCompletionId)) {
          throw errors.fields({ field: 'chat_completion_id', key: 'validation.invalid' });
        }
        if (state.userId !== command.userId) throw errors.forbidden();
        if ((state.votes.get(command.chatCompletionId) ?? 'none') === command.vote) return [];
        return [
          {
            type: 'assistant.reply_voted',
            data: {
              conversation_id: command.conversationId,
              chat_completion_id: command.chatCompletionId,
              vote: command.vote,
            },
          },
        ];
      }
      case 'purge':
        if (state.userId === null) throw errors.notFound();
        return [
          {
            type: 'assistant.conversation_purged',
            data: { conversation_id: command.conversationId, user_id: state.userId, actor_id: command.actorId },
          },
        ];
    }
  },
};
