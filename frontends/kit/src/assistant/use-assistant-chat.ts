import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../api/api-error';
import { aiApi } from '../api/calls/ai';
import { newIdempotencyKey as newConversationId } from '../api/idempotency-key';
import { invalidateKeys, queryKeys } from '../api/query-keys';
import type { AiConversation } from '../api/wire';
import { type ChatTurn, type ReplyVote, turnsOf } from './turns';

/** How often, and how long, the conversation is read again after a reply until it holds the reply. */
const STORED_POLL_MS = 500;
const STORED_WAIT_MS = 10_000;

interface LiveTurn {
  conversationId: string;
  turn: ChatTurn;
}

const conversationQuery = (id: string) => ({
  queryKey: queryKeys.aiConversation(id),
  queryFn: () => aiApi.conversation(id),
});

/**
 * Reads the conversation again until it holds the reply (the server records a turn a moment after its last chunk), up
 * to 10 s, whatever the screen does meanwhile; then a new conversation is listed. Shown or not, the cache is current.
 */
async function followRecording(client: QueryClient, conversationId: string, replyId: string, first: boolean) {
  const deadline = Date.now() + STORED_WAIT_MS;
  while (Date.now() < deadline) {
    const data = await client.fetchQuery({ ...conversationQuery(conversationId), staleTime: 0 }).catch(() => undefined);
    if (data?.records.some((record) => record.chat_completion_id === replyId)) {
      if (first) await invalidateKeys(client, queryKeys.aiConversationPages());
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, STORED_POLL_MS));
  }
}

/** Sets a reply's vote in the cached conversation (the counts the server keeps: 1 for the chosen vote, else 0). */
function setCachedVote(client: QueryClient, conversationId: string, replyId: string, vote: ReplyVote) {
  client.setQueryData<AiConversation | null>(queryKeys.aiConversation(conversationId), (data) =>
    data
      ? {
          ...data,
          records: data.records.map((record) =>
            record.role === 'assistant' && record.chat_completion_id === replyId
              ? { ...record, helpful: vote === 'helpful' ? 1 : 0, unhelpful: vote === 'unhelpful' ? 1 : 0 }
              : record,
          ),
        }
      : data,
  );
}

/**
 * A conversation with the AI assistant: its stored turns, the reply streaming in, asking (a new conversation gets a
 * client-chosen id, handed to `onStarted` once its reply starts so the owner can show it), stopping, voting, and why
 * the last question was refused. `conversationId` undefined is a new conversation.
 */
export function useAssistantChat({
  conversationId,
  onStarted,
}: {
  conversationId?: string;
  onStarted?: (id: string) => void;
}) {
  const client = useQueryClient();
  // The id of a conversation just started, until the owner hands it back as `conversationId`.
  const [started, setStarted] = useState<string | null>(null);
  const id = conversationId ?? started ?? undefined;
  const [live, setLive] = useState<LiveTurn | null>(null);
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const controller = useRef<AbortController | null>(null);

  const liveHere = live && live.conversationId === id ? live : null;
  const stored = useQuery({ ...conversationQuery(id ?? ''), enabled: Boolean(id) });

  const turns = useMemo(() => {
    const kept = turnsOf(stored.data?.records ?? []);
    if (!liveHere) return kept;
    const { reply } = liveHere.turn;
    const held = reply.id !== '' && kept.some((turn) => turn.reply.id === reply.id);
    // Keyed by its reply's id as the stored turn will be, so the stored one takes its place without a redraw.
    if (!held) return [...kept, { ...liveHere.turn, key: reply.id || liveHere.turn.key }];
    // A reply stopped midway is kept as far as it came: it still says it was stopped.
    if (reply.state !== 'stopped') return kept;
    return kept.map((turn) =>
      turn.reply.id === reply.id ? { ...turn, reply: { ...turn.reply, state: reply.state } } : turn,
    );
  }, [stored.data, liveHere]);

  const stop = useCallback(() => controller.current?.abort(), []);

  // The owner shows the conversation started: from then on, its `conversationId` says which one is shown (none: a
  // new one).
  useEffect(() => {
    if (conversationId) setStarted(null);
  }, [conversationId]);

  // Another conversation shown: the reply of the one left stops, and what was refused there is forgotten.
  useEffect(() => {
    if (live && live.conversationId !== id) {
      controller.current?.abort();
      setLive(null);
    }
  }, [id, live]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: forgotten whenever the conversation changes
  useEffect(() => setRefusal(null), [id]);
  useEffect(() => () => controller.current?.abort(), []);

  const streaming = liveHere?.turn.reply.state === 'streaming';

  /** Asks `question`; false when it was refused before any reply (`refusal` says why). */
  const ask = async (question: string): Promise<boolean> => {
    if (streaming) return false;
    const conversation = id ?? newConversationId();
    const first = !stored.data;
    // The owner shows a new conversation once its reply starts: a refused question leaves nothing to show.
    let announce = !id;
    if (!id) setStarted(conversation);
    const abort = new AbortController();
    controller.current = abort;
    setRefusal(null);
    const update = (change: (turn: ChatTurn) => ChatTurn) =>
      setLive((current) =>
        current && current.conversationId === conversation ? { ...current, turn: change(current.turn) } : current,
      );
    let replyId = '';
    setLive({
      conversationId: conversation,
      turn: {
        key: `live-${Date.now()}`,
        question,
        reply: { id: '', content: '', reasoning: '', vote: 'none', state: 'streaming', stored: false },
      },
    });
    let answered = true;
    try {
      await aiApi.chat(
        { conversation_id: conversation, messages: [{ role: 'user', content: question }] },
        {
          signal: abort.signal,
          onDelta: (delta) => {
            if (announce) {
              announce = false;
              onStarted?.(conversation);
            }
            replyId = delta.chatCompletionId;
            update((turn) => ({
              ...turn,
              reply: {
                ...turn.reply,
                id: delta.chatCompletionId,
                content: turn.reply.content + delta.content,
                reasoning: turn.reply.reasoning + delta.reasoning,
              },
            }));
          },
        },
      );
      update((turn) => ({ ...turn, reply: { ...turn.reply, state: abort.signal.aborted ? 'stopped' : 'done' } }));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setRefusal(error);
      // A refusal before the reply takes the question back; a connection lost midway keeps what came.
      if (error.status !== 0) {
        answered = false;
        setLive((current) => (current?.conversationId === conversation ? null : current));
      } else update((turn) => ({ ...turn, reply: { ...turn.reply, state: 'stopped' } }));
    } finally {
      if (controller.current === abort) controller.current = null;
    }
    if (answered && replyId) void followRecording(client, conversation, replyId, first);
    return answered;
  };

  /** The member's vote on a stored reply: choosing the vote it has takes it back. */
  const vote = async (replyId: string, current: ReplyVote, chosen: Exclude<ReplyVote, 'none'>) => {
    if (!id) return;
    const next: ReplyVote = current === chosen ? 'none' : chosen;
    setCachedVote(client, id, replyId, next);
    try {
      await aiApi.vote({
        chat_completion_id: replyId,
        vote_type: chosen,
        ...(next === 'none' ? { cancel: true } : {}),
      });
    } catch {
      // The API client showed why; the vote goes back to what it was.
      setCachedVote(client, id, replyId, current);
    }
  };

  return {
    conversationId: id,
    turns,
    loading: Boolean(id) && stored.isPending && !liveHere,
    streaming,
    refusal,
    ask,
    stop,
    vote,
  };
}

export type AssistantChatState = ReturnType<typeof useAssistantChat>;
